import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, useInsertionEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstReads } from './api/boot.ts';
import { firstScreenKeys, registerOfflineWrites, shouldPersistQuery } from './api/offline.ts';
import { sessionQuery } from './api/session.ts';
import { shopSettingsQuery } from './api/settings.ts';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { bootMenuOpen, loadMenuDrawer } from './app/menu-loader.ts';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { watchConnection } from './lib/connection.ts';
import { takeNotice } from './lib/handover-notice.ts';
import { notifySuccess, SUCCESS_DURATION_MS } from './lib/notify.ts';
import { applyRestoredQueue } from './lib/offline-writes.ts';
import { startPersistence } from './lib/persist.ts';
import { saveWhenLeaving, watchQueuedWrites } from './lib/persist-save.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startServiceWorkerWhenIdle } from './lib/service-worker-start.ts';
import { loadToasts, whenToastsLoad } from './lib/toast.ts';

/**
 * Marks the server's first screen as taken over in the commit that replaces it (public/boot.js then steps aside):
 * an insertion effect runs before the new elements are laid out and focused (a search field's autofocus lands),
 * and in the same task, so nothing can be tapped in between.
 */
function TakeOver({ root, children }: { root: HTMLElement; children: React.ReactNode }) {
  useInsertionEffect(() => {
    for (const name of ['data-first-screen', 'aria-busy']) root.removeAttribute(name);
  }, [root]);
  return <>{children}</>;
}

/** How long a server-rendered first screen waits for its data before the app renders anyway. */
const FIRST_SCREEN_DATA_WAIT_MS = 5000;

/** The toasts' Toaster, mounted once their library has loaded (lib/toast.ts), not with the first screen. */
function DeferredToaster() {
  const [sonner, setSonner] = useState<typeof import('sonner') | null>(null);
  useEffect(() => {
    let mounted = true;
    whenToastsLoad((loading) => void loading.then((loaded) => mounted && setSonner(loaded)));
    const timer = setTimeout(() => void loadToasts(), 4000);
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, []);
  if (!sonner) return null;
  return (
    <sonner.Toaster position="bottom-center" duration={SUCCESS_DURATION_MS} richColors closeButton={false} />
  );
}

/**
 * Starts the app at the current path. Importing this module only evaluates the app's code (React, MUI, …):
 * the login page does that while the sign-in request is under way (entry.ts `prepareApp`), and starts the
 * app once it has answered.
 */
export function start(): void {
  const queryClient = createQueryClient();
  // Offline: the connection as the browser and the failed requests tell it, and the writes that can
  // wait for it (registered before their persisted queue is restored).
  watchConnection();
  registerOfflineWrites(queryClient);
  // The page's code and its first data start loading now, beside the session check, not one after another;
  // none of them waits for the persisted cache to be read.
  const pageCode = preloadRoute(window.location.pathname);
  const session = queryClient.prefetchQuery(sessionQuery);
  const firstReads = prefetchFirstReads(queryClient, window.location.pathname, window.location.search);

  // The cache kept in IndexedDB comes back beside all this, the first screen's part first; nothing waits for it.
  watchQueuedWrites(queryClient);
  saveWhenLeaving(queryClient, shouldPersistQuery);
  startPersistence(queryClient, {
    shouldPersistQuery,
    firstScreen: firstScreenKeys(window.location.pathname, window.location.search),
    // Writes queued before a reload show again and go as soon as the network allows.
    onFirstRestored: () => void applyRestoredQueue(queryClient),
  });

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>
            <AppRouter />
          </ErrorBoundary>
          <DeferredToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
  // The server sent the first screen as HTML (server/first-html/): it stays until the app can render the same
  // screen with its code and data, instead of giving way to a loading state.
  // Its data waits at most FIRST_SCREEN_DATA_WAIT_MS (a network lost meanwhile): the app then shows what it has.
  if (root.hasAttribute('data-first-screen')) {
    const data = Promise.race([
      // The shop's name in the app bar, as the server showed it.
      Promise.all([session, firstReads, queryClient.prefetchQuery(shopSettingsQuery)]),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_DATA_WAIT_MS)),
    ]);
    // The app renders in a transition: React works in slices of a few milliseconds and yields between them
    // while the server's screen stays on view, instead of blocking the phone for the whole render.
    const takeOver = () =>
      startTransition(() => createRoot(root).render(<TakeOver root={root}>{app}</TakeOver>));
    // The server's plain menu is open (public/boot.js): the app's drawer code first, so it stands open in its place.
    const render = () => (bootMenuOpen() ? void loadMenuDrawer().then(takeOver, takeOver) : takeOver());
    void Promise.all([pageCode, data]).then(render, render);
  } else createRoot(root).render(app);

  // "Velkommen …" from the login page that started the app (login/login-page.ts).
  const notice = takeNotice();
  if (notice) notifySuccess(notice);

  // The installable app's service worker, once the first screen is up (lib/service-worker-start.ts).
  startServiceWorkerWhenIdle();
}
