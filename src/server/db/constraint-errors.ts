import { conflictError, type ErrorSpec } from '../errors.ts';

/**
 * Recognises a unique-index violation on both engines, so services can turn the database's refusal
 * into a friendly Danish 409 (docs/conventions.md habit 3: the index guards, the service explains).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: unique_violation. better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Awaits an insert; a refusal by a unique index becomes the conflict `spec` (the index guards, the service
 * explains).
 */
export async function refusingDuplicate<T>(write: Promise<T>, spec: ErrorSpec): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictError(spec);
    throw error;
  }
}

/**
 * PostgreSQL gave up on the transaction because of another one, and running it again may well succeed:
 * deadlock_detected (two transactions took the same row locks in opposite orders; the versioned tables' counters,
 * migration 0003, are such rows, locked by every statement that writes their table) or serialization_failure.
 */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}
