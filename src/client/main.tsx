import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { prefetchFirstReads } from './api/boot.ts';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { createRouter, preloadRoute } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { SUCCESS_DURATION_MS } from './lib/notify.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startServiceWorkerWhenIdle } from './lib/service-worker-start.ts';

const queryClient = createQueryClient();
const router = createRouter();
// The page's code and its first data start loading now, beside the session check, not one after another.
preloadRoute(window.location.pathname);
prefetchFirstReads(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
        <Toaster position="bottom-center" duration={SUCCESS_DURATION_MS} richColors closeButton={false} />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

// The installable app's service worker, once the first screen is up (lib/service-worker-start.ts).
startServiceWorkerWhenIdle();
