import { CssBaseline, ThemeProvider } from '@mui/material';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { prefetchFirstReads } from './api/boot.ts';
import { registerOfflineWrites, shouldPersistQuery } from './api/offline.ts';
import { sessionQuery } from './api/session.ts';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { createRouter, preloadRoute } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { watchConnection } from './lib/connection.ts';
import { SUCCESS_DURATION_MS } from './lib/notify.ts';
import { applyRestoredQueue } from './lib/offline-writes.ts';
import { BUILD_ID, CACHE_MAX_AGE_MS, persister, saveWhenLeaving, watchQueuedWrites } from './lib/persist.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startServiceWorkerWhenIdle } from './lib/service-worker-start.ts';

const queryClient = createQueryClient();
// Offline (issue 13): the connection as the browser and the failed requests tell it, the writes that can
// wait for it (registered before their persisted queue is restored), and that queue saved on every change.
watchConnection();
registerOfflineWrites(queryClient);
watchQueuedWrites(queryClient);
saveWhenLeaving(queryClient, shouldPersistQuery);
const router = createRouter();
// The page's code and its first data start loading now, beside the session check, not one after another;
// none of them waits for the persisted cache to be read.
preloadRoute(window.location.pathname);
void queryClient.prefetchQuery(sessionQuery);
prefetchFirstReads(queryClient, window.location.pathname);

const persistOptions = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: BUILD_ID,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        // Writes queued before a reload show again and go as soon as the network allows.
        onSuccess={() => applyRestoredQueue(queryClient)}
      >
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
        <Toaster position="bottom-center" duration={SUCCESS_DURATION_MS} richColors closeButton={false} />
      </PersistQueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

// The installable app's service worker, once the first screen is up (lib/service-worker-start.ts).
startServiceWorkerWhenIdle();
