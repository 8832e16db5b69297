// Frozen in time: never import application code here.
//
// bead_photos and order_history join the versioned tables of 0003. A bead's page shows its photos and an
// order's history page, the shipped orders and Salg read order_history; until now their answers were fresh
// only because every write path that changes those rows happened to touch a versioned table as well
// (beads.photo_id, orders.status). With a version of their own, an answer that reads them says so and its ETag
// follows them whatever the write path. photos needs none: a picture is written once and reached only through
// a bead_photos row.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const TABLES = ['bead_photos', 'order_history'];
const EVENTS = ['insert', 'update', 'delete'];

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES)
    await sql`insert into table_versions (table_name, version) values (${table}, 0)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${table}_version after insert or update or delete or truncate on ${table} ` +
            'for each statement execute function bump_table_version()',
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_version_${event} after ${event} on ${table} begin ` +
            `update table_versions set version = version + 1 where table_name = '${table}'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of TABLES) {
    if (postgres) await sql.raw(`drop trigger if exists ${table}_version on ${table}`).execute(db);
    else
      for (const event of EVENTS)
        await sql.raw(`drop trigger if exists ${table}_version_${event}`).execute(db);
    await sql`delete from table_versions where table_name = ${table}`.execute(db);
  }
}
