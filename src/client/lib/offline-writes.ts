import { type Mutation, type MutationKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { texts } from '../../shared/texts.ts';
import { isNetworkError } from './api.ts';
import { notifyError } from './notify.ts';

/**
 * Writes that work without a connection: adding a line, completing or adding a todo, an order's
 * status and home delivery. Each is a mutation whose key names it (`[name, …]`) and whose function, cache
 * updates and error handling are the mutation defaults for `[name]`, not options of a hook, so a write queued
 * before a reload can still run after it (lib/persist.ts keeps the queue). Its variables hold everything it
 * needs, the Idempotency-Key included: a write sent twice (an answer lost on the way, a reload during the
 * replay) is added once by the server; a PATCH of status or home delivery sets an absolute value.
 *
 * Offline (connection.ts) such a write pauses instead of failing; a network error on the way pauses it too,
 * to be sent again with the same key. All share one scope, so the queue is replayed one write at a time in
 * the order it was made when the connection returns.
 */

export const OFFLINE_WRITES_SCOPE = { id: 'offline-writes' };

export type OfflineWrite<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess: (queryClient: QueryClient, data: TData, variables: TVariables) => unknown;
  /**
   * After a refusal, e.g. to refresh what it touched. `queued`: the write had waited for the network, and
   * the owner has been told (a screen that sent it directly tells her itself).
   */
  onError?: (queryClient: QueryClient, error: unknown, variables: TVariables, queued: boolean) => unknown;
  /**
   * What the screens show at once for a write that waits (the completed todo leaves the list, the new status
   * shows). Runs when the write is queued and again after a reload; must give the same result when repeated.
   */
  onQueued?: (queryClient: QueryClient, variables: TVariables) => void;
};

// biome-ignore lint/suspicious/noExplicitAny: the registry holds writes of every data and variables type.
type AnyWrite = OfflineWrite<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: any mutation of the cache.
type AnyMutation = Mutation<any, any, any, any>;

const writes = new Map<string, AnyWrite>();
/** Mutations (and, for the defaults' onError, their variables) that waited for the connection. */
const queuedMutations = new WeakSet<AnyMutation>();
const queuedVariables = new WeakSet<object>();
const queuedListeners = new Set<(mutation: AnyMutation) => void>();
const registeredClients = new WeakSet<QueryClient>();

const nameOf = (key: MutationKey | undefined) => (typeof key?.[0] === 'string' ? key[0] : undefined);

/** True for a mutation of one of the offline writes. */
export function isOfflineWrite(mutation: AnyMutation): boolean {
  const name = nameOf(mutation.options.mutationKey);
  return name !== undefined && writes.has(name);
}

/**
 * Registers a write's defaults under `[name]`. Called for every QueryClient before anything is restored
 * into it (main.tsx) and by the write's hook (so a test's client has them too); repeating it is harmless.
 */
export function registerOfflineWrite<TData, TVariables>(
  queryClient: QueryClient,
  name: string,
  write: OfflineWrite<TData, TVariables>,
): void {
  writes.set(name, write as AnyWrite);
  queryClient.setMutationDefaults<TData, Error, TVariables>([name], {
    mutationFn: (variables) => write.mutationFn(variables),
    onSuccess: (data, variables) => write.onSuccess(queryClient, data, variables),
    onError: (error, variables) => {
      const queued = wasQueued(variables);
      if (queued) notifyError(error, '', { description: texts.offline.replayRefused, sticky: true });
      return write.onError?.(queryClient, error, variables, queued);
    },
    networkMode: 'online',
    // A request that did not arrive (the app went offline with it, connection.ts) waits for the connection
    // and goes again with the same key; a refusal from the server is final.
    retry: (_, error) => isNetworkError(error) && !onlineManager.isOnline(),
    retryDelay: 200,
    scope: OFFLINE_WRITES_SCOPE,
  });
  watchQueue(queryClient);
}

