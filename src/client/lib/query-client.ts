import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isNetworkError } from './api.ts';
import { ApiError } from './api-error.ts';

/** How long answers are kept, in memory and in IndexedDB (lib/persist.ts): a week. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Kept as long as the persisted cache (lib/persist.ts): a query dropped from memory would be dropped
        // from IndexedDB at the next save, and the screen would not open offline.
        gcTime: CACHE_MAX_AGE_MS,
        retry: (failureCount, error) => {
          // The app is offline now (connection.ts): the retry waits for the network instead of showing an
          // error, and the cached data stays on screen.
          if (isNetworkError(error) && !onlineManager.isOnline()) return true;
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        refetchOnWindowFocus: true,
      },
      // Writes fail at once without a network ('Kunne ikke få forbindelse til serveren') instead of hanging;
      // the writes that work offline wait for it instead (lib/offline-writes.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
