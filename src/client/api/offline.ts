import type { Query, QueryClient } from '@tanstack/react-query';
import { type ScreenName, type ScreenParams, screenAt } from '../../shared/screens.ts';
import { beadKeys } from './beads.ts';
import { customerKeys } from './customers.ts';
import { registerMoneyWrites } from './money.ts';
import { orderKeys, registerOrderWrites } from './orders.ts';
import { packingKeys, registerPackingWrites } from './packing-ticks.ts';
import { registerPhotoWrites } from './photo-writes.ts';
import { pillowKeys } from './pillow.ts';
import { keyRoots } from './refresh.ts';
import { registerReminderWrites, reminderKeys } from './reminders.ts';
import { salesKeys, salesYear } from './sales.ts';
import { settingsKeys } from './settings.ts';
import { registerStockWrites, stockKeys } from './stock-writes.ts';
import { registerTodoWrites, todoFirstScreenQuery } from './todos.ts';

/**
 * What the app keeps for offline use: the shop's data that the screens read, not the session,
 * the set-up state or the backups (they belong to the server's present, and a signed-out browser must not
 * find a session in the cache).
 */
const persistedRoots: ReadonlySet<unknown> = new Set([
  keyRoots.pillow[0],
  keyRoots.customers[0],
  keyRoots.beads[0],
  keyRoots.orders[0],
  keyRoots.todos[0],
  // The shop's name in the app bar and the postage an order changed offline shows.
  keyRoots.settings[0],
  // Pakning, the payment reminders and Salg open offline with their last answers too.
  keyRoots.packing[0],
  keyRoots.reminders[0],
  keyRoots.sales[0],
  // The counting screen counts offline (docs/product/stock.md).
  keyRoots.stockCounts[0],
]);

/** The queries saved to IndexedDB: answered ones of the shop's data. */
export const shouldPersistQuery = (query: Query): boolean =>
  query.state.status === 'success' && persistedRoots.has(query.queryKey[0]);

/** The answers each screen (shared/screens.ts) reads first: restored from IndexedDB before the others (lib/persist.ts). */
type FirstScreenKeys = {
  [N in ScreenName]?: (params: ScreenParams<N>, search: URLSearchParams) => Array<readonly unknown[]>;
};
const FIRST_SCREEN: FirstScreenKeys = {
  pillow: () => [pillowKeys.all],
  customers: () => [customerKeys.all],
  customer: ({ id }) => [customerKeys.detail(id)],
  beads: () => [beadKeys.all],
  bead: ({ id }) => [beadKeys.detail(id)],
  orders: () => [orderKeys.open],
  todos: () => [todoFirstScreenQuery.queryKey],
  packing: () => [packingKeys.orders, packingKeys.pickList],
  reminders: () => [reminderKeys.list],
  sales: (_, search) => [salesKeys.year(salesYear(search.get('year')))],
  stockCount: () => [beadKeys.all, stockKeys.counts],
};

function firstKeysOf<N extends ScreenName>(name: N, params: ScreenParams<N>, search: URLSearchParams) {
  return FIRST_SCREEN[name]?.(params, search);
}

/** What every screen shows besides its own answers: the shop's name in the app bar. */
const SHELL: Array<readonly unknown[]> = [settingsKeys.shop];

/** The screen's own answers, then the shell's. `search`: the address's query string (Salg's `?year=`). */
export function firstScreenKeys(pathname: string, search = ''): Array<readonly unknown[]> {
  const screen = screenAt(pathname);
  if (!screen) return [...SHELL];
  return [...(firstKeysOf(screen.name, screen.params, new URLSearchParams(search)) ?? []), ...SHELL];
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
