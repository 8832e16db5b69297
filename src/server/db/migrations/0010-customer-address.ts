// Frozen in time: never import application code here.
//
// Parcels: a structured postal address on the customer instead of one free-text field.
//   - address (kept): 'Adresse', street, number, floor and door; still 1–300 characters in the database, because
//     an old address that cannot be read stays in it exactly as it was;
//   - address2: 'Ekstra adresselinje' (c/o, a supplementary town name), 1–54 characters;
//   - postcode: 'Postnr.', 1–10 characters; in Denmark 4 digits, 1000–9999;
//   - city: 'By', 1–40 characters;
//   - country_code: 'Land', ISO 3166-1 alpha-2 (two capital letters), 'DK' by default;
//   - address_needs_check: 'Tjek adressen', true while an old address could not be read (until she saves it).
// As in 0006, PostgreSQL gets CHECK constraints and SQLite triggers that RAISE(ABORT) on insert and update.
//
// Each customer's free text is read as src/shared/domain/address.ts read it when this was written (repeated below
// as `parse`; a test holds the two equal): a last line 'NNNN By' becomes postcode and city and the one or two
// lines before it address and address2; one line 'Vej 1, NNNN By' the same. Anything else stays in address as it
// was, marked for a check. Down folds the fields back into one text.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const MAX_LINE = 54;
const MAX_CITY = 40;
const MAX_POSTCODE = 10;

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

export type ParsedAddress = {
  address: string;
  address2: string | null;
  postcode: string | null;
  city: string | null;
  needsCheck: boolean;
};

const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;
const CITY = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const POSTCODE_CITY = /^([1-9][0-9]{3})\s+(\S.*)$/u;
const ONE_LINE = /^(.*\S)\s*,\s*([1-9][0-9]{3})\s+(\S.*)$/u;

/** The free text read into the fields, or null for text that holds nothing. */
export function parse(text: string): ParsedAddress | null {
  const lines = text
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return null;
  const unread = { address: text, address2: null, postcode: null, city: null, needsCheck: true };
  let before: string[];
  let postcode: string;
  let city: string;
  const last = POSTCODE_CITY.exec(lines[lines.length - 1]!);
  const oneLine = lines.length === 1 ? ONE_LINE.exec(lines[0]!) : null;
  if (last && lines.length > 1) {
    before = lines.slice(0, -1);
    postcode = last[1]!;
    city = last[2]!.trim();
  } else if (oneLine) {
    before = [oneLine[1]!];
    postcode = oneLine[2]!;
    city = oneLine[3]!.trim();
  } else {
    return unread;
  }
  const readable =
    before.length <= 2 &&
    before.every((line) => [...line].length <= MAX_LINE) &&
    CITY.test(city) &&
    [...city].length <= MAX_CITY;
  if (!readable) return unread;
  return { address: before[0]!, address2: before[1] ?? null, postcode, city, needsCheck: false };
}

const PG_CHECKS: Array<[string, string]> = [
  ['customers_address2_valid', `address2 is null or length(address2) between 1 and ${MAX_LINE}`],
  ['customers_city_valid', `city is null or length(city) between 1 and ${MAX_CITY}`],
  ['customers_country_valid', `country_code ~ '^[A-Z]{2}$'`],
  [
    'customers_postcode_valid',
    `postcode is null or (length(postcode) between 1 and ${MAX_POSTCODE}` +
      ` and (country_code <> 'DK' or postcode ~ '^[1-9][0-9]{3}$'))`,
  ],
];

const SQLITE_VIOLATED = [
  `(new.address2 is not null and length(new.address2) not between 1 and ${MAX_LINE})`,
  `(new.city is not null and length(new.city) not between 1 and ${MAX_CITY})`,
  `(new.country_code is null or new.country_code not glob '[A-Z][A-Z]')`,
  `(new.postcode is not null and (length(new.postcode) not between 1 and ${MAX_POSTCODE}` +
    ` or (new.country_code = 'DK' and new.postcode not glob '[1-9][0-9][0-9][0-9]')))`,
].join(' or ');

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  for (const column of ['address2', 'postcode', 'city'] as const) {
    await db.schema.alterTable('customers').addColumn(column, 'text').execute();
  }
  await sql`alter table customers add column country_code text not null default 'DK'`.execute(db);
  await sql`alter table customers add column address_needs_check boolean not null default false`.execute(db);

  const rows: Array<{ id: string; address: string }> = await db
    .selectFrom('customers')
    .select(['id', 'address'])
    .where('address', 'is not', null)
    .execute();
  for (const row of rows) {
    const parsed = parse(row.address);
    if (parsed === null) {
      // Only blanks: no address (0006 allowed no such value, but a hand-edited row might hold one).
      await db.updateTable('customers').set({ address: null }).where('id', '=', row.id).execute();
      continue;
    }
    if (parsed.needsCheck) {
      await db.updateTable('customers').set({ address_needs_check: 1 }).where('id', '=', row.id).execute();
      continue;
    }
    await db
      .updateTable('customers')
      .set({
        address: parsed.address,
        address2: parsed.address2,
        postcode: parsed.postcode,
        city: parsed.city,
      })
      .where('id', '=', row.id)
      .execute();
  }

  if (isPostgres(db)) {
    for (const [name, check] of PG_CHECKS) {
      await sql`alter table customers add constraint ${sql.id(name)} check (${sql.raw(check)})`.execute(db);
    }
    return;
  }
  for (const event of ['insert', 'update'] as const) {
    await sql
      .raw(
        `create trigger customers_address_${event} before ${event} on customers when ${SQLITE_VIOLATED} ` +
          `begin select raise(abort, 'CHECK constraint failed: customers_address'); end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const [name] of PG_CHECKS) {
      await sql`alter table customers drop constraint ${sql.id(name)}`.execute(db);
    }
  } else {
    for (const event of ['insert', 'update']) {
      await sql.raw(`drop trigger customers_address_${event}`).execute(db);
    }
  }
  // Back into one text: the lines as a label lists them, the country's code when it is not Denmark.
  const rows: Array<{
    id: string;
    address: string | null;
    address2: string | null;
    postcode: string | null;
    city: string | null;
    country_code: string;
  }> = await db
    .selectFrom('customers')
    .select(['id', 'address', 'address2', 'postcode', 'city', 'country_code'])
    .where((eb) =>
      eb.or([eb('address2', 'is not', null), eb('postcode', 'is not', null), eb('city', 'is not', null)]),
    )
    .execute();
  for (const row of rows) {
    const lines = [
      row.address,
      row.address2,
      [row.postcode, row.city].filter(Boolean).join(' '),
      row.country_code === 'DK' ? null : row.country_code,
    ].filter((line): line is string => Boolean(line));
    await db
      .updateTable('customers')
      .set({ address: lines.join('\n').slice(0, 300) })
      .where('id', '=', row.id)
      .execute();
  }
  for (const column of ['address_needs_check', 'country_code', 'city', 'postcode', 'address2']) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
}
