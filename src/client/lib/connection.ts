import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';

/**
 * Whether the shop's server can be reached, as TanStack Query's onlineManager sees it. Paused
 * queries and queued writes wait while it says offline and continue when it says online.
 *
 * Two things make the app offline: the browser says so (`navigator.onLine`, its online/offline events:
 * flight mode, no Wi-Fi), or a request failed on the network although the browser thinks it is online (the
 * packing table's Wi-Fi that is connected but carries nothing, a server being restarted). In the second case
 * apiRoutes.health is asked every few seconds, and the first answer (or any other answer) makes it online
 * again. TanStack's own listener starts online whatever the browser says, so a page reloaded without network
 * would first try every request; this one starts from `navigator.onLine`.
 */

const PROBE_INTERVAL_MS = 5000;

let browserOnline = true;
let serverReachable = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let update: ((online: boolean) => void) | undefined;

function publish() {
  // Without watchConnection() (component tests) onlineManager keeps TanStack's own listener.
  if (!update) return;
  update(browserOnline && serverReachable);
  if (browserOnline && !serverReachable) scheduleProbe();
}

function scheduleProbe() {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(async () => {
    probeTimer = undefined;
    if (serverReachable || !browserOnline) return;
    try {
      const response = await fetch(urlOf(apiRoutes.health), { cache: 'no-store' });
      if (response.ok) {
        serverReachable = true;
        publish();
        return;
      }
    } catch {
      // Still unreachable.
    }
    scheduleProbe();
  }, PROBE_INTERVAL_MS);
}

/** Makes onlineManager follow the browser and the failed requests; call once at start (main.tsx). */
export function watchConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    update = setOnline;
    browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
    const online = () => {
      browserOnline = true;
      // The network is back: try the server at once rather than wait for the next probe.
      serverReachable = true;
      publish();
    };
    const offline = () => {
      browserOnline = false;
      publish();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    publish();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      update = undefined;
    };
  });
}

/** A request did not reach the server (fetch threw): offline until the server answers again. */
export function reportNetworkFailure(): void {
  if (!serverReachable) return;
  serverReachable = false;
  publish();
}

/** The server answered something: it is reachable. */
export function reportServerAnswered(): void {
  if (serverReachable) return;
  serverReachable = true;
  publish();
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** True while the app is online (re-renders when that changes). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
