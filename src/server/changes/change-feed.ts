/**
 * One live feed per server process: reads the change log after every commit it hears of and hands each new
 * entry, in sequence order, to the open event streams. It hears of commits three ways: this process's own
 * (changesCommitted, at once), PostgreSQL NOTIFY from any process on the database (LISTEN), and a slow poll
 * while someone listens (a safety net for a lost notification or a write by another program).
 */
import type { LiveChange } from '../../shared/domain/changes.ts';
import type { Db } from '../db/database.ts';
import {
  CHANGES_CHANNEL,
  changesAfter,
  changesCommitted,
  newestChangeSeq,
  pruneChangeLog,
} from './change-log.service.ts';

export type ChangeListener = (change: LiveChange) => void;

export type ChangeFeed = {
  /** Calls `listener` with every change committed from now on; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
  /** Reads and delivers what was committed since the last read (coalesced; safe to call often). */
  poke(): void;
  /** The newest sequence number delivered so far. */
  readonly deliveredSeq: number;
  close(): Promise<void>;
};

export type ChangeFeedOptions = {
  db: Db;
  /** PostgreSQL's LISTEN (DbHandle.listen); absent on SQLite, where one process owns the file. */
  listen?: (
    channel: string,
    onNotify: (payload: string) => void,
    onConnected: () => void,
  ) => () => Promise<void>;
  pollMs?: number;
  pruneEveryMs?: number;
  onError?: (error: unknown) => void;
};

const READ_BATCH = 500;

export async function startChangeFeed(options: ChangeFeedOptions): Promise<ChangeFeed> {
  const { db, pollMs = 5000, pruneEveryMs = 60 * 60 * 1000 } = options;
  const onError = options.onError ?? ((error) => console.warn('Change feed:', error));
  const listeners = new Set<ChangeListener>();
  let delivered = await newestChangeSeq(db);
  let reading: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const readNew = async () => {
    for (;;) {
      const changes = await changesAfter(db, delivered, READ_BATCH);
      for (const change of changes) {
        delivered = change.seq;
        for (const listener of listeners) {
          try {
            listener(change);
          } catch (error) {
            onError(error);
          }
        }
      }
      if (changes.length < READ_BATCH) return;
    }
  };

  const poke = () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch(onError)
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          poke();
        }
      });
  };

  changesCommitted.on('committed', poke);
  const stopListening = options.listen?.(CHANGES_CHANNEL, poke, poke);
  const poll = setInterval(() => {
    if (listeners.size > 0) poke();
  }, pollMs);
  poll.unref();
  const prune = () => void pruneChangeLog(db).catch(onError);
  const pruneTimer = setInterval(prune, pruneEveryMs);
  pruneTimer.unref();
  prune();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poke,
    get deliveredSeq() {
      return delivered;
    },
    async close() {
      closed = true;
      changesCommitted.off('committed', poke);
      clearInterval(poll);
      clearInterval(pruneTimer);
      listeners.clear();
      await stopListening?.();
      await reading;
    },
  };
}
