/**
 * Starts the service worker (lib/service-worker.tsx) once the first screen is up: after the page's load event,
 * a few seconds for the first data, and an idle moment. Its precache download (the whole app shell, ~380 kB
 * brotli) must not compete with the first screen's scripts and data on a slow phone connection, and its code
 * is not part of the first load. Development (Vite's dev server) has no service worker.
 */
const AFTER_LOAD_MS = 3000;
const IDLE_TIMEOUT_MS = 2000;

export function startServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./service-worker.tsx')
      .then((module) => module.registerServiceWorker())
      .catch((error: unknown) => console.warn('Service worker not started', error));
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else start();
  };
  const afterLoad = () => window.setTimeout(whenIdle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
