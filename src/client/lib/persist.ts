import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type DehydratedState,
  dehydrate,
  hashKey,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { isOfflineWrite } from './offline-writes.ts';
import { CACHE_MAX_AGE_MS } from './query-client.ts';
import { rememberedUser } from './remembered-user.ts';

/**
 * The query cache kept in IndexedDB (issue 13), so the last-seen screens open without network and writes
 * made offline survive a reload.
 *
 * - **Per user.** Every key ends with the user's id, remembered from the last session
 *   (lib/remembered-user.ts). At start only that user's records are read; a session for another user
 *   empties the memory cache and deletes every other user's records; signing out deletes the user's records.
 * - **One record per answer, the queue at once.** Each answer is its own record, written only when it
 *   changed, at most once a second and in an idle moment (a big shop's lists are ~1.7 MB of JSON together),
 *   and at once when the page is hidden or left. The queue of offline writes (`writes:<user>`, a few hundred
 *   bytes a write) is written at once on every change, so a write made just before a reload is not lost.
 * - **Busted by build and age.** An answer is thrown away when the build changed (its shape may have) or
 *   after a week; the queued writes are kept, since the API they call does not change with a build.
 */

/** The build: the built page names its hashed entry script, whose hash follows every chunk's. */
export const BUILD_ID: string =
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector('meta[name="naalepuden-entry"]')?.getAttribute('content')) ?? 'dev';

/** Pages kept under each root (the most recently fetched): customers' pages, beads' pages. */
const DETAILS_KEPT = 40;

const writesKey = (userId: string) => `writes:${userId}`;

let store: UseStore | null | undefined;
/** idb-keyval's store, opened at first use; null where there is no IndexedDB (tests, private modes). */
function idb(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('naalepuden', 'cache');
    } catch {
      store = null;
    }
  }
  return store;
}

const ignore = () => undefined;

/** Deletes the records of every user but this one (the session answered with a user: api/session.ts). */
export async function keepOnlyUser(userId: string): Promise<void> {
  scheduled.clear();
  persisted.clear();
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
  const db = idb();
  if (!db) return;
  const all = await keys(db).catch(() => []);
  await delMany(
    all.filter((key) => String(key).endsWith(`:${userId}`)),
    db,
  ).catch(ignore);
}

type DehydratedQuery = DehydratedState['queries'][number];
type DehydratedMutation = DehydratedState['mutations'][number];
type SavedRecord = { buster: string; timestamp: number; queries: DehydratedQuery[] };
type OwnedClient = PersistedClient & { owner?: string };

/**
 * Each answer is its own record, named by its query's hash: `q:["pillow"]:<user>`, `q:["customers"]:<user>`,
 * `q:["customers","<id>"]:<user>`, … A change rewrites only its own record (a Puden refetch writes ~100 kB,
 * not the ~2 MB of every list on a big shop), and a screen's first answers are read on their own.
 */
const recordOf = (queryKey: readonly unknown[]) => hashKey(queryKey);
const recordKey = (record: string, userId: string) => `q:${record}:${userId}`;
const isRecordKeyOf = (key: IDBValidKey, userId: string) =>
  typeof key === 'string' && key.startsWith('q:') && key.endsWith(`:${userId}`);
const recordOfKey = (key: string, userId: string) => key.slice(2, key.length - userId.length - 1);

/**
 * What each record holds (its answer time): as last handed to its writer, and as last written or restored,
 * so only changed records are written.
 */
