import type { QueryClient } from '@tanstack/react-query';
import { beadsQuery } from './beads.ts';
import { customersQuery } from './customers.ts';
import { openOrdersQuery } from './orders.ts';
import { pillowQuery } from './pillow.ts';
import { todoFirstScreenQuery } from './todos.ts';

/**
 * What the screen at a path reads first, requested as soon as the app starts: in parallel with the session
 * check and the page's code instead of after them. Without a session the requests answer 401 and the page
 * asks again once signed in.
 */
const FIRST_READS: Record<
  string,
  Array<{ queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }>
> = {
  '/pillow': [pillowQuery],
  '/customers': [customersQuery],
  '/needles': [beadsQuery],
  '/orders': [openOrdersQuery],
  // The whole lists follow once the first screenful is shown (useTodosFirstScreenFirst).
  '/todos': [todoFirstScreenQuery],
};

export function prefetchFirstReads(queryClient: QueryClient, pathname: string): void {
  for (const query of FIRST_READS[pathname] ?? []) void queryClient.prefetchQuery(query);
  // Pakning's reads load with its code, not in every page's first load (public/boot.js has asked already).
  if (pathname === '/packing')
    void import('./packing.ts').then(({ packingOrdersQuery, pickListQuery }) => {
      void queryClient.prefetchQuery(pickListQuery);
      // Its orders come in pages (an infinite query): the first page.
      void queryClient.prefetchInfiniteQuery(packingOrdersQuery);
    });
}