function markQueued(queryClient: QueryClient, mutation: AnyMutation, restored: boolean) {
  if (queuedMutations.has(mutation)) return;
  queuedMutations.add(mutation);
  const { variables } = mutation.state;
  if (typeof variables === 'object' && variables !== null) queuedVariables.add(variables);
  // A restored write's effect waits for the restored answers (applyRestoredQueue): hydrate adds the
  // mutations first.
  if (!restored) writeOf(mutation)?.onQueued?.(queryClient, variables);
  for (const listener of queuedListeners) listener(mutation);
  publishCount(queryClient);
}

const writeOf = (mutation: AnyMutation) => writes.get(nameOf(mutation.options.mutationKey) ?? '');

/**
 * After a restore (main.tsx): the writes still queued show again on the restored answers, and go if the
 * network allows.
 */
export function applyRestoredQueue(queryClient: QueryClient): Promise<unknown> {
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (queuedMutations.has(mutation) && mutation.state.status === 'pending') {
      writeOf(mutation)?.onQueued?.(queryClient, mutation.state.variables);
    }
  }
  return queryClient.resumePausedMutations();
}

/** Follows the mutation cache: which offline writes wait, and how many. Once per client. */
function watchQueue(queryClient: QueryClient) {
  if (registeredClients.has(queryClient)) return;
  registeredClients.add(queryClient);
  const cache = queryClient.getMutationCache();
  const check = (mutation: AnyMutation, added: boolean) => {
    if (queuedMutations.has(mutation) || !isOfflineWrite(mutation)) return;
    if (mutation.state.status !== 'pending') return;
    // Added while already pending: restored from the queue kept over a reload.
    if (added || (mutation.state.isPaused && !onlineManager.isOnline())) {
      markQueued(queryClient, mutation, added);
    }
  };
  cache.subscribe((event) => {
    if (event.type === 'added') check(event.mutation, true);
    else if (event.type === 'updated') check(event.mutation, false);
    if (event.type === 'added' || event.type === 'updated' || event.type === 'removed') {
      publishCount(queryClient);
    }
  });
  // A write that waited behind another one (same scope) is queued too once the connection drops.
  onlineManager.subscribe((online) => {
    if (!online) for (const mutation of cache.getAll()) check(mutation, false);
  });
}

/**
 * Whether these variables belong to a write that waited for the network. Its refusal is told in Danish by
 * the defaults' onError (the screen that made it may be gone, after a reload too), not dropped silently.
 */
function wasQueued(variables: unknown): boolean {
  return typeof variables === 'object' && variables !== null && queuedVariables.has(variables);
}

// The number of queued writes still waiting, for the banner.
let waitingCount = 0;
const countListeners = new Set<() => void>();

function publishCount(queryClient: QueryClient) {
  const count = queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => queuedMutations.has(mutation) && mutation.state.status === 'pending').length;
  if (count === waitingCount) return;
  waitingCount = count;
  for (const listener of countListeners) listener();
}

/** How many changes made offline wait to be sent (re-renders when that changes). */
export function useWaitingChanges(): number {
  return useSyncExternalStore(
    (listener) => {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },
    () => waitingCount,
    () => 0,
  );
}

export type Sent<T> = { queued: false; data: T } | { queued: true };

/**
 * Runs an offline write for a screen that waits for it (a dialog's submit): resolves with the answer when
 * it is sent, or with `queued` as soon as it waits for the connection, so the dialog can close at once and
 * say so instead of hanging. Rejects with the server's refusal when it is sent and refused.
 */
export function sendOrQueue<TData, TVariables extends object>(
  mutateAsync: (variables: TVariables) => Promise<TData>,
  variables: TVariables,
): Promise<Sent<TData>> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      queuedListeners.delete(onQueued);
      finish();
    };
    const onQueued = (mutation: AnyMutation) => {
      if (mutation.state.variables === variables) settle(() => resolve({ queued: true }));
    };
    queuedListeners.add(onQueued);
    mutateAsync(variables).then(
      (data) => settle(() => resolve({ queued: false, data })),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
