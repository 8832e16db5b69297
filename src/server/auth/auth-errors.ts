/**
 * better-auth answers its errors in English (`{ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email
 * or password' }`). The shop's UI is Danish throughout, so every error answer of /api/auth is rewritten to
 * `{ message, code }` with a Danish message before it leaves the server; the code is kept.
 */
import { texts } from '../../shared/texts.ts';

const t = texts.auth;

const DANISH_BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: t.wrongCredentials,
  INVALID_PASSWORD: t.wrongCredentials,
  USER_NOT_FOUND: t.wrongCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: t.wrongCredentials,
  INVALID_EMAIL: t.emailInvalid,
  PASSWORD_TOO_SHORT: t.passwordTooShort,
  PASSWORD_TOO_LONG: t.passwordTooLong,
  EMAIL_NOT_VERIFIED: t.notAllowed,
  FORBIDDEN: t.notAllowed,
  EMAIL_PASSWORD_SIGN_UP_DISABLED: t.signUpClosed,
  USER_ALREADY_EXISTS: t.signUpClosed,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: t.signUpClosed,
  SESSION_EXPIRED: t.sessionExpired,
  SESSION_NOT_FRESH: t.sessionExpired,
  FAILED_TO_GET_SESSION: t.sessionExpired,
  INVALID_ORIGIN: t.forbiddenOrigin,
  MISSING_OR_NULL_ORIGIN: t.forbiddenOrigin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: t.forbiddenOrigin,
  INVALID_CALLBACK_URL: t.forbiddenOrigin,
  INVALID_REDIRECT_URL: t.forbiddenOrigin,
  INVALID_ERROR_CALLBACK_URL: t.forbiddenOrigin,
  INVALID_NEW_USER_CALLBACK_URL: t.forbiddenOrigin,
  VALIDATION_ERROR: texts.errors.invalidInput,
  MISSING_FIELD: texts.errors.invalidInput,
  BODY_MUST_BE_AN_OBJECT: texts.errors.invalidInput,
  FIELD_NOT_ALLOWED: texts.errors.invalidInput,
};

function danishByStatus(status: number): string {
  if (status === 401) return t.wrongCredentials;
  if (status === 403) return t.notAllowed;
  if (status === 404) return texts.errors.notFound;
  if (status === 405) return texts.errors.methodNotAllowed;
  if (status === 413) return texts.errors.bodyTooLarge;
  if (status === 415) return texts.errors.unsupportedMediaType;
  if (status === 429) return t.tooManyAttempts;
  if (status >= 500) return texts.errors.server;
  return t.authFailed;
}

/** The Danish error body for a better-auth error answer (status ≥ 400) and its parsed body, if any. */
export function danishAuthError(status: number, body: unknown): { message: string; code: string } {
  const code =
    typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string'
      ? (body as { code: string }).code
      : `AUTH_${status}`;
  return { message: DANISH_BY_CODE[code] ?? danishByStatus(status), code };
}
