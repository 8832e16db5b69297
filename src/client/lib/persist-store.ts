import type { DehydratedState } from '@tanstack/react-query';
import { hashKey } from '@tanstack/react-query';
import { createStore, del, delMany, get, keys, type UseStore } from 'idb-keyval';
import { readMeta } from '../../shared/page-contract.ts';
import { clearPhotoCaches } from './photo-url.ts';
import { CACHE_MAX_AGE_MS } from './query-client.ts';

/**
 * The records of the persisted query cache in IndexedDB (lib/persist.ts): how they are named, which answers
 * are kept, and what each record holds, so that only changed records are written (lib/persist-save.ts).
 */

/** The build: the built page names its hashed entry script, whose hash follows every chunk's. */
export const BUILD_ID: string = (typeof document === 'undefined' ? null : readMeta('entry')) ?? 'dev';

/** Answers older than this came from IndexedDB, not from this page's requests. */
export const PAGE_STARTED = Date.now();

/**
 * Whether a record's answers were all fetched by this page: newer than anything IndexedDB holds for it, so it
 * may be written before every record has been read back (a record holds one answer, so nothing else is lost).
 */
export const fetchedByThisPage = (queries: DehydratedQuery[]) =>
  queries.every((query) => query.state.dataUpdatedAt >= PAGE_STARTED);

/** Pages kept under each root (the most recently fetched): customers' pages, beads' pages. */
const DETAILS_KEPT = 40;

/** The record of the queue of offline writes. */
export const writesKey = (userId: string) => `writes:${userId}`;

/**
 * Every transaction is committed as soon as its requests are made, instead of when the page's event loop next
 * finds it idle. WebKit keeps a page that is left (a navigation, Safari's back-forward cache) suspended with
 * its transactions open: one left uncommitted by a save on `pagehide` blocked every later transaction on the
 * database, so the next page could neither restore nor save (found in WebKitGTK, docs/decisions/0015).
 */
const committing =
  (store: UseStore): UseStore =>
  (mode, callback) =>
    store(mode, (objectStore) => {
      const result = callback(objectStore);
      objectStore.transaction.commit?.();
      return result;
    });

let store: UseStore | null | undefined;
/** idb-keyval's store, opened at first use; null where there is no IndexedDB (tests, private modes). */
export function idb(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : committing(createStore('naalepuden', 'cache'));
    } catch {
      store = null;
    }
  }
  return store;
}

/** For the promises whose failure changes nothing (a record not written is written again or not needed). */
export const ignore = () => undefined;

/** Deletes the records of every user but this one (the session answered with a user: api/session.ts). */
export async function keepOnlyUser(userId: string): Promise<void> {
  scheduled.clear();
  persisted.clear();
  await clearPhotoCaches();
  const db = idb();
  if (!db) return;
  const all = await keys(db).catch(() => []);
  await delMany(
    all.filter((key) => !String(key).endsWith(`:${userId}`)),
    db,
  ).catch(ignore);
}

/** Deletes this user's records (signing out). */
export async function deleteUser(userId: string): Promise<void> {
  scheduled.clear();
  persisted.clear();
  const deleteRecords = async () => {
    const db = idb();
    if (!db) return;
    const all = await keys(db).catch(() => []);
    await delMany(
      all.filter((key) => String(key).endsWith(`:${userId}`)),
      db,
    ).catch(ignore);
  };
  // Both at once: the records are not left waiting for the photo caches.
  await Promise.all([deleteRecords(), clearPhotoCaches()]);
}

/** One answer as dehydrated by TanStack Query. */
export type DehydratedQuery = DehydratedState['queries'][number];
/** One queued write as dehydrated by TanStack Query. */
export type DehydratedMutation = DehydratedState['mutations'][number];
type SavedRecord = { buster: string; timestamp: number; queries: DehydratedQuery[] };

/**
 * Each answer is its own record, named by its query's hash: `q:["pillow"]:<user>`, `q:["customers"]:<user>`,
 * `q:["customers","<id>"]:<user>`, … A change rewrites only its own record (a Puden refetch writes ~100 kB,
 * not the ~2 MB of every list on a big shop), and a screen's first answers are read on their own.
 */
export const recordOf = (queryKey: readonly unknown[]) => hashKey(queryKey);
/** The IndexedDB key of a user's record. */
export const recordKey = (record: string, userId: string) => `q:${record}:${userId}`;
/** Whether an IndexedDB key is one of this user's records. */
export const isRecordKeyOf = (key: IDBValidKey, userId: string) =>
  typeof key === 'string' && key.startsWith('q:') && key.endsWith(`:${userId}`);
const recordOfKey = (key: string, userId: string) => key.slice(2, key.length - userId.length - 1);

/**
 * What each record holds (its answer time): as last handed to its writer, and as last written or restored,
 * so only changed records are written.
 */
export const scheduled = new Map<string, string>();
export const persisted = new Map<string, string>();
/** What a record's answers are: their hashes and answer times. */
export const signatureOf = (queries: DehydratedQuery[]) =>
  queries.map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`).join('|');

/** The answers kept: every list (`[root]`), and of the pages under a root the newest DETAILS_KEPT. */
export function keptRecords(queries: DehydratedQuery[]): Map<string, DehydratedQuery[]> {
  const detailsByRoot = new Map<unknown, DehydratedQuery[]>();
  const kept = new Map<string, DehydratedQuery[]>();
  for (const query of queries) {
    if (query.queryKey.length === 1) kept.set(query.queryHash, [query]);
    else detailsByRoot.set(query.queryKey[0], [...(detailsByRoot.get(query.queryKey[0]) ?? []), query]);
  }
  for (const details of detailsByRoot.values()) {
    const newest = [...details].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    for (const query of newest.slice(0, DETAILS_KEPT)) kept.set(query.queryHash, [query]);
  }
  return kept;
}

/** A record as written: this build's, with the time of the snapshot. */
export const recordJson = (queries: DehydratedQuery[], timestamp: number) =>
  JSON.stringify({ buster: BUILD_ID, timestamp, queries } satisfies SavedRecord);

/** Reads one record; another build's, a week old or unreadable is deleted and restores nothing. */
export async function readRecord(db: UseStore, key: string, userId: string): Promise<DehydratedQuery[]> {
  try {
    const saved = JSON.parse(String(await get<string>(key, db))) as SavedRecord;
    if (saved.buster !== BUILD_ID || Date.now() - saved.timestamp > CACHE_MAX_AGE_MS) throw new Error('old');
    const record = recordOfKey(key, userId);
    scheduled.set(record, signatureOf(saved.queries));
    persisted.set(record, signatureOf(saved.queries));
    return saved.queries;
  } catch {
    // Another build's, a week old, or unreadable: not restored, and gone.
    await del(key, db).catch(ignore);
    return [];
  }
}
