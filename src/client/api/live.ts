import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { CacheName } from '../../shared/api/caches.ts';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { LIVE_EVENTS, type LiveChange } from '../../shared/domain/changes.ts';
import { TAB_ID } from '../lib/tab-id.ts';
import { cachesAfterChange, refresh, refreshEverything } from './refresh.ts';

/**
 * The app's one live connection: an EventSource on apiRoutes.events. Each change another tab or
 * device made refreshes the caches that read what it wrote (cachesAfterChange in refresh.ts); this tab's own
 * writes are skipped (their mutations refreshed already). A dropped stream is reopened from the last change
 * seen, so the server replays what was missed; when it cannot, it says "resync" and everything is refetched.
 */

export type LiveStatus = 'connecting' | 'live' | 'down';

/** A stream that does not come back within this time shows as down (normal reconnects stay quiet). */
const DOWN_AFTER_MS = 4000;
/** Changes arriving together (a todo completion is two or three) are refreshed once. */
const BATCH_MS = 60;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

let status: LiveStatus = 'connecting';
const statusListeners = new Set<() => void>();
function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  // For the end-to-end tests and the curious: <html data-live="live">.
  document.documentElement.dataset.live = next;
  for (const listener of statusListeners) listener();
}

/** The live connection's state, for the quiet indicator in the app bar. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => 'connecting',
  );
}

/** The caches one change touches: those reading its entity's tables, or everything (an import, an unknown kind). */
function changesFor(change: LiveChange): readonly CacheName[] | 'everything' {
  return change.entity === 'shop' || !(change.entity in ENTITY_KNOWN)
    ? 'everything'
    : cachesAfterChange(change.entity);
}

const ENTITY_KNOWN = { customer: 1, bead: 1, todo: 1, order: 1, stock: 1 } as const;

export type LiveOptions = {
  /** For tests: the EventSource implementation. */
  EventSourceImpl?: typeof EventSource;
  /** Connect at once instead of after the first screen (tests). */
  startNow?: boolean;
};

/** After the page's load event, a second and an idle moment: the first screen's requests come first. */
function afterFirstScreen(start: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 2000 }) : start();
  const later = () => setTimeout(idle, 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Opens the live connection for the signed-in app and returns the function that closes it. Reconnects on
 * its own after errors (with a growing pause), and at once when the page becomes visible again, comes back
 * from the back-forward cache, or the network returns: mobile browsers drop background streams silently.
 */
export function startLiveUpdates(queryClient: QueryClient, options: LiveOptions = {}): () => void {
  const Impl = options.EventSourceImpl ?? EventSource;
  let source: EventSource | undefined;
  let lastSeq: string | undefined;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let downTimer: ReturnType<typeof setTimeout> | undefined;
  let pending = new Set<CacheName>();
  let everything = false;
  let batchTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    batchTimer = undefined;
    if (everything) void refreshEverything(queryClient);
    else if (pending.size > 0) void refresh(queryClient, [...pending]);
    pending = new Set();
    everything = false;
  };
  const schedule = () => {
    batchTimer ??= setTimeout(flush, BATCH_MS);
  };

  const markDownLater = () => {
    downTimer ??= setTimeout(() => setStatus('down'), DOWN_AFTER_MS);
  };

  const connect = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    const url = urlOf(apiRoutes.events, { query: { since: lastSeq } });
    const next = new Impl(url, { withCredentials: true });
    source = next;
    next.addEventListener(LIVE_EVENTS.hello, (event) => {
      // The first stream opens after the first screen: what changed since its data was fetched is caught
      // up by refreshing what is shown once (the lists answer 304 when nothing changed).
      if (lastSeq === undefined && !options.startNow) {
        everything = true;
        schedule();
      }
      lastSeq = (event as MessageEvent).lastEventId || lastSeq;
      retryMs = RETRY_MIN_MS;
      clearTimeout(downTimer);
      downTimer = undefined;
      setStatus('live');
    });
    next.addEventListener(LIVE_EVENTS.change, (event) => {
      const message = event as MessageEvent<string>;
      lastSeq = message.lastEventId || lastSeq;
      let change: LiveChange;
      try {
        change = JSON.parse(message.data) as LiveChange;
      } catch {
        return;
      }
      if (change.by === TAB_ID) return;
      const changes = changesFor(change);
      if (changes === 'everything') everything = true;
      else for (const item of changes) pending.add(item);
      schedule();
    });
    next.addEventListener(LIVE_EVENTS.resync, (event) => {
      lastSeq = (event as MessageEvent).lastEventId || lastSeq;
      everything = true;
      schedule();
    });
    next.onerror = () => {
      if (source !== next) return;
      markDownLater();
      // The browser retries a dropped stream itself (sending Last-Event-ID); a refused one (401, a proxy's
      // 502) it gives up on: then we try again later, from the last change seen.
      if (next.readyState === Impl.CLOSED) {
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    };
  };

  const reconnectNow = () => {
    if (stopped) return;
    retryMs = RETRY_MIN_MS;
    connect();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      reconnectNow();
      return;
    }
    // A hidden tab lets its stream go: a browser allows only 6 connections per server over HTTP/1.1, and
    // a stream held by each of several open tabs would starve the visible one. It catches up when shown.
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = undefined;
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) reconnectNow();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('online', reconnectNow);
  setStatus('connecting');
  // Not during the first load: a stream held open from the start would take one of the browser's six
  // connections per server while the first screen's scripts and data load (and Lighthouse counts it).
  const begin = () => {
    if (stopped || source) return;
    markDownLater();
    connect();
  };
  if (options.startNow) begin();
  else afterFirstScreen(begin);

  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('online', reconnectNow);
    clearTimeout(retryTimer);
    clearTimeout(downTimer);
    clearTimeout(batchTimer);
    source?.close();
    source = undefined;
    setStatus('connecting');
  };
}

/** Keeps the live connection open while `enabled` (a signed-in user is shown). */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => (enabled ? startLiveUpdates(queryClient) : undefined), [enabled, queryClient]);
}
