import { texts } from '../texts.ts';

/**
 * Turns anything thrown or rejected into the message and code an error toast shows
 * (docs/product/texts-and-errors.md).
 */

export interface ErrorInfo {
  message: string;
  code: string;
}

/**
 * Message when nothing useful can be read from the error. The old app had it in English; every error the UI
 * can show is Danish (docs/product/texts-and-errors.md), so it is texts.errors.unexpected.
 */
export const UNKNOWN_ERROR_MESSAGE = texts.errors.unexpected;
export const UNKNOWN_ERROR_CODE = 'UnknownError';
export const STRING_ERROR_CODE = 'StringError';

/**
 * Our API answers errors as `{ message, code }` (docs/product/texts-and-errors.md); such bodies are
 * passed through.
 */
function isApiErrorBody(value: unknown): value is ErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { message, code } = value as Record<string, unknown>;
  return typeof message === 'string' && typeof code === 'string';
}

/** A blank toast helps nobody: an empty message falls back to the generic one. */
function orUnknown(message: string): string {
  return message.trim() === '' ? UNKNOWN_ERROR_MESSAGE : message;
}

/**
 * - Error → `{ message: err.message, code: err.name }`
 * - string → `{ message: s, code: 'StringError' }`
 * - `{ message: string, code: string }` (API error body) → those values
 * - anything else → `{ message: 'Der opstod en uventet fejl', code: 'UnknownError' }`
 */
export function toErrorInfo(err: unknown): ErrorInfo {
  if (err instanceof Error) return { message: orUnknown(err.message), code: err.name };
  if (typeof err === 'string') return { message: orUnknown(err), code: STRING_ERROR_CODE };
  if (isApiErrorBody(err)) return { message: orUnknown(err.message), code: err.code };
  return { message: UNKNOWN_ERROR_MESSAGE, code: UNKNOWN_ERROR_CODE };
}
