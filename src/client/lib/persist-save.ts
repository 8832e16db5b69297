import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, set, setMany } from 'idb-keyval';
import { idle } from './idle.ts';
import { isOfflineWrite } from './offline-writes.ts';
import {
  BUILD_ID,
  type DehydratedMutation,
  type DehydratedQuery,
  fetchedByThisPage,
  idb,
  ignore,
  keptRecords,
  persisted,
  recordJson,
  recordKey,
  scheduled,
  signatureOf,
  writesKey,
} from './persist-store.ts';
import { rememberedUser } from './remembered-user.ts';

/**
 * Saving the query cache to IndexedDB (lib/persist.ts): each changed record through its own throttled writer,
 * at once when the page is hidden or left, and the queue of offline writes at once on every change.
 *
 * Saving starts with the page, not once the old records have been read back (that takes seconds on a phone,
 * and Safari drops pages often): what a screen showed is kept even when the page is left in its first second
 * (by the throttled writers from half a second after the load event, and at once when it is left).
 * Until every record has been read, only answers this page fetched itself are written (newer than any record
 * of theirs) and nothing is deleted (a record not read yet is not known to be dropped).
 */

type OwnedClient = PersistedClient & { owner?: string };

/** Set once every record has been read back (lib/persist.ts). */
let restoredAll = false;

/** A record that may be written now. */
const writable = (queries: DehydratedQuery[]) => restoredAll || fetchedByThisPage(queries);

/**
 * The page's load is left alone: the throttled writers begin half a second after the load event (turning a big
 * list into JSON takes a phone hundreds of milliseconds, which would hold up its first paint and taps; where the
 * browser has idle callbacks they also wait for an idle moment). Not later: WebKit drops a page's IndexedDB writes
 * when it is left for another page (a navigation, not the back-forward cache), so saveWhenLeaving alone does not
 * keep what a screen showed there; a 5 s wait lost the screens an iPhone left within them, and 1 s was a race
 * with a screen left one second after it loaded, lost now and then on a busy machine
 * (tests/webkit/offline.spec.ts).
 */
const STARTUP_MS = 500;
let startup: Promise<void> | undefined;
export const afterStartup = (): Promise<void> => {
  startup ??= new Promise<void>((resolve) => {
    const wait = () => setTimeout(resolve, STARTUP_MS);
    if (typeof document === 'undefined' || document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
  return startup;
};

/** `owner\nsignature\njson` → its three parts (the JSON may hold newlines of its own only escaped). */
function splitTwice(value: string): [string, string?, string?] {
  const first = value.indexOf('\n');
  const second = value.indexOf('\n', first + 1);
  if (first < 0 || second < 0) return [''];
  return [value.slice(0, first), value.slice(first + 1, second), value.slice(second + 1)];
}

// One throttled writer per record (TanStack's async-storage persister over idb-keyval). Each snapshot carries
// the user it was taken for and is not written once another user (or nobody) is signed in.
const writers = new Map<string, Persister>();
function writerOf(record: string): Persister {
  let writer = writers.get(record);
  if (!writer) {
    writer = createAsyncStoragePersister({
      throttleTime: 1000,
      serialize: async (client) => {
        await afterStartup();
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
      if (!restoredAll) continue;
      scheduled.delete(record);
      persisted.delete(record);
      del(recordKey(record, owner), db).catch(ignore);
      continue;
    }
    const signature = signatureOf(queries);
    if (scheduled.get(record) === signature || !writable(queries)) continue;
    scheduled.set(record, signature);
    const snapshot: OwnedClient = { ...client, clientState: { queries, mutations: [] }, owner };
    void writerOf(record).persistClient(snapshot);
  }
}

/**
 * Starts saving: now and on every change of the query cache. Returns what to call once every record has been
 * read back, from when on every answer is saved and dropped records are deleted.
 */
export function startSaving(
  queryClient: QueryClient,
  shouldPersistQuery: (query: Query) => boolean,
): () => void {
  const save = () =>
    persistClient({
      buster: BUILD_ID,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: shouldPersistQuery,
        shouldDehydrateMutation: () => false,
      }),
    });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
  });
  save();
  return () => {
    restoredAll = true;
    save();
  };
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
    if (!db || !user) return;
    const { queries } = dehydrate(queryClient, {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: () => false,
    });
    const changed: Array<[string, string]> = [];
    for (const [record, list] of keptRecords(queries)) {
      const signature = signatureOf(list);
      if (persisted.get(record) === signature || !writable(list)) continue;
      persisted.set(record, signature);
      changed.push([recordKey(record, user.id), recordJson(list, Date.now())]);
    }
    if (changed.length > 0) setMany(changed, db).catch(ignore);
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}
