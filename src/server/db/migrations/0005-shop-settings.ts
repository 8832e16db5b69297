// Frozen in time: never import application code here.
//
// The shop's own settings: one row of settings per shop (name, postage, how to pay, the bill's
// greeting and closing) and the postage frozen into each order that has left Aktiv, so history stays true
// when PostNord raises its prices.
//
// The numbers repeat src/shared/domain/limits.ts as it was when this migration was written: postage 0–100.000
// øre (1.000 kr), shop name 1–120 characters, bill texts 1–500 characters, MobilePay number 8 digits,
// MobilePay Box 5 digits, bank registration 4 digits, account 1–10 digits. The defaults are today's: the shop
// is called Nålepuden, postage 53 kr, 73 kr with home delivery.
//
// shop_settings is a new table, so both engines get real CHECK constraints; its primary key `id` must be 1,
// so a second row is impossible. orders.postage_ore is a new nullable column: SQLite can add a column with a
// CHECK (tested against the existing rows, all NULL at that moment), so no trigger is needed there either.
// Orders that are not active today get their postage now, by today's rule, so their totals stay as they were.
//
// shop_settings joins the versioned tables of 0003 (its version is part of the ETag of every answer that shows
// postage, so a changed postage is never answered with 304).
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const MAX_POSTAGE_ORE = 100_000;
const MAX_SHOP_NAME_LENGTH = 120;
const MAX_BILL_TEXT_LENGTH = 500;
const POSTAGE_ORE = 5300;
const POSTAGE_HOME_ORE = 7300;

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `column` is null or exactly (or, with `max`, 1 to) `digits` digits, in each engine's own words. */
function digitsCheck(pg: boolean, column: string, digits: number, exact: boolean): string {
  if (pg) return `${column} is null or ${column} ~ '^[0-9]{${exact ? digits : `1,${digits}`}}$'`;
  const length = exact ? `length(${column}) = ${digits}` : `length(${column}) between 1 and ${digits}`;
  return `${column} is null or (${length} and ${column} not glob '*[^0-9]*')`;
}

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const postageOk = (column: string) => `${column} between 0 and ${MAX_POSTAGE_ORE}`;
  const textOk = (column: string) =>
    `${column} is null or length(${column}) between 1 and ${MAX_BILL_TEXT_LENGTH}`;
  await sql
    .raw(
      `create table shop_settings (
        id integer primary key check (id = 1),
        shop_name text not null default 'Nålepuden' check (length(shop_name) between 1 and ${MAX_SHOP_NAME_LENGTH}),
        postage_ore integer not null default ${POSTAGE_ORE} check (${postageOk('postage_ore')}),
        postage_home_ore integer not null default ${POSTAGE_HOME_ORE} check (${postageOk('postage_home_ore')}),
        mobilepay_number text check (${digitsCheck(pg, 'mobilepay_number', 8, true)}),
        mobilepay_box text check (${digitsCheck(pg, 'mobilepay_box', 5, true)}),
        bank_reg text check (${digitsCheck(pg, 'bank_reg', 4, true)}),
        bank_account text check (${digitsCheck(pg, 'bank_account', 10, false)}),
        bill_greeting text check (${textOk('bill_greeting')}),
        bill_closing text check (${textOk('bill_closing')}),
        updated_at text not null
      )`,
    )
    .execute(db);
  await db.insertInto('shop_settings').values({ id: 1, updated_at: new Date().toISOString() }).execute();

  await sql
    .raw(
      `alter table orders add column postage_ore integer check (postage_ore is null or ${postageOk('postage_ore')})`,
    )
    .execute(db);
  // Today's rule for the orders that have left Aktiv: what they were billed stays what they show.
  await sql
    .raw(
      `update orders set postage_ore = case when home_delivery ${pg ? '' : '<> 0'} then ${POSTAGE_HOME_ORE} else ${POSTAGE_ORE} end where status <> 'active'`,
    )
    .execute(db);

  // The versioned tables of 0003.
  await db.insertInto('table_versions').values({ table_name: 'shop_settings', version: 0 }).execute();
  if (pg) {
    await sql
      .raw(
        'create trigger shop_settings_version after insert or update or delete or truncate on shop_settings for each statement execute function bump_table_version()',
      )
      .execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(
        `create trigger shop_settings_version_${event} after ${event} on shop_settings begin update table_versions set version = version + 1 where table_name = 'shop_settings'; end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists shop_settings_version on shop_settings`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists shop_settings_version_${event}`).execute(db);
    }
  }
  await db.deleteFrom('table_versions').where('table_name', '=', 'shop_settings').execute();
  await db.schema.alterTable('orders').dropColumn('postage_ore').execute();
  await db.schema.dropTable('shop_settings').execute();
}
