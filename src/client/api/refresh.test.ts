/**
 * What a write refreshes, derived from the route table (api/refresh.ts, decision 0021): every cache whose routes
 * read a table the write changes. The tables each write really changes are held to its route's `writes` by
 * tests/api/live-events.test.ts (the versions it moves); here: the derivation, and what it gives for the writes
 * whose effect a person would notice missing.
 */
import { describe, expect, it } from 'vitest';
import { CACHES } from '../../shared/api/caches.ts';
import { type ApiRoute, apiRoutes } from '../../shared/api/routes.ts';
import { VERSIONED_TABLES } from '../../shared/api/tables.ts';
import { CHANGE_ENTITIES } from '../../shared/domain/changes.ts';
import { cachesAfter, cachesAfterChange, cachesReading } from './refresh.ts';

const routes = Object.values(apiRoutes) as ApiRoute[];
const sorted = (list: readonly string[]) => [...list].sort();

describe('refreshes derived from the route table', () => {
  it('has a cache for every GET the app keeps, and a write fact only on writes', () => {
    for (const route of routes) {
      if (route.cache) expect(Object.keys(CACHES), route.name).toContain(route.cache);
      if (route.method === 'GET') expect(route.writes, route.name).toBeUndefined();
      else expect(route.cache, route.name).toBeUndefined();
    }
    // Every write that changes the shop's tables says which (an /api/auth route and a backup change none).
    const silent = routes.filter((route) => route.method !== 'GET' && !route.writes && !route.refreshes);
    expect(silent.map((route) => route.name)).toEqual([]);
  });

  it('refreshes each cache whose routes read a table written, and no other', () => {
    for (const table of VERSIONED_TABLES) {
      const readers = routes.filter((route) => route.cache && route.reads?.includes(table));
      expect(sorted(cachesReading([table])), table).toEqual(
        sorted([...new Set(readers.map((r) => r.cache!))]),
      );
    }
  });

  it('refreshes what she would miss: a price in the active orders, a name on Puden, the books after a payment', () => {
    expect(cachesAfter(apiRoutes.updateBead)).toEqual(
      expect.arrayContaining(['beads', 'orders', 'pillow', 'customers', 'todos', 'stockCounts', 'sales']),
    );
    expect(cachesAfter(apiRoutes.updateCustomer)).toEqual(
      expect.arrayContaining(['customers', 'orders', 'pillow', 'todos', 'packing', 'books']),
    );
    expect(cachesAfter(apiRoutes.registerPayment)).toEqual(
      expect.arrayContaining(['orders', 'customers', 'pillow', 'reminders', 'books', 'sales']),
    );
    expect(cachesAfter(apiRoutes.moveStock)).toEqual(
      expect.arrayContaining(['beads', 'stockCounts', 'sales']),
    );
    expect(cachesAfter(apiRoutes.updateShopSettings)).toEqual(
      expect.arrayContaining(['settings', 'orders', 'pillow', 'stockCounts', 'sales', 'books']),
    );
    // What no table says, beside its route.
    expect(cachesAfter(apiRoutes.signIn)).toEqual(['session']);
    expect(cachesAfter(apiRoutes.takeBackup)).toEqual(['backups']);
    // The session, the set-up and the phone's set-up never follow the shop's tables.
    expect(cachesReading([...VERSIONED_TABLES])).not.toEqual(expect.arrayContaining(['session']));
  });

  it('refreshes, on each change made elsewhere, every cache that reads what it writes; an import everything', () => {
    for (const entity of CHANGE_ENTITIES) expect(cachesAfterChange(entity).length, entity).toBeGreaterThan(0);
    expect(sorted(cachesAfterChange('shop'))).toEqual(sorted(Object.keys(CACHES)));
    expect(cachesAfterChange('customer')).toEqual(
      expect.arrayContaining(['customers', 'orders', 'pillow', 'todos']),
    );
    expect(cachesAfterChange('stock')).toEqual(expect.arrayContaining(['beads', 'stockCounts', 'sales']));
  });
});
