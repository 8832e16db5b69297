// Frozen in time: never import application code here.
//
// Trust: the database guards the shop's limits itself, so nothing (an import, a script, a bug) can
// store a row that later breaks a screen; and bead names become unique ignoring case (docs/product/beads.md)
// through beads.name_key, like customers.name_key.
//
// The numbers repeat src/shared/domain/limits.ts as it was when this migration was written:
// names ≤ 120 characters, prices 0–10.000.000 øre (100.000 kr), a todo's amount 1–999.
//
// Existing rows are brought within the limits first (each fix is the gentlest that keeps the row):
//   - names are cleaned like src/shared/domain/names.ts (invisible and direction characters removed, NFC,
//     whitespace collapsed) and cut to 120 characters;
//   - two beads (or customers) whose cleaned names are equal ignoring case (Danish lower case, computed
//     here in JS because SQLite's lower() only knows ASCII): the later one (created_at, then id) is renamed
//     with a suffix ' (2)', ' (3)', … — the same rule the import uses;
//   - prices above 100.000 kr are lowered to 100.000 kr (the owner sees an obviously wrong price and fixes it
//     with Ændré Pris; a price above 2^53 øre could not even be read back);
//   - todo amounts above 999 are lowered to 999; order lines' unknown sale types are cleared.
//
// SQLite cannot add a CHECK to an existing table, and rebuilding beads/customers would fire the foreign keys'
// ON DELETE CASCADE of todos and orders when the old table is dropped; so on SQLite the checks are triggers
// that RAISE(ABORT) on insert and update. PostgreSQL gets real CHECK constraints. SQLite keeps the old
// exact-match unique index on beads.name (it cannot be dropped without a rebuild); it never refuses a row
// that beads_name_key_uq accepts, since equal names have equal keys.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const MAX_NAME_LENGTH = 120;
const MAX_PRICE_ORE = 10_000_000;
const MAX_TODO_AMOUNT = 999;
const SALE_TYPES_SQL = "('2 for 125')";

// Kysely's own advice for migrations: the schema of the day is not the app's Database type.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

