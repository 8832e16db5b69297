// Frozen in time: never import application code here.
//
// Texts that go out (docs/product/messages.md#texts-that-go-out):
//
//   orders.tracking_number          'Pakkenummer': the parcel's number at the carrier, typed, pasted or read from
//                                   the shipping service's export; 1–40 letters (capitals), digits and dashes, or
//                                   null (none yet).
//   shop_settings.carrier           Indstillinger → Beskeder's 'Jeg sender med': 'postnord' (today's default),
//                                   'gls', 'dao' or 'own' ('Egen').
//   shop_settings.tracking_url_*    each carrier's tracking link with {pakkenummer} in it, at most 300 characters;
//                                   null = the carrier's own page (the app's default; 'Egen' has none).
//   shop_settings.message_shipped   'Din pakke er sendt' and 'Din perle er kommet' as she wrote them, 1–500
//   shop_settings.message_arrived   characters; null = the app's default text.
//
// The numbers repeat src/shared/domain/limits.ts as it was when this was written. Both engines add a column with
// a CHECK (and a NOT NULL default) to existing rows, so no trigger is needed; the checks are written so both read
// them alike (SQLite's length() and PostgreSQL's count characters; the pattern is checked by the app, the
// capitals and the alphabet by both: SQLite with GLOB, PostgreSQL with a regular expression).
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const MAX_TRACKING_NUMBER_LENGTH = 40;
const MAX_TRACKING_URL_LENGTH = 300;
const MAX_MESSAGE_TEMPLATE_LENGTH = 500;
const CARRIERS = "('postnord', 'gls', 'dao', 'own')";
const URL_COLUMNS = ['tracking_url_postnord', 'tracking_url_gls', 'tracking_url_dao', 'tracking_url_own'];
const MESSAGE_COLUMNS = ['message_shipped', 'message_arrived'];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const alphabet = pg ? "tracking_number ~ '^[A-Z0-9-]+$'" : "tracking_number not glob '*[^A-Z0-9-]*'";
  await sql
    .raw(
      `alter table orders add column tracking_number text check (tracking_number is null or ` +
        `(length(tracking_number) between 1 and ${MAX_TRACKING_NUMBER_LENGTH} and ${alphabet}))`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table shop_settings add column carrier text not null default 'postnord' check (carrier in ${CARRIERS})`,
    )
    .execute(db);
  for (const column of URL_COLUMNS) {
    await sql
      .raw(
        `alter table shop_settings add column ${column} text check (${column} is null or length(${column}) between 1 and ${MAX_TRACKING_URL_LENGTH})`,
      )
      .execute(db);
  }
  for (const column of MESSAGE_COLUMNS) {
    await sql
      .raw(
        `alter table shop_settings add column ${column} text check (${column} is null or length(${column}) between 1 and ${MAX_MESSAGE_TEMPLATE_LENGTH})`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [...MESSAGE_COLUMNS, ...URL_COLUMNS, 'carrier']) {
    await sql.raw(`alter table shop_settings drop column ${column}`).execute(db);
  }
  await sql`alter table orders drop column tracking_number`.execute(db);
}
