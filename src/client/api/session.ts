import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupStatus } from '../../shared/schemas/auth.ts';
import { texts } from '../../shared/texts.ts';
import { apiGet } from '../lib/api.ts';
import { authClient } from '../lib/auth-client.ts';

export type SessionUser = { id: string; name: string; email: string };

export const sessionKey = ['session'] as const;

export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<SessionUser | null> => {
      const { data, error } = await authClient.getSession();
      if (error) throw new Error(error.message ?? texts.errors.server);
      return data ? { id: data.user.id, name: data.user.name, email: data.user.email } : null;
    },
    staleTime: 60_000,
  });
}

export function useSetupStatus() {
  return useQuery({
    queryKey: ['setup'],
    queryFn: () => apiGet<SetupStatus>('/api/setup'),
    staleTime: 60_000,
  });
}

/** Turns better-auth's sign-in errors into the Danish text shown after 'Login fejlede: '. */
export function signInErrorMessage(error: { status?: number; code?: string; message?: string }): string {
  if (error.status === 429) return texts.auth.tooManyAttempts;
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) return texts.auth.wrongCredentials;
  if (error.code === 'INVALID_EMAIL') return texts.auth.emailInvalid;
  if (error.status === 403) return texts.auth.notAllowed;
  return error.message || texts.errors.server;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await authClient.signOut();
    queryClient.clear();
    queryClient.setQueryData(sessionKey, null);
  };
}
