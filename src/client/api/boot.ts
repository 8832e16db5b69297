import type { QueryClient } from '@tanstack/react-query';
import { type ScreenName, screenAt } from '../../shared/screens.ts';
import { beadsQuery } from './beads.ts';
import { customersQuery } from './customers.ts';
import { openOrdersQuery } from './orders.ts';
import { pillowQuery } from './pillow.ts';
import { salesQuery, salesYear } from './sales.ts';
import { todoFirstScreenQuery } from './todos.ts';

/**
 * What each screen (shared/screens.ts) reads first, requested as soon as the app starts: in parallel with the
 * session check and the page's code instead of after them. Without a session the requests answer 401 and the
 * page asks again once signed in. The URLs they ask are the screen's `firstReads` (api/first-reads.test.ts).
 */
const FIRST_READS: Partial<
  Record<ScreenName, Array<{ queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }>>
> = {
  pillow: [pillowQuery],
  customers: [customersQuery],
  beads: [beadsQuery],
  orders: [openOrdersQuery],
  // The whole lists follow once the first screenful is shown (useTodosFirstScreenFirst).
  todos: [todoFirstScreenQuery],
};

/**
 * Resolves when every first read has answered (or failed: prefetching never throws). `search` is the page's
 * query string (Salg's `?year=`).
 */
export async function prefetchFirstReads(
  queryClient: QueryClient,
  pathname: string,
  search = '',
): Promise<void> {
  const screen = screenAt(pathname)?.name;
  const reads: Promise<void>[] = ((screen && FIRST_READS[screen]) || []).map((query) =>
    queryClient.prefetchQuery(query),
  );
  // Salg's year comes from the address, so the boot script (boot/boot.ts) cannot ask for it early.
  if (screen === 'sales')
    reads.push(queryClient.prefetchQuery(salesQuery(salesYear(new URLSearchParams(search).get('year')))));
  // Pakning's reads load with its code, not in every page's first load (the boot script has asked already).
  if (screen === 'packing')
    reads.push(
      import('./packing.ts').then(({ packingOrdersQuery, pickListQuery }) =>
        Promise.all([
          queryClient.prefetchQuery(pickListQuery),
          // Its orders come in pages (an infinite query): the first page.
          queryClient.prefetchInfiniteQuery(packingOrdersQuery),
        ]).then(() => undefined),
      ),
    );
  await Promise.all(reads);
}
