import { hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { del, get, keys } from 'idb-keyval';
import { idle } from './idle.ts';
import { askToKeepStorage } from './keep-storage.ts';
import { startSaving } from './persist-save.ts';
import {
  type DehydratedMutation,
  type DehydratedQuery,
  idb,
  ignore,
  isRecordKeyOf,
  PAGE_STARTED,
  readRecord,
  recordKey,
  recordOf,
  writesKey,
} from './persist-store.ts';
import { rememberedUser } from './remembered-user.ts';

/**
 * The query cache kept in IndexedDB, so the last-seen screens open without network and writes
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
 *
 * Here the restoring; the records in lib/persist-store.ts, the saving in lib/persist-save.ts.
 */

/**
 * Waits until the first screen is shown and the app has settled (the load event and 5 s more), so the other
 * records (a big shop's todo list is ~750 kB of JSON) are not parsed while the phone starts the app; offline at
 * once, as there is nothing to wait for and they may be needed.
 */
const afterFirstScreen = () =>
  new Promise<void>((resolve) => {
    const ready = () => setTimeout(resolve, 5000);
    if (!onlineManager.isOnline()) resolve();
    else if (document.readyState === 'complete') ready();
    else window.addEventListener('load', ready, { once: true });
  });

const RESTORE_START = 'naalepuden-restore-start';

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
  /**
   * Resolves when the app has taken the server's first screen over (main.tsx): the other records wait for it, as
   * the app hydrates that screen with exactly the answers the server rendered.
   */
  afterTakeOver?: Promise<void>;
};

/**
 * Restores the remembered user's cache without holding up the first screen, then keeps it saved.
 * Nothing waits for IndexedDB: online the screens ask the server as before and the restored answers fill in
 * whatever has not arrived yet. First the queued writes and the first screen's records (a few kB to a few
 * hundred kB), then, once the first screen is up (offline at once), the other records one per idle moment (a
 * big shop's todo list alone is ~750 kB of JSON: parsed during the first screen, it cost ~100–250 ms at a
 * phone's speed). Saving starts at once (lib/persist-save.ts: this page's own answers until all are read).
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
  const everyRecordRead = startSaving(queryClient, options.shouldPersistQuery);
  // A signed-in device keeps the shop's data and its queued writes: ask the browser not to clear them.
  if (db && user) void askToKeepStorage();
  if (!db || !user) {
    firstRestored();
    everyRecordRead();
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
    if (rest.length > 0) await Promise.all([afterFirstScreen(), options.afterTakeOver]);
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
      everyRecordRead();
    });
}