const scheduled = new Map<string, string>();
const persisted = new Map<string, string>();
const signatureOf = (queries: DehydratedQuery[]) =>
  queries.map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`).join('|');

/** The answers kept: every list (`[root]`), and of the pages under a root the newest DETAILS_KEPT. */
function keptRecords(queries: DehydratedQuery[]): Map<string, DehydratedQuery[]> {
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

const recordJson = (queries: DehydratedQuery[], timestamp: number) =>
  JSON.stringify({ buster: BUILD_ID, timestamp, queries } satisfies SavedRecord);

/** `owner\nsignature\njson` → its three parts (the JSON may hold newlines of its own only escaped). */
function splitTwice(value: string): [string, string?, string?] {
  const first = value.indexOf('\n');
  const second = value.indexOf('\n', first + 1);
  if (first < 0 || second < 0) return [''];
  return [value.slice(0, first), value.slice(first + 1, second), value.slice(second + 1)];
}

/**
 * Waits until the first screen is likely shown (the load event and 2 s more), so the other records are not
 * parsed while its answers arrive; offline at once, as there is nothing to wait for and they may be needed.
 */
const afterFirstScreen = () =>
  new Promise<void>((resolve) => {
    const ready = () => setTimeout(resolve, 2000);
    if (!onlineManager.isOnline()) resolve();
    else if (document.readyState === 'complete') ready();
    else window.addEventListener('load', ready, { once: true });
  });

/** Waits for an idle moment, so a save does not hold up what the owner is waiting for. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

// One throttled writer per record (TanStack's async-storage persister over idb-keyval). Each snapshot carries
// the user it was taken for and is not written once another user (or nobody) is signed in.
const writers = new Map<string, Persister>();
function writerOf(record: string): Persister {
  let writer = writers.get(record);
  if (!writer) {
    writer = createAsyncStoragePersister({
      throttleTime: 1000,
      serialize: async (client) => {
        await idle();
        const { owner = '', timestamp, clientState } = client as OwnedClient;
        const signature = signatureOf(clientState.queries);
        return `${owner}\n${signature}\n${recordJson(clientState.queries, timestamp)}`;
      },
      storage: {
        // Records are read by startPersistence.
        getItem: () => null,
        setItem: async (_, value) => {
          const [owner, signature = '', json = ''] = splitTwice(value);
          const db = idb();
          // Not for another user, and not an answer superseded or dropped meanwhile.
          if (!db || !owner || owner !== rememberedUser()?.id || scheduled.get(record) !== signature) return;
          await set(recordKey(record, owner), json, db);
          persisted.set(record, signature);
        },
        removeItem: async () => {
          const db = idb();
          const user = rememberedUser();
          if (user && db) await del(recordKey(record, user.id), db);
        },
      },
    });
    writers.set(record, writer);
  }
  return writer;
}

/** Hands each changed record of a snapshot of the cache to its writer; deletes the records dropped. */
function persistClient(client: PersistedClient) {
  const owner = rememberedUser()?.id;
  const db = idb();
  if (!owner || !db) return;
  const kept = keptRecords(client.clientState.queries);
  for (const record of new Set([...kept.keys(), ...scheduled.keys()])) {
    const queries = kept.get(record);
    if (!queries) {
      scheduled.delete(record);
      persisted.delete(record);
      del(recordKey(record, owner), db).catch(ignore);
      continue;
    }
    const signature = signatureOf(queries);
    if (scheduled.get(record) === signature) continue;
    scheduled.set(record, signature);
    const snapshot: OwnedClient = { ...client, clientState: { queries, mutations: [] }, owner };
    void writerOf(record).persistClient(snapshot);
  }
}

const RESTORE_START = 'naalepuden-restore-start';

/** Set once every record has been read: before that a save could overwrite a record not read yet. */
let restoredAll = false;

async function readRecord(db: UseStore, key: string, userId: string): Promise<DehydratedQuery[]> {
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

/** Answers older than this came from IndexedDB, not from this page's requests. */
const PAGE_STARTED = Date.now();

/**
 * Puts restored answers (and queued writes) into the client. An answer the page has fetched already is newer
 * and stays (hydrate compares their times). The restored ones count as old: they may be older than what the
 * page showed before it was left, so a screen asks again as it opens and shows them meanwhile (offline, until
 * the network returns).
 */
function restoreAnswers(
  queryClient: QueryClient,
  queries: DehydratedQuery[],
  mutations: DehydratedMutation[],
) {
  hydrate(queryClient, { queries, mutations });
  const restored = new Set(queries.map((query) => query.queryHash));
  void queryClient.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => restored.has(query.queryHash) && query.state.dataUpdatedAt < PAGE_STARTED,
  });
}

export type PersistenceOptions = {
  shouldPersistQuery: (query: Query) => boolean;
  /** The query keys the first screen reads: restored first; the other records later, when idle. */
  firstScreen: ReadonlyArray<readonly unknown[]>;
  /** Runs once the queued writes and the first screen's answers are in the client. */
  onFirstRestored: () => void;
};

/**
 * Restores the remembered user's cache without holding up the first screen, then keeps it saved (issue 13).
 * Nothing waits for IndexedDB: online the screens ask the server as before and the restored answers fill in
 * whatever has not arrived yet. First the queued writes and the first screen's records (a few kB to a few
 * hundred kB), then, once the first screen is up (offline at once), the other records one per idle moment (a
 * big shop's todo list alone is ~750 kB of JSON: parsed during the first screen, it cost ~100–250 ms at a
 * phone's speed). Saving starts once all are read.
 */
export function startPersistence(queryClient: QueryClient, options: PersistenceOptions): void {
  const db = idb();
  const user = rememberedUser();
  let firstDone = false;
  const firstRestored = () => {
    if (firstDone) return;
    firstDone = true;
    options.onFirstRestored();
  };
  const startSaving = () => {
    restoredAll = true;
    const save = () =>
      persistClient({
        buster: BUILD_ID,
        timestamp: Date.now(),
        clientState: dehydrate(queryClient, {
          shouldDehydrateQuery: options.shouldPersistQuery,
          shouldDehydrateMutation: () => false,
        }),
      });
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
    });
    save();
  };
  if (!db || !user) {
    firstRestored();
    startSaving();
    return;
  }
  const restore = async () => {
    performance.mark(RESTORE_START);
    const all = await keys(db);
    // The single record of the first offline build.
    if (all.includes(`queries:${user.id}`)) await del(`queries:${user.id}`, db).catch(ignore);
    const mine = all.filter((key) => isRecordKeyOf(key, user.id)) as string[];
    const first = new Set(options.firstScreen.map((key) => recordKey(recordOf(key), user.id)));
    const [queued, ...firstQueries] = await Promise.all([
      get<DehydratedMutation[]>(writesKey(user.id), db).catch(() => undefined),
      ...mine.filter((key) => first.has(key)).map((key) => readRecord(db, key, user.id)),
    ]);
    restoreAnswers(queryClient, firstQueries.flat(), queued ?? []);
    performance.measure('naalepuden-restore-first', RESTORE_START);
    firstRestored();
    const rest = mine.filter((candidate) => !first.has(candidate));
    if (rest.length > 0) await afterFirstScreen();
    for (const key of rest) {
      await idle();
      const queries = await readRecord(db, key, user.id);
      // Another user signed in meanwhile: nothing more of this one.
      if (rememberedUser()?.id !== user.id) return;
      restoreAnswers(queryClient, queries, []);
    }
    performance.measure('naalepuden-restore', RESTORE_START);
  };
  restore()
    .catch(ignore)
    .finally(() => {
      firstRestored();
      startSaving();
    });
}

/**
 * Saves the queue of offline writes on every change of it: each write still to be sent (waiting, or on its
 * way: a reload during the replay sends it again with the same key), marked paused so that
 * resumePausedMutations picks it up after a restore.
 */
export function watchQueuedWrites(queryClient: QueryClient): () => void {
  let saveQueued = false;
  let last = '';
  const save = () => {
    saveQueued = false;
    const db = idb();
    const user = rememberedUser();
    if (!db || !user) return;
    const pending = queryClient
      .getMutationCache()
      .getAll()
      .filter((mutation) => isOfflineWrite(mutation) && mutation.state.status === 'pending')
      .map(
        (mutation): DehydratedMutation => ({
          mutationKey: mutation.options.mutationKey,
          ...(mutation.options.scope ? { scope: mutation.options.scope } : {}),
          state: {
            ...mutation.state,
            isPaused: true,
            failureCount: 0,
            failureReason: null,
            error: null,
          },
        }),
      );
    const json = JSON.stringify(pending);
    if (json === last) return;
    last = json;
    const write =
      pending.length === 0 ? del(writesKey(user.id), db) : set(writesKey(user.id), JSON.parse(json), db);
    write.catch(ignore);
  };
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'updated' && event.type !== 'removed') return;
    if (!isOfflineWrite(event.mutation) || saveQueued) return;
    saveQueued = true;
    queueMicrotask(save);
  });
}

/**
 * Writes the changed records at once when the page is hidden or left (a closed tab, the phone switching
 * apps, a reload): the throttled writers may still be waiting, and what arrived last would be lost.
 */
export function saveWhenLeaving(queryClient: QueryClient, shouldPersistQuery: (query: Query) => boolean) {
  const save = () => {
    const db = idb();
    const user = rememberedUser();
    if (!db || !user || !restoredAll) return;
    const { queries } = dehydrate(queryClient, {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: () => false,
    });
    for (const [record, list] of keptRecords(queries)) {
      const signature = signatureOf(list);
      if (persisted.get(record) === signature) continue;
      persisted.set(record, signature);
      set(recordKey(record, user.id), recordJson(list, Date.now()), db).catch(ignore);
    }
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}
