import type { Query, QueryClient } from '@tanstack/react-query';
import { CACHE_NAMES, CACHES } from '../../shared/api/caches.ts';
import { renderNow } from '../lib/hydration.ts';
import { firstReadsAt } from './first-reads.ts';
import { registerMoneyWrites } from './money.ts';
import { registerOrderWrites } from './orders.ts';
import { registerPackingWrites } from './packing-ticks.ts';
import { registerPhotoWrites } from './photo-writes.ts';
import { keyOfRead } from './query.ts';
import { registerReminderWrites } from './reminders.ts';
import { settingsKeys } from './settings.ts';
import { registerStockWrites } from './stock-writes.ts';
import { registerTodoWrites } from './todos.ts';

/**
 * What the app keeps for offline use: the answers of the caches that say so (shared/api/caches.ts), not the
 * session, the set-up state or the backups (they belong to the server's present, and a signed-out browser must
 * not find a session in the cache).
 */
const persistedRoots: ReadonlySet<unknown> = new Set(CACHE_NAMES.filter((name) => CACHES[name].offline));

/** The queries saved to IndexedDB: answered ones of the shop's data. */
export const shouldPersistQuery = (query: Query): boolean =>
  query.state.status === 'success' && persistedRoots.has(query.queryKey[0]);

/** What every screen shows besides its own answers: the shop's name in the app bar. */
const SHELL: Array<readonly unknown[]> = [settingsKeys.shop];

/**
 * The answers the screen at a path reads first (shared/screens.ts `firstReads`), then the shell's: restored from
 * IndexedDB before the others (lib/persist.ts). `search`: the address's query string (Salg's `?year=`).
 */
export function firstScreenKeys(pathname: string, search = ''): Array<readonly unknown[]> {
  return [...firstReadsAt(pathname, search, renderNow()).map(keyOfRead), ...SHELL];
}

/** Registers every write that works offline; before the persisted queue is restored (main.tsx). */
export function registerOfflineWrites(queryClient: QueryClient): void {
  registerOrderWrites(queryClient);
  registerTodoWrites(queryClient);
  registerPackingWrites(queryClient);
  registerReminderWrites(queryClient);
  registerPhotoWrites(queryClient);
  registerStockWrites(queryClient);
  registerMoneyWrites(queryClient);
}