function clean(name: string): string {
  return name.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Cuts to at most `max` characters (code points, as the database's length() counts), trimming again. */
function clip(name: string, max: number): string {
  const chars = [...name];
  return chars.length <= max ? name : chars.slice(0, max).join('').trim();
}

const keyOf = (name: string) => name.toLocaleLowerCase('da');

type NamedRow = { id: string; name: string; name_key?: string | null };

/** Clean, clipped names with unique keys, in creation order: the later of two equal names gets a suffix. */
function planNames(rows: readonly NamedRow[]): Array<{ id: string; name: string; key: string }> {
  const taken = new Set<string>();
  const planned: Array<{ id: string; name: string; key: string }> = [];
  for (const row of rows) {
    const base = clip(clean(row.name), MAX_NAME_LENGTH) || '?';
    let name = base;
    for (let n = 2; taken.has(keyOf(name)); n++) {
      const suffix = ` (${n})`;
      name = `${clip(base, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    }
    taken.add(keyOf(name));
    planned.push({ id: row.id, name, key: keyOf(name) });
  }
  return planned;
}

/**
 * Writes the planned names and keys in two passes (first a unique placeholder), so that renaming one row
 * never collides with another row's old name or key on the way.
 */
async function applyNames(db: AnyDb, table: 'customers' | 'beads', rows: readonly NamedRow[]) {
  const planned = planNames(rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const changed = planned.filter(
    (p) => byId.get(p.id)?.name !== p.name || byId.get(p.id)?.name_key !== p.key,
  );
  for (const p of changed) {
    const placeholder = `migrating ${p.id}`.slice(0, MAX_NAME_LENGTH);
    await db
      .updateTable(table)
      .set({ name: placeholder, name_key: placeholder })
      .where('id', '=', p.id)
      .execute();
  }
  for (const p of changed) {
    await db.updateTable(table).set({ name: p.name, name_key: p.key }).where('id', '=', p.id).execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);

  // beads.name_key: nullable first (PostgreSQL), filled below, then required and unique.
  if (pg) await sql`alter table beads add column name_key text`.execute(db);
  else await sql`alter table beads add column name_key text not null default ''`.execute(db);

  const byAge = (table: 'customers' | 'beads') =>
    db.selectFrom(table).select(['id', 'name', 'name_key']).orderBy('created_at').orderBy('id').execute();
  await applyNames(db, 'customers', await byAge('customers'));
  await applyNames(db, 'beads', await byAge('beads'));

  await sql`update beads set price_ore = ${sql.lit(MAX_PRICE_ORE)} where price_ore > ${sql.lit(MAX_PRICE_ORE)}`.execute(
    db,
  );
  await sql`update order_lines set price_ore = ${sql.lit(MAX_PRICE_ORE)} where price_ore > ${sql.lit(MAX_PRICE_ORE)}`.execute(
    db,
  );
  await sql`update order_lines set sale_type = null where sale_type not in ${sql.raw(SALE_TYPES_SQL)}`.execute(
    db,
  );
  await sql`update todos set amount = ${sql.lit(MAX_TODO_AMOUNT)} where amount > ${sql.lit(MAX_TODO_AMOUNT)}`.execute(
    db,
  );

  await sql`create unique index beads_name_key_uq on beads (name_key)`.execute(db);

  const nameOk = `length(name) <= ${MAX_NAME_LENGTH}`;
  const priceOk = (column: string) => `${column} between 0 and ${MAX_PRICE_ORE}`;
  const amountOk = `amount between 1 and ${MAX_TODO_AMOUNT}`;
  const lineSaleTypeOk = `sale_type is null or sale_type in ${SALE_TYPES_SQL}`;

  if (pg) {
    await sql`alter table beads alter column name_key set not null`.execute(db);
    // The exact-match unique constraint of 0001 is replaced by the case-insensitive name_key.
    await sql`alter table beads drop constraint if exists beads_name_key`.execute(db);
    await sql`create index beads_name_idx on beads (name)`.execute(db);
    const checks: Array<[string, string, string]> = [
      ['customers', 'customers_name_length', nameOk],
      ['beads', 'beads_name_length', nameOk],
      ['beads', 'beads_name_key_present', "name_key <> ''"],
      ['beads', 'beads_price_range', priceOk('price_ore')],
      ['todos', 'todos_amount_range', amountOk],
      ['order_lines', 'order_lines_price_range', `price_ore is null or ${priceOk('price_ore')}`],
      ['order_lines', 'order_lines_sale_type', lineSaleTypeOk],
    ];
    for (const [table, name, check] of checks) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} check (${sql.raw(check)})`.execute(
        db,
      );
    }
    return;
  }

  // SQLite: one trigger per table and event; `new` is the row being written.
  const guards: Array<[string, string, string]> = [
    ['customers', 'customers_limits', `length(new.name) > ${MAX_NAME_LENGTH}`],
    [
      'beads',
      'beads_limits',
      `length(new.name) > ${MAX_NAME_LENGTH} or new.name_key = '' or not (new.price_ore between 0 and ${MAX_PRICE_ORE})`,
    ],
    ['todos', 'todos_limits', `not (new.amount between 1 and ${MAX_TODO_AMOUNT})`],
    [
      'order_lines',
      'order_lines_limits',
      `(new.price_ore is not null and not (new.price_ore between 0 and ${MAX_PRICE_ORE})) or not (new.sale_type is null or new.sale_type in ${SALE_TYPES_SQL})`,
    ],
  ];
  for (const [table, name, violated] of guards) {
    for (const event of ['insert', 'update'] as const) {
      await sql
        .raw(
          `create trigger ${name}_${event} before ${event} on ${table} when ${violated} ` +
            `begin select raise(abort, 'CHECK constraint failed: ${name}'); end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const [table, name] of [
      ['customers', 'customers_name_length'],
      ['beads', 'beads_name_length'],
      ['beads', 'beads_name_key_present'],
      ['beads', 'beads_price_range'],
      ['todos', 'todos_amount_range'],
      ['order_lines', 'order_lines_price_range'],
      ['order_lines', 'order_lines_sale_type'],
    ] as const) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    }
    await sql`drop index beads_name_idx`.execute(db);
    await sql`alter table beads add constraint beads_name_key unique (name)`.execute(db);
  } else {
    for (const name of ['customers_limits', 'beads_limits', 'todos_limits', 'order_lines_limits']) {
      for (const event of ['insert', 'update']) await sql.raw(`drop trigger ${name}_${event}`).execute(db);
    }
  }
  await sql`drop index beads_name_key_uq`.execute(db);
  await sql`alter table beads drop column name_key`.execute(db);
}
