import { authTexts } from '../../../shared/texts/auth.ts';
import { errorTexts } from '../../../shared/texts/errors.ts';

/** Turns better-auth's sign-in errors into the Danish text shown after 'Login fejlede: '. */
export function signInErrorMessage(error: { status?: number; code?: string; message?: string }): string {
  if (error.status === 429) return authTexts.tooManyAttempts;
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) return authTexts.wrongCredentials;
  if (error.code === 'INVALID_EMAIL') return authTexts.emailInvalid;
  if (error.status === 403) return authTexts.notAllowed;
  return error.message || errorTexts.server;
}
