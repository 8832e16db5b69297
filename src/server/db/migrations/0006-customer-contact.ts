// Frozen in time: never import application code here.
//
// Customers she can look after: optional contact details on a customer (phone, e-mail, address)
// and archiving (archived_at: when she was archived, null while she is in the lists). Every column is
// nullable; an empty value is stored as null, never as ''.
//
// The limits repeat src/shared/domain/limits.ts as it was when this migration was written:
//   - phone: 1–30 characters, only digits, spaces, '+' and '-';
//   - e-mail: 3–254 characters, no whitespace, one '@' with something before it and a dot after it;
//   - address: 1–300 characters (line breaks allowed).
// As in 0002, PostgreSQL gets CHECK constraints and SQLite (which cannot add a CHECK to a table) triggers that
// RAISE(ABORT) on insert and update.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const MAX_PHONE_LENGTH = 30;
const MAX_EMAIL_LENGTH = 254;
const MAX_ADDRESS_LENGTH = 300;

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const COLUMNS = ['phone', 'email', 'address', 'archived_at'] as const;

const PG_CHECKS: Array<[string, string]> = [
  [
    'customers_phone_valid',
    `phone is null or (length(phone) between 1 and ${MAX_PHONE_LENGTH} and phone ~ '^[0-9 +-]+$')`,
  ],
  [
    'customers_email_valid',
    `email is null or (length(email) <= ${MAX_EMAIL_LENGTH} and email ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$')`,
  ],
  ['customers_address_valid', `address is null or length(address) between 1 and ${MAX_ADDRESS_LENGTH}`],
];

// SQLite has no regular expressions by default: GLOB's character classes and instr() say the same.
const SQLITE_VIOLATED = [
  `(new.phone is not null and (length(new.phone) not between 1 and ${MAX_PHONE_LENGTH} or new.phone glob '*[^0-9 +-]*'))`,
  `(new.email is not null and (length(new.email) > ${MAX_EMAIL_LENGTH}` +
    ` or new.email glob '*[ ${'\t'}${'\n'}${'\r'}]*'` +
    ` or instr(new.email, '@') < 2` +
    ` or instr(substr(new.email, instr(new.email, '@') + 1), '@') > 0` +
    ` or substr(new.email, instr(new.email, '@') + 1) not glob '?*.?*'))`,
  `(new.address is not null and length(new.address) not between 1 and ${MAX_ADDRESS_LENGTH})`,
].join(' or ');

export async function up(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('customers').addColumn(column, 'text').execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name, check] of PG_CHECKS) {
      await sql`alter table customers add constraint ${sql.id(name)} check (${sql.raw(check)})`.execute(db);
    }
    return;
  }
  for (const event of ['insert', 'update'] as const) {
    await sql
      .raw(
        `create trigger customers_contact_${event} before ${event} on customers when ${SQLITE_VIOLATED} ` +
          `begin select raise(abort, 'CHECK constraint failed: customers_contact'); end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name] of PG_CHECKS) {
      await sql`alter table customers drop constraint ${sql.id(name)}`.execute(db);
    }
  } else {
    for (const event of ['insert', 'update']) {
      await sql.raw(`drop trigger customers_contact_${event}`).execute(db);
    }
  }
  for (const column of [...COLUMNS].reverse()) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
}
