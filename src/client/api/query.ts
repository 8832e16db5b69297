/**
 * One query factory for every answer the app keeps (decision 0021): a GET route of the route table that names
 * its cache (`cache` in shared/api/routes.ts) gives its query key, its URL and its fetch together, typed from its
 * contract. Every screen, the boot's first reads, the server's first screen and the offline store build their
 * queries here, so a key is never spelled twice:
 *
 *   queryOf(apiRoutes.customer, { params: { id } })   // { queryKey: ['customers', 'customer', { id }], queryFn }
 *
 * A key is the cache's name, the route's name, then the params and the query where the call has them: a
 * refresh of the cache (client/api/refresh.ts) reaches every answer in it, and `routeKey` every answer of one
 * route.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CacheName } from '../../shared/api/caches.ts';
import type { ApiRoute, RouteAnswer } from '../../shared/api/routes.ts';
import type { FirstRead } from '../../shared/screens.ts';
import { type CallArgs, call } from '../lib/api.ts';

/** A GET route whose answers the app keeps. */
export type CachedRoute = ApiRoute<'GET'> & { readonly cache: CacheName; readonly name: string };

type Input = { params?: Record<string, string>; query?: Record<string, unknown> };

/** The query without its unset values (they are not in the URL either). */
function setOnly(query: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!query) return null;
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return Object.keys(set).length > 0 ? set : null;
}

/** Every answer of a route, whatever its params or query (a prefix of each of their keys). */
export function routeKey(route: CachedRoute): readonly [CacheName, string] {
  return [route.cache, route.name];
}

/** The key of one call's answer. */
export function keyOf<R extends CachedRoute>(route: R, ...[input]: CallArgs<R>): QueryKey {
  const { params, query } = (input ?? {}) as Input;
  const set = setOnly(query);
  return [...routeKey(route), ...(params ? [params] : []), ...(set ? [set] : [])];
}

/** A call's query: its key and its fetch, for useQuery, prefetchQuery, setQueryData and the first reads. */
export function queryOf<R extends CachedRoute>(
  route: R,
  ...args: CallArgs<R>
): { queryKey: QueryKey; queryFn: () => Promise<RouteAnswer<R>> } {
  return { queryKey: keyOf(route, ...args), queryFn: () => call(route, ...args) };
}

/** A first read's key: under it the app keeps the answer (client/api/query.ts), a paged one as its pages. */
export function keyOfRead(read: FirstRead): readonly unknown[] {
  const key = keyOf(read.route as CachedRoute, read.input as never);
  return read.pages ? [...key, 'pages'] : key;
}

/** Asks a first read into the cache (never throws): a paged list as the first page of its infinite query. */
export function prefetchRead(queryClient: QueryClient, read: FirstRead): Promise<void> {
  const queryFn = () => call(read.route, read.input as never);
  return read.pages
    ? queryClient.prefetchInfiniteQuery({ queryKey: keyOfRead(read), queryFn, initialPageParam: null })
    : queryClient.prefetchQuery({ queryKey: keyOfRead(read), queryFn });
}
