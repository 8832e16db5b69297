import type { Db } from './database.ts';

/**
 * Runs `fn` in a transaction: the caller's when `db` already is one (e.g. an idempotent request that claimed
 * its key in it), else a new one. Kysely does not nest transactions, so services use this instead of
 * `db.transaction().execute(…)` whenever they may be called inside another transaction.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
