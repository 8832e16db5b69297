import { texts } from '../../../shared/texts.ts';

/** Turns better-auth's sign-in errors into the Danish text shown after 'Login fejlede: '. */
export function signInErrorMessage(error: { status?: number; code?: string; message?: string }): string {
  if (error.status === 429) return texts.auth.tooManyAttempts;
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) return texts.auth.wrongCredentials;
  if (error.code === 'INVALID_EMAIL') return texts.auth.emailInvalid;
  if (error.status === 403) return texts.auth.notAllowed;
  return error.message || texts.errors.server;
}
