// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A version number per shop table, raised by the database itself on every insert, update and delete
 * (triggers), so no write path can forget it: the API's list answers carry an ETag made of the versions of
 * the tables they read, answer 304 when nothing changed, and keep their serialised body per version.
 * On PostgreSQL the triggers run once per statement; SQLite only has row triggers.
 */
const TABLES = ['customers', 'beads', 'todos', 'orders', 'order_lines'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('table_versions')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('table_versions' as never)
    .values(TABLES.map((name) => ({ table_name: name, version: 0 })) as never)
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_table_version() returns trigger language plpgsql as $$
      begin
        update table_versions set version = version + 1 where table_name = TG_TABLE_NAME;
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${table}_version after insert or update or delete or truncate on ${table} for each statement execute function bump_table_version()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_version_${event} after ${event} on ${table} begin update table_versions set version = version + 1 where table_name = '${table}'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES)
      await sql.raw(`drop trigger if exists ${table}_version on ${table}`).execute(db);
    await sql`drop function if exists bump_table_version()`.execute(db);
  } else {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger if exists ${table}_version_${event}`).execute(db);
      }
    }
  }
  await db.schema.dropTable('table_versions').execute();
}
