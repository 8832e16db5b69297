import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OwnerSetupInput, SetupStatus } from '../../shared/schemas/auth.ts';
import { apiGet, apiPost } from '../lib/api.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';

export type SessionUser = { id: string; name: string; email: string };

export const sessionKeys = { session: keyRoots.session, setup: keyRoots.setup };

/**
 * better-auth's endpoints are called with the app's own fetch wrapper (no better-auth client library: it
 * weighed ~25 kB on the login page); the server answers their errors in Danish as `{ message, code }`.
 */
type AuthUser = { id: string; name: string; email: string };
const toSessionUser = (user: AuthUser): SessionUser => ({ id: user.id, name: user.name, email: user.email });

/** The signed-in owner (better-auth's session), or null. */
export function useSession() {
  return useQuery({
    queryKey: sessionKeys.session,
    queryFn: async (): Promise<SessionUser | null> => {
      const data = await apiGet<{ user: AuthUser } | null>('/api/auth/get-session');
      return data?.user ? toSessionUser(data.user) : null;
    },
    staleTime: 60_000,
  });
}

/** GET /api/setup: does this install still need its owner, and is Google sign-in offered. */
export function useSetupStatus() {
  return useQuery({
    queryKey: sessionKeys.setup,
    queryFn: () => apiGet<SetupStatus>('/api/setup'),
    staleTime: 60_000,
  });
}

/** Signs in with e-mail and password (throws an ApiError in Danish); on success the session is fetched again. */
export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  return useCallback(
    async (credentials: { email: string; password: string }): Promise<SessionUser> => {
      const data = await apiPost<{ user: AuthUser }>('/api/auth/sign-in/email', credentials);
      await refresh(queryClient, refreshAfter.signIn);
      return toSessionUser(data.user);
    },
    [queryClient],
  );
}

/**
 * POST /api/setup: creates the owner. A refusal throws after the set-up status is fetched again (someone
 * may have set up meanwhile); success records that set-up is done.
 */
export function useCreateOwner() {
  const queryClient = useQueryClient();
  return useCallback(
    async (owner: OwnerSetupInput) => {
      try {
        await apiPost('/api/setup', owner);
      } catch (error) {
        await refresh(queryClient, refreshAfter.setUp);
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

/** Leaves for Google's sign-in; better-auth comes back to Puden (or to the login page on failure). */
export async function signInWithGoogle(): Promise<void> {
  const { url } = await apiPost<{ url: string }>('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/pillow',
    errorCallbackURL: '/login',
  });
  window.location.assign(url);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await apiPost('/api/auth/sign-out', {});
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.session, null);
  };
}
