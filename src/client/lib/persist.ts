import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { isOfflineWrite } from './offline-writes.ts';

/**
 * The query cache kept in IndexedDB (issue 13), so the last-seen screens open without network and writes
 * made offline survive a reload.
 *
 * - **Per user.** Every record is stored under the signed-in user's id, remembered from the last session
 *   (localStorage). At start only that user's records are read; a session for another user deletes every
 *   other user's records and empties the memory cache first; signing out deletes the user's records.
 * - **Two records.** The cached answers (`queries:<user>`) are saved at most once a second (a big shop's
 *   lists are ~2 MB of JSON); the queue of offline writes (`writes:<user>`, a few hundred bytes each) is
 *   saved at once on every change, so a write made just before a reload or a closed tab is not lost.
 * - **Busted by build and age.** The answers are thrown away when the build changed (their shape may have)
 *   or after a week; the queued writes are kept, since the API they call does not change with a build.
 */

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The build: the built page names its hashed entry script, whose hash follows every chunk's. */
export const BUILD_ID: string =
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector('meta[name="naalepuden-entry"]')?.getAttribute('content')) ?? 'dev';

/** Detail queries kept per kind of data (the most recently fetched): a customer's page, a bead's page. */
const DETAILS_KEPT = 40;

export type RememberedUser = { id: string; name: string; email: string };

const USER_STORAGE_KEY = 'naalepuden-user';
const queriesKey = (userId: string) => `queries:${userId}`;
const writesKey = (userId: string) => `writes:${userId}`;

function readRememberedUser(): RememberedUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(USER_STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as Partial<RememberedUser>) : null;
    return user && typeof user.id === 'string' && typeof user.name === 'string'
      ? { id: user.id, name: user.name, email: String(user.email ?? '') }
      : null;
  } catch {
    return null;
  }
}

let remembered: RememberedUser | null = readRememberedUser();

/** The user of the last session on this browser (to open the app offline), or null. */
export function rememberedUser(): RememberedUser | null {
  return remembered;
}

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

/**
 * The session answered with this user. A different user than the remembered one: everything of the other
 * user goes, from memory (answers and queued writes) and from IndexedDB, before anything is saved again.
 */
export function adoptUser(queryClient: QueryClient, user: RememberedUser, keep: (query: Query) => boolean) {
  const previous = remembered;
  remembered = { id: user.id, name: user.name, email: user.email };
  try {
    globalThis.localStorage?.setItem(USER_STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Private mode: the app still works, only not offline after a reload.
  }
  if (previous?.id === user.id) return;
  if (previous) {
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: (query) => !keep(query) });
  }
  const db = idb();
  if (db) {
    keys(db)
      .then((all) =>
        delMany(
          all.filter((key) => !String(key).endsWith(`:${user.id}`)),
          db,
        ),
      )
      .catch(ignore);
  }
}

/** Signing out: the user's records go and nobody is remembered. */
export async function forgetUser(): Promise<void> {
  const user = remembered;
  remembered = null;
  try {
    globalThis.localStorage?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing was remembered.
  }
  const db = idb();
  if (user && db) await delMany([queriesKey(user.id), writesKey(user.id)], db).catch(ignore);
}

/** Keeps the newest DETAILS_KEPT queries of each detail kind (`[root, id]`), all lists, in key order. */
function trimDetails(state: DehydratedState): DehydratedState {
  const byKind = new Map<string, Array<DehydratedState['queries'][number]>>();
  for (const query of state.queries) {
    if (query.queryKey.length < 2) continue;
    const kind = `${String(query.queryKey[0])}/${query.queryKey.length}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), query]);
  }
  const dropped = new Set<unknown>();
  for (const queries of byKind.values()) {
    if (queries.length <= DETAILS_KEPT) continue;
    const newestFirst = [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    for (const query of newestFirst.slice(DETAILS_KEPT)) dropped.add(query);
  }
  return dropped.size === 0
    ? state
    : { ...state, queries: state.queries.filter((query) => !dropped.has(query)) };
}

type OwnedClient = PersistedClient & { owner?: string };

// The answers: written by TanStack's persister, throttled; each snapshot carries the user it was taken
// for, and is not written once another user (or nobody) is signed in.
const answers = createAsyncStoragePersister({
  throttleTime: 1000,
  serialize: (client) => {
    const { owner = '', ...rest } = client as OwnedClient;
    return `${owner}\n${JSON.stringify({ ...rest, clientState: trimDetails(rest.clientState) })}`;
  },
  deserialize: (json) => JSON.parse(json) as PersistedClient,
  storage: {
    getItem: async () => {
      const db = idb();
      return remembered && db ? ((await get<string>(queriesKey(remembered.id), db)) ?? null) : null;
    },
    setItem: async (_, value) => {
      const newline = value.indexOf('\n');
      const owner = value.slice(0, newline);
      const db = idb();
      if (!db || !owner || owner !== remembered?.id) return;
      await set(queriesKey(owner), value.slice(newline + 1), db);
    },
    removeItem: async () => {
      const db = idb();
      if (remembered && db) await del(queriesKey(remembered.id), db);
    },
  },
});

type DehydratedMutation = DehydratedState['mutations'][number];

/** Reads both records of the remembered user; answers from another build or older than a week are dropped. */
async function restoreClient(): Promise<PersistedClient | undefined> {
  const db = idb();
  const user = remembered;
  if (!db || !user) return undefined;
  const [saved, queued] = await Promise.all([
    answers.restoreClient(),
    get<DehydratedMutation[]>(writesKey(user.id), db).catch(() => undefined),
  ]);
  const fresh =
    saved && saved.buster === BUILD_ID && Date.now() - saved.timestamp <= CACHE_MAX_AGE_MS
      ? saved
      : undefined;
  if (saved && !fresh) await answers.removeClient();
  if (!fresh && !queued?.length) return undefined;
  return {
    buster: BUILD_ID,
    timestamp: fresh?.timestamp ?? Date.now(),
    clientState: { queries: fresh?.clientState.queries ?? [], mutations: queued ?? [] },
  };
}

export const persister: Persister = {
  persistClient: (client) => answers.persistClient({ ...client, owner: remembered?.id } as OwnedClient),
  restoreClient,
  removeClient: () => answers.removeClient(),
};

/**
 * Saves the queue of offline writes on every change of it: each write still to be sent (waiting, or on its
 * way: a reload during the replay sends it again with the same key), marked paused so that
 * resumePausedMutations picks it up after a restore.
 */
export function watchQueuedWrites(queryClient: QueryClient): () => void {
  let scheduled = false;
  let last = '';
  const save = () => {
    scheduled = false;
    const db = idb();
    const user = remembered;
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
    if (!isOfflineWrite(event.mutation) || scheduled) return;
    scheduled = true;
    queueMicrotask(save);
  });
}

/**
 * Saves the answers at once when the page is hidden or left (a closed tab, the phone switching apps, a
 * reload): the throttled save may still be waiting, and what arrived in the last second would be lost.
 */
export function saveWhenLeaving(queryClient: QueryClient, shouldPersistQuery: (query: Query) => boolean) {
  let changed = false;
  queryClient.getQueryCache().subscribe(() => {
    changed = true;
  });
  const save = () => {
    const db = idb();
    const user = remembered;
    if (!changed || !db || !user) return;
    changed = false;
    const clientState = dehydrate(queryClient, {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: () => false,
    });
    const client = { buster: BUILD_ID, timestamp: Date.now(), clientState: trimDetails(clientState) };
    set(queriesKey(user.id), JSON.stringify(client), db).catch(ignore);
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}
