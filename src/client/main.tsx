import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { prepareDanishCollation } from '../shared/domain/collation.ts';
import type { FirstScreenState } from '../shared/first-screen-state.ts';
import type { ShopSettings } from '../shared/schemas/api-settings.ts';
import { prefetchFirstReads } from './api/boot.ts';
import { PAGE_ANSWERS } from './api/first-reads.ts';
import { firstScreenKeys, registerOfflineWrites, shouldPersistQuery } from './api/offline.ts';
import { primeSession, sessionQuery, sessionUserOf } from './api/session.ts';
import { primeShopSettings, shopSettingsQuery } from './api/settings.ts';
import { AppRoot } from './app/app-root.tsx';
import { bootMenuOpen, loadMenuDrawer } from './app/menu-loader.ts';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { answerVersion } from './lib/api.ts';
import { watchConnection } from './lib/connection.ts';
import { takeNotice } from './lib/handover-notice.ts';
import { noteTyping, replayTaps, replayTyping } from './lib/held-taps.ts';
import { firstScreenState, markTakenOver } from './lib/hydration.ts';
import { idle } from './lib/idle.ts';
import { notifySuccess } from './lib/notify.ts';
import { applyRestoredQueue } from './lib/offline-writes.ts';
import { startPersistence } from './lib/persist.ts';
import { saveWhenLeaving, watchQueuedWrites } from './lib/persist-save.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startServiceWorkerWhenIdle } from './lib/service-worker-start.ts';

/** The performance mark of the app's takeover of the server's first screen. */
const TAKEOVER_MARK = 'naalepuden-takeover';

/** How long a server-rendered first screen waits for its data before the app renders anyway. */
const FIRST_SCREEN_DATA_WAIT_MS = 5000;

/** The performance mark of a hydration React could not complete (the tests read it). */
const HYDRATION_ERROR_MARK = 'naalepuden-hydration-error';

/**
 * Reported by React when it could not hydrate (part of) the server's screen and rendered it anew: the two renders
 * differed. The app works on, so it is only logged and marked; the end-to-end tests fail on it
 * (tests/e2e/support/hydration.ts).
 */
function reportRecoverable(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  performance.mark(HYDRATION_ERROR_MARK, { detail: message.slice(0, 500) });
  console.error('naalepuden: hydration failed, the screen was rendered anew', error);
}

/** The session and the shop's settings the page carries (server/first-html/): the app need not ask first. */
function primeFromPage(queryClient: QueryClient, state: FirstScreenState): void {
  const user = sessionUserOf(state.answers[PAGE_ANSWERS.session] as Parameters<typeof sessionUserOf>[0]);
  if (user) primeSession(queryClient, user);
  const settings = state.answers[PAGE_ANSWERS.settings];
  if (settings) primeShopSettings(queryClient, settings as ShopSettings);
}

/** Every first read the server rendered has arrived here in the same version (by its ETag): the renders agree. */
const sameAnswers = (state: FirstScreenState) =>
  Object.entries(state.versions).every(([url, version]) => answerVersion(url) === version);

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

  const root = document.getElementById('root')!;
  const serverScreen = root.hasAttribute('data-first-screen');
  const state = serverScreen ? firstScreenState() : null;
  if (state) primeFromPage(queryClient, state);

  // The app's first commit: the server's screen (if any) is the app's now, and what was held for it is done.
  let tookOver: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => {
    tookOver = resolve;
  });

  // The cache kept in IndexedDB comes back beside all this, the first screen's part first; nothing waits for it.
  // Queued writes show (and what else was kept comes back) once the app has taken over: the server's screen is
  // hydrated with exactly what the server rendered.
  watchQueuedWrites(queryClient);
  saveWhenLeaving(queryClient, shouldPersistQuery);
  startPersistence(queryClient, {
    shouldPersistQuery,
    firstScreen: firstScreenKeys(window.location.pathname, window.location.search),
    afterTakeOver: takenOver,
    // Writes queued before a reload show again and go as soon as the network allows.
    onFirstRestored: () => void takenOver.then(() => applyRestoredQueue(queryClient)),
  });

  if (!serverScreen) {
    markTakenOver();
    createRoot(root).render(<AppRoot queryClient={queryClient} router={<AppRouter />} />);
    tookOver();
  } else {
    // The server sent the first screen as HTML (server/first-html/): it stays until the app has its code and the
    // data it was rendered with, then the app hydrates it (decision 0014). Its data waits at most
    // FIRST_SCREEN_DATA_WAIT_MS (a network lost meanwhile): the app then renders what it has in its place.
    const data = Promise.race([
      Promise.all([
        firstReads,
        state ? undefined : Promise.all([session, queryClient.prefetchQuery(shopSettingsQuery)]),
      ]),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_DATA_WAIT_MS)),
    ]);
    const takeOver = () => {
      const hydrate = state !== null && sameAnswers(state);
      const typed = noteTyping(root, !hydrate);
      let done = false;
      const onTakeOver = () => {
        if (done) return;
        done = true;
        markTakenOver();
        // How the app took over (the tests and the bench read it): 'hydrate', or 'render' when it rendered anew.
        performance.mark(TAKEOVER_MARK, { detail: hydrate ? 'hydrate' : 'render' });
        for (const name of ['data-first-screen', 'aria-busy']) root.removeAttribute(name);
        document.getElementById('boot-menu')?.remove();
        tookOver();
        // What she typed, before the next paint; her taps once the commit's effects have run.
        queueMicrotask(() => replayTyping(root, typed));
        setTimeout(() => replayTaps(root, typed), 0);
      };
      const app = <AppRoot queryClient={queryClient} router={<AppRouter />} onTakeOver={onTakeOver} />;
      if (hydrate) hydrateRoot(root, app, { onRecoverableError: reportRecoverable });
      // Rendered anew in a transition: React works in slices and yields between them while the server's screen
      // stays on view, instead of blocking the phone for the whole render.
      else startTransition(() => createRoot(root).render(app));
    };
    // The server's plain menu is open: the app's drawer code first, so it stands open in its place.
    const ready = () => (bootMenuOpen() ? void loadMenuDrawer().then(takeOver, takeOver) : takeOver());
    void Promise.all([pageCode, data]).then(ready, ready);
  }

  // The Danish collation a dialog's picker sorts with, made in an idle moment rather than at the first tap.
  void takenOver.then(idle).then(prepareDanishCollation);

  // "Velkommen …" from the login page that started the app (login/login-page.ts).
  const notice = takeNotice();
  if (notice) notifySuccess(notice);

  // The installable app's service worker, once the first screen is up (lib/service-worker-start.ts).
  startServiceWorkerWhenIdle();
}
