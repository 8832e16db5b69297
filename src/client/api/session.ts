import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OwnerSetupInput, SetupStatus } from '../../shared/schemas/auth.ts';
import { texts } from '../../shared/texts.ts';
import { apiGet, apiPost } from '../lib/api.ts';
import { authClient } from '../lib/auth-client.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';

export type SessionUser = { id: string; name: string; email: string };

export const sessionKeys = { session: keyRoots.session, setup: keyRoots.setup };

/** The signed-in owner (better-auth's session), or null. */
export function useSession() {
  return useQuery({
    queryKey: sessionKeys.session,
    queryFn: async (): Promise<SessionUser | null> => {
      const { data, error } = await authClient.getSession();
      if (error) throw new Error(error.message ?? texts.errors.server);
      return data ? { id: data.user.id, name: data.user.name, email: data.user.email } : null;
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

/** Signs in with e-mail and password; on success the session is fetched again. */
export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  return useCallback(
    async (credentials: { email: string; password: string }) => {
      const result = await authClient.signIn.email(credentials);
      if (!result.error && result.data) await refresh(queryClient, refreshAfter.signIn);
      return result;
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
export function signInWithGoogle() {
  return authClient.signIn.social({ provider: 'google', callbackURL: '/pillow', errorCallbackURL: '/login' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await authClient.signOut();
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.session, null);
  };
}
