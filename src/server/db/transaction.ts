import { isRetryableConflict } from './constraint-errors.ts';
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
 *
 * A transaction PostgreSQL broke off for a deadlock (two transactions that took the same row locks in opposite
 * orders: the versioned tables' counters of migration 0003 are such rows, locked by every statement that writes
 * their table, so any two writers of two tables can meet that way) is rolled back whole, so it runs again from the
 * start, after a short random wait that lets the other one finish. `fn` does nothing but database work in it;
 * what must happen once is an afterCommit hook.
 */
export async function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await runTransaction(db, fn);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** How often a transaction broken off for a deadlock runs, in all, before its error stands. */
const RETRIES = 5;

function runTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
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
