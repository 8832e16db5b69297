import { type Query, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { OwnerSetupInput, SetupStatus } from '../../shared/schemas/auth.ts';
import { call } from '../lib/api.ts';
import { useIsOnline } from '../lib/connection.ts';
import { deleteUser, keepOnlyUser } from '../lib/persist-store.ts';
import { adoptUser, forgetUser, rememberedUser } from '../lib/remembered-user.ts';
import { prefetchFirstReads } from './boot.ts';
import { keyOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

export type SessionUser = { id: string; name: string; email: string };

export const sessionKeys = { session: keyOf(apiRoutes.session), setup: keyOf(apiRoutes.setupStatus) };

/**
 * better-auth's endpoints are called with the app's own fetch wrapper (no better-auth client library: it
 * weighed ~25 kB on the login page); the server answers their errors in Danish as `{ message, code }`.
 */
type AuthUser = { id: string; name: string; email: string };
const toSessionUser = (user: AuthUser): SessionUser => ({ id: user.id, name: user.name, email: user.email });

/** The signed-in user of a session answer (apiRoutes.session), or null. */
export const sessionUserOf = (data: { user?: AuthUser | null } | null | undefined): SessionUser | null =>
  data?.user ? toSessionUser(data.user) : null;

/** The sign-out under way on this page, from its request until everything of the user is forgotten. */
let signingOut: Promise<void> | null = null;

/** The queries that belong to no user: kept when another user's cache is emptied. */
const isSessionQuery = (query: Query) =>
  query.queryKey[0] === apiRoutes.session.cache || query.queryKey[0] === apiRoutes.setupStatus.cache;

/**
 * better-auth's session. A user in it becomes the owner of the persisted cache (lib/remembered-user.ts): another
 * user's cached data and queued writes are dropped before anything shows. Asked for at start (main.tsx).
 */
export const sessionQuery = {
  queryKey: sessionKeys.session,
  queryFn: async ({ client }: { client: QueryClient }): Promise<SessionUser | null> => {
    const user = sessionUserOf(await call(apiRoutes.session));
    // An answer that left the server before it ended the session adopts nobody while she signs out.
    if (!user || signingOut) return user;
    // Another user than the remembered one: every other user's records go from IndexedDB too.
    if (adoptUser(client, user, isSessionQuery)) void keepOnlyUser(user.id);
    return user;
  },
  staleTime: 60_000,
};

/**
 * The session as the server found it, without asking (the server rendering a first screen,
 * client/server-render/): no user is adopted, nothing is remembered.
 */
export function primeSession(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionKeys.session, user);
}

/** The signed-in owner (better-auth's session), or null. */
export function useSession() {
  return useQuery(sessionQuery);
}

export type SignedIn =
  | { status: 'pending' }
  | { status: 'signedOut' }
  /** `offline`: the server could not be asked; the user is the one of the last session on this browser. */
  | { status: 'signedIn'; user: SessionUser; offline: boolean };

/**
 * Who is signed in, for the pages that need it. Online only the server's answer counts (a 401 goes to the
 * login page, never to cached data); offline, before any answer, the app opens for the user of the last
 * session with the data cached for that user.
 */
export function useSignedIn(): SignedIn {
  const session = useSession();
  const online = useIsOnline();
  if (session.data) return { status: 'signedIn', user: session.data, offline: false };
  if (session.isPending) {
    if (online) return { status: 'pending' };
    // Offline nobody to open the cache for: the login page, not a loading screen until the network returns.
    const remembered = rememberedUser();
    return remembered ? { status: 'signedIn', user: remembered, offline: true } : { status: 'signedOut' };
  }
  return { status: 'signedOut' };
}

/** apiRoutes.setupStatus: does this install still need its owner, and is Google sign-in offered. */
export function useSetupStatus() {
  return useQuery({
    queryKey: sessionKeys.setup,
    queryFn: () => call(apiRoutes.setupStatus),
    staleTime: 60_000,
  });
}

/** Signs in with e-mail and password (throws an ApiError in Danish); on success the session is fetched again. */
export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  return useCallback(
    /** `next`: the page that opens after; its first data is asked for beside the new session check. */
    async (credentials: { email: string; password: string }, next?: string): Promise<SessionUser> => {
      // better-auth's answer is not in the route table's types; it carries the user.
      const data = await call(apiRoutes.signIn, { body: credentials });
      if (next) prefetchFirstReads(queryClient, next);
      await refreshAfter(queryClient, apiRoutes.signIn);
      return toSessionUser(data.user);
    },
    [queryClient],
  );
}

/**
 * apiRoutes.setup: creates the owner. A refusal throws after the set-up status is fetched again (someone
 * may have set up meanwhile); success records that set-up is done.
 */
export function useCreateOwner() {
  const queryClient = useQueryClient();
  return useCallback(
    async (owner: OwnerSetupInput) => {
      try {
        await call(apiRoutes.setup, { body: owner });
      } catch (error) {
        await refreshAfter(queryClient, apiRoutes.setup);
        throw error;
      }
      queryClient.setQueryData<SetupStatus>(sessionKeys.setup, (status) => ({
        needsSetup: false,
        google: status?.google ?? false,
      }));
    },
    [queryClient],
  );
}

/**
 * Resolves once a sign-out under way on this page has forgotten the user (at once when there is none). The
 * session can answer "nobody" while the sign-out is still deleting her records (the server ended the session
 * first): the app must not reload into the login page before that deletion is done, or it is cut short and her
 * data stays in this browser (router.tsx's ToLoginPage waits for this).
 */
export const afterSignOut = (): Promise<void> => (signingOut ?? Promise.resolve()).catch(() => undefined);

export function useSignOut() {
  const queryClient = useQueryClient();
  return () => {
    const run = async () => {
      await call(apiRoutes.signOut, { body: {} });
      // Nothing of the user stays in this browser: not in memory, not in IndexedDB, not in the photo caches.
      const user = forgetUser();
      if (user) await deleteUser(user.id);
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.session, null);
    };
    const current = run();
    signingOut = current;
    // A failed sign-out (offline) leaves her signed in: nothing to wait for any more.
    current.catch(() => {
      if (signingOut === current) signingOut = null;
    });
    return current;
  };
}
