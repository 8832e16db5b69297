/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * The installable app's service worker, registered after the first screen (main.tsx loads this
 * module with a dynamic import when the page is idle, so none of it is in the first load).
 *
 * The worker (built by vite-plugin-pwa, see vite.config.ts) precaches the app shell and never touches /api/.
 * A new version does not take over by itself: while it waits, a toast says "Ny version klar" with
 * "Genindlæs", which lets it take over and reloads the page. The first install asks nothing. The app looks
 * for a new version when it becomes visible again and every hour while it is open.
 */

import { registerSW } from 'virtual:pwa-register';
import { texts } from '../../shared/texts.ts';
import { showToast } from './toast.ts';

const UPDATE_TOAST_ID = 'app-update';
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** The theme's primary button (app/theme.ts): brand colour, a finger-sized target. */
const ACTION_STYLE = {
  background: '#7b2d55',
  color: '#ffffff',
  borderRadius: 12,
  height: 40,
  padding: '0 16px',
  fontSize: '0.95rem',
  fontWeight: 600,
} as const;

let started = false;

export function registerServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  let registration: ServiceWorkerRegistration | undefined;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  const updateSW = registerSW({
    immediate: true,
    // A new version waits (found now, or already waiting from an earlier visit).
    onNeedRefresh: () => showUpdatePrompt(),
    // The waiting version took over after "Genindlæs" (here or in another tab): this page's code is old.
    onNeedReload: reloadOnce,
    onRegisteredSW: (_url, found) => {
      if (!found) return;
      registration = found;
      promptWhenInstalled(found);
      watchForUpdates(found);
    },
    onRegisterError: (error) => console.warn('Service worker not registered', error),
  });

  function showUpdatePrompt() {
    showToast((toast) =>
      toast(<span style={{ fontWeight: 700, fontSize: '0.95rem' }}>{texts.appUpdate.ready}</span>, {
        id: UPDATE_TOAST_ID,
        description: <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{texts.appUpdate.note}</span>,
        icon: <img src="/favicon.svg" alt="" width={20} height={20} />,
        duration: Number.POSITIVE_INFINITY,
        action: { label: texts.appUpdate.reload, onClick: reloadIntoNewVersion },
        actionButtonStyle: ACTION_STYLE,
      }),
    );
  }

  function reloadIntoNewVersion() {
    if (!registration?.waiting) {
      // Nothing waits any more (another tab took the new version already): a reload is all it needs.
      reloadOnce();
      return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
    void updateSW(true);
  }

  /**
   * An update the browser found while this page loaded may still be installing when the app registers
   * (after the first screen), before workbox-window listens: prompt when it is installed, unless this is
   * the first install (no worker controls the page yet).
   */
  function promptWhenInstalled(found: ServiceWorkerRegistration) {
    const installing = found.installing;
    if (!installing || !navigator.serviceWorker.controller) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && found.waiting === installing) showUpdatePrompt();
    });
  }

  function watchForUpdates(found: ServiceWorkerRegistration) {
    const check = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      // Offline or a server restart: the next check tries again.
      found.update().catch(() => {});
    };
    document.addEventListener('visibilitychange', check);
    window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  }
}
