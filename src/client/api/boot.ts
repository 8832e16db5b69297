import type { QueryClient } from '@tanstack/react-query';
import { screenAt } from '../../shared/screens.ts';
import { renderNow } from '../lib/hydration.ts';
import { firstReadsAt } from './first-reads.ts';
import { prefetchRead } from './query.ts';

/**
 * What the screen reads first (shared/screens.ts `firstReads`), requested as soon as the app starts: in parallel
 * with the session check and the page's code instead of after them, for every screen the boot script asks early
 * (`bootReads`) or the server renders (Salg, whose year comes from the address). Without a session the requests
 * answer 401 and the page asks again once signed in. Resolves when every read has answered (or failed:
 * prefetching never throws). `search` is the page's query string.
 */
export async function prefetchFirstReads(
  queryClient: QueryClient,
  pathname: string,
  search = '',
): Promise<void> {
  const screen = screenAt(pathname)?.screen;
  if (!screen?.bootReads && !screen?.serverRendered) return;
  await Promise.all(
    firstReadsAt(pathname, search, renderNow()).map((read) => prefetchRead(queryClient, read)),
  );
}
