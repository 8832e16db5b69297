import type { Db } from './database.ts';

type TransactionHooks = {
  /** Run in the transaction, after its work and right before commit, in the order registered. */
  beforeCommit: Array<(trx: Db) => Promise<void>>;
  /** Run after a successful commit (never after a rollback). */
  afterCommit: Array<() => void>;
};

const hooksOf = new WeakMap<Db, TransactionHooks>();

/**
 * Runs `fn` in a transaction: the caller's when `db` already is one (e.g. an idempotent request that claimed
 * its key in it), else a new one. Kysely does not nest transactions, so services use this instead of
 * `db.transaction().execute(…)` whenever they write: the transactions it starts run the commit hooks
 * below (the change log is written by one).
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  const hooks: TransactionHooks = { beforeCommit: [], afterCommit: [] };
  return db
    .transaction()
    .execute(async (trx) => {
      hooksOf.set(trx, hooks);
      const result = await fn(trx);
      for (const hook of hooks.beforeCommit) await hook(trx);
      return result;
    })
    .then((result) => {
      for (const hook of hooks.afterCommit) hook();
      return result;
    });
}

/**
 * The commit hooks of the transaction `trx`, which must have been started by inTransaction (a write outside
 * one is a programming error: it would commit without its change-log entries).
 */
export function transactionHooks(trx: Db): TransactionHooks {
  const hooks = hooksOf.get(trx);
  if (!hooks) throw new Error('A change was recorded outside a transaction started by inTransaction()');
  return hooks;
}
