/**
 * The change log: every service write records what it changed with recordChange(trx, …), in its
 * own transaction. The entries are appended right before that transaction commits (one insert per
 * transaction, in order), and on PostgreSQL a NOTIFY with the newest sequence number goes out at commit, so
 * every server process on the database hears of it. This process's live feed is told after commit.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { ChangeAction, ChangeEntity, LiveChange } from '../../shared/domain/changes.ts';
import type { Db, DbKind } from '../db/database.ts';
import { inTransaction, transactionHooks } from '../db/transaction.ts';
import {
  type ChangeLogInsert,
  type ChangeLogRow,
  deleteChangesThrough,
  insertChanges,
  latestChangeSeq,
  latestSeqBefore,
  listChangesAfter,
  lockChangeLog,
  notifyChanges,
  readMeta,
  writeMeta,
} from './change-log.repository.ts';

/** The PostgreSQL channel the server processes LISTEN on; the payload is the newest sequence number. */
export const CHANGES_CHANNEL = 'naalepuden_changes';
/** Entries are kept this long (the live feed's replay and the audit trail; the order history has its own rows). */
export const CHANGE_LOG_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** app_meta key: the sequence number through which entries may have been pruned. */
const PRUNED_THROUGH_KEY = 'change_log_pruned_through';

/** Who makes the changes of the current request: set once per request by the shop's routes (app.ts). */
export type ChangeActor = { userId: string | null; clientId: string | null };
const actorStorage = new AsyncLocalStorage<ChangeActor>();

/** Runs `fn` (and everything it awaits) with `actor` as the author of the changes it records. */
export function runAsActor<T>(actor: ChangeActor, fn: () => T): T {
  return actorStorage.run(actor, fn);
}

export type Change = {
  entity: ChangeEntity;
  id: string | null;
  action: ChangeAction;
  /** A small before/after, where useful (e.g. an order's status). */
  data?: Record<string, unknown>;
};

type Pending = { kind: DbKind; rows: ChangeLogInsert[] };
const pendingOf = new WeakMap<Db, Pending>();

/** Told after every commit that recorded changes (this process's live feeds listen). */
export const changesCommitted = new EventEmitter();
changesCommitted.setMaxListeners(0);

function kindOf(db: Db): DbKind {
  // Kysely's adapters: the PostgreSQL one supports RETURNING and transactional DDL.
  return db.getExecutor().adapter.supportsTransactionalDdl ? 'postgres' : 'sqlite';
}

/**
 * Records a change in the transaction `trx` (started by inTransaction). The entry is written right before
 * commit, so a rolled-back write leaves none.
 */
export function recordChange(trx: Db, change: Change): void {
  let pending = pendingOf.get(trx);
  if (!pending) {
    const hooks = transactionHooks(trx);
    const created: Pending = { kind: kindOf(trx), rows: [] };
    pending = created;
    pendingOf.set(trx, created);
    hooks.beforeCommit.push((db) => flush(db, created));
    hooks.afterCommit.push(() => changesCommitted.emit('committed'));
  }
  const actor = actorStorage.getStore();
  pending.rows.push({
    at: new Date().toISOString(),
    entity: change.entity,
    entity_id: change.id,
    action: change.action,
    user_id: actor?.userId ?? null,
    client_id: actor?.clientId ?? null,
    data: change.data === undefined ? null : JSON.stringify(change.data),
  });
}

async function flush(trx: Db, pending: Pending): Promise<void> {
  if (pending.rows.length === 0) return;
  if (pending.kind === 'postgres') await lockChangeLog(trx);
  await insertChanges(trx, pending.rows);
  pending.rows = [];
  if (pending.kind === 'postgres') {
    await notifyChanges(trx, CHANGES_CHANNEL, String(await latestChangeSeq(trx)));
  }
}

export function toLiveChange(row: ChangeLogRow): LiveChange {
  return {
    seq: Number(row.seq),
    entity: row.entity as LiveChange['entity'],
    id: row.entity_id,
    action: row.action as LiveChange['action'],
    by: row.client_id,
  };
}

export function newestChangeSeq(db: Db): Promise<number> {
  return latestChangeSeq(db);
}

export async function changesAfter(db: Db, afterSeq: number, limit: number): Promise<LiveChange[]> {
  return (await listChangesAfter(db, afterSeq, limit)).map(toLiveChange);
}

/**
 * Whether a client that saw changes up to `seq` can be brought up to date from the log: not when entries
 * after it were pruned, nor when it names a change this database never had (another database, a restore).
 */
export async function canReplayFrom(db: Db, seq: number): Promise<boolean> {
  if (seq > (await latestChangeSeq(db))) return false;
  const prunedThrough = Number((await readMeta(db, PRUNED_THROUGH_KEY)) ?? 0);
  return seq >= prunedThrough;
}

/** Deletes entries older than the retention (the order history is rows of its own); returns how many. */
export async function pruneChangeLog(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CHANGE_LOG_RETENTION_MS).toISOString();
  // One transaction: the mark says what was pruned exactly when the entries are gone.
  return inTransaction(db, async (trx) => {
    const through = await latestSeqBefore(trx, before);
    if (through === 0) return 0;
    const deleted = await deleteChangesThrough(trx, through);
    const previous = Number((await readMeta(trx, PRUNED_THROUGH_KEY)) ?? 0);
    if (through > previous) await writeMeta(trx, PRUNED_THROUGH_KEY, String(through));
    return deleted;
  });
}
