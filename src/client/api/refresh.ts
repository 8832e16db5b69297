import type { QueryClient } from '@tanstack/react-query';
import { CACHE_NAMES, type CacheName } from '../../shared/api/caches.ts';
import { CHANGE_TABLES } from '../../shared/api/change-tables.ts';
import { type ApiRoute, apiRoutes } from '../../shared/api/routes.ts';
import type { VersionedTable } from '../../shared/api/tables.ts';
import type { ChangeEntity } from '../../shared/domain/changes.ts';

/**
 * What a write refreshes, derived from the route table (decision 0021): a write of a table refreshes every cache
 * with a route that reads it (`reads` and `cache` in shared/api/routes.ts), the tables a write changes are its
 * route's `writes`, and those of a change made elsewhere (a live event) are its entity's (shared/api/change-tables.ts
 * CHANGE_TABLES). A cache no table says (the session after a sign-in) is its route's `refreshes`, beside it.
 */

const routes = Object.values(apiRoutes) as ApiRoute[];

/** The caches whose routes read each table. */
const readersOf = new Map<VersionedTable, Set<CacheName>>();
for (const route of routes) {
  if (!route.cache) continue;
  for (const table of route.reads ?? []) {
    const readers = readersOf.get(table) ?? new Set<CacheName>();
    readers.add(route.cache);
    readersOf.set(table, readers);
  }
}

/** The caches that show what a write of these tables changes, each once. */
export function cachesReading(tables: readonly VersionedTable[]): CacheName[] {
  const caches = new Set<CacheName>();
  for (const table of tables) for (const cache of readersOf.get(table) ?? []) caches.add(cache);
  return [...caches];
}

/** The caches a write through `route` makes stale: those reading what it writes, and what it names besides. */
export function cachesAfter(route: ApiRoute): CacheName[] {
  return [...new Set([...cachesReading(route.writes ?? []), ...(route.refreshes ?? [])])];
}

/** The caches a change made elsewhere makes stale, by the kind of thing that changed. */
export function cachesAfterChange(entity: ChangeEntity): CacheName[] {
  const tables = CHANGE_TABLES[entity];
  return tables === 'everything' ? [...CACHE_NAMES] : cachesReading(tables);
}

/** Marks every answer of these caches stale and refetches those on screen. */
export function refresh(queryClient: QueryClient, caches: readonly CacheName[]): Promise<void> {
  return Promise.all(caches.map((cache) => queryClient.invalidateQueries({ queryKey: [cache] }))).then(
    () => undefined,
  );
}

/** After a write through `route` (its answer came): refreshes what it made stale. */
export function refreshAfter(queryClient: QueryClient, route: ApiRoute): Promise<void> {
  return refresh(queryClient, cachesAfter(route));
}

/** An import can touch everything, the backups included (it takes one first). */
export function refreshEverything(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
