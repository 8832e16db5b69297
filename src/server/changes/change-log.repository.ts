import { sql } from 'kysely';
import type { ChangeLogTable, Db } from '../db/database.ts';

export type ChangeLogInsert = Omit<ChangeLogTable, 'seq'>;
export type ChangeLogRow = {
  seq: number;
  at: string;
  entity: string;
  entity_id: string | null;
  action: string;
  client_id: string | null;
};

/** Rows per insert statement: SQLite allows 32,766 bound values; 8 columns per row. */
const CHUNK = 500;

export async function insertChanges(db: Db, rows: readonly ChangeLogInsert[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto('change_log')
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/**
 * PostgreSQL: serialises change-log appends until commit (a transaction-level advisory lock), so sequence
 * numbers are committed in order and "everything after N" never skips a change committed late. Taken as the
 * last step before commit, after every row lock of the transaction, so it cannot take part in a deadlock.
 */
export async function lockChangeLog(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK})`.execute(db);
}

/** An arbitrary constant naming the change log's advisory lock. */
const CHANGE_LOG_LOCK = 731_013;

/** PostgreSQL: tells every LISTENing server process, at commit, that changes up to `seq` exist. */
export async function notifyChanges(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

export async function latestChangeSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The changes after `afterSeq`, oldest first, at most `limit`. */
export function listChangesAfter(db: Db, afterSeq: number, limit: number): Promise<ChangeLogRow[]> {
  return db
    .selectFrom('change_log')
    .select(['seq', 'at', 'entity', 'entity_id', 'action', 'client_id'])
    .where('seq', '>', afterSeq as never)
    .orderBy('seq')
    .limit(limit)
    .execute() as Promise<ChangeLogRow[]>;
}

/** The highest sequence number among entries older than `before`. */
export async function latestSeqBefore(db: Db, before: string): Promise<number> {
  const row = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('at', '<', before)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Deletes entries up to `throughSeq`. Returns how many. */
export async function deleteChangesThrough(db: Db, throughSeq: number): Promise<number> {
  const result = await db
    .deleteFrom('change_log')
    .where('seq', '<=', throughSeq as never)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
