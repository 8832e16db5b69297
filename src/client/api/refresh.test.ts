/**
 * The client's refresh sets against the route table's `reads` (src/shared/api/routes.ts): a change made
 * elsewhere (a live event, refreshOnChange) must refresh every cached answer that reads a table the change
 * writes, or the screen keeps showing what the server no longer says until it is fetched for another reason.
 */
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, apiRoutes } from '../../shared/api/routes.ts';
import type { VersionedTable } from '../../shared/api/tables.ts';
import type { ChangeEntity } from '../../shared/domain/changes.ts';
import { keyRoots, keysToRefresh, refreshOnChange } from './refresh.ts';

/** The key root each GET route with reads is cached under (src/client/api/*.ts); null: the client never caches it. */
const CACHED_UNDER: Record<string, keyof typeof keyRoots | null> = {
  customers: 'customers',
  customer: 'customers',
  beads: 'beads',
  bead: 'beads',
  stockCounts: 'stockCounts',
  openOrders: 'orders',
  shippedOrders: 'orders',
  order: null,
  billText: 'orders',
  orderHistory: 'orders',
  parcels: 'orders',
  todos: 'todos',
  firstTodos: 'todos',
  pillow: 'pillow',
  packingOrders: 'packing',
  pickList: 'packing',
  reminders: 'reminders',
  sales: 'sales',
  shopSettings: 'settings',
  books: 'books',
};

/** The tables a change of each kind writes on the server (its service, in the transaction that records it). */
const WRITES: Record<Exclude<ChangeEntity, 'shop'>, readonly VersionedTable[]> = {
  customer: ['customers'],
  /** A bead's name, price, deletion, and its photos (photos.service records them as the bead's). */
  bead: ['beads', 'bead_photos'],
  todo: ['todos'],
  /** An order's payments and credit notes are recorded as its changes (docs/product/money.md). */
  order: ['orders', 'order_lines', 'order_history', 'payments', 'credit_notes'],
  /** A movement (and the columns below). */
  stock: ['stock_movements'],
};

/**
 * A stock change also writes a bead's count (beads.stock…) and a counting round's start
 * (shop_settings.count_round_started_at); by table every answer that names a bead would depend on them, but
 * only these show those columns.
 */
const SHOW_STOCK_COLUMNS = ['beads', 'bead', 'stockCounts', 'sales'];

const readingRoutes = Object.entries(apiRoutes as Record<string, ApiRoute>).filter(([, r]) => r.reads);
const covers = (keys: readonly QueryKey[], root: QueryKey) =>
  keys.some((key) => key.length <= root.length && key.every((part, i) => part === root[i]));

/** The (change, route) pairs whose cache a change would leave stale. */
function staleAfterChanges(): string[] {
  const stale: string[] = [];
  for (const [entity, tables] of Object.entries(WRITES) as [
    Exclude<ChangeEntity, 'shop'>,
    VersionedTable[],
  ][]) {
    const refreshes = refreshOnChange[entity];
    if (refreshes === 'everything') continue;
    const keys = keysToRefresh(refreshes);
    for (const [name, route] of readingRoutes) {
      const root = CACHED_UNDER[name];
      const reads =
        route.reads?.some((table) => tables.includes(table)) ||
        (entity === 'stock' && SHOW_STOCK_COLUMNS.includes(name));
      if (!root || !reads) continue;
      if (!covers(keys, keyRoots[root])) stale.push(`${entity} → ${name}`);
    }
  }
  return stale.sort();
}

describe('refresh sets and the route table', () => {
  it('names the cache of every GET route that reads tables', () => {
    expect(readingRoutes.map(([name]) => name).filter((name) => !(name in CACHED_UNDER))).toEqual([]);
  });

  it('refreshes, on each change made elsewhere, every cached answer that reads a table it writes', () => {
    expect(staleAfterChanges()).toEqual([]);
  });

  it('an import (shop) refreshes everything', () => {
    expect(refreshOnChange.shop).toBe('everything');
  });
});
