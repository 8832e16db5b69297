import type { apiErrors } from '../../shared/schemas/api-errors.ts';
import { AppError } from './errors.ts';

type ApiErrorSpec = (typeof apiErrors)[keyof typeof apiErrors];

/** Builds the AppError for one entry of the shared error catalogue (src/shared/schemas/api-errors.ts). */
export function apiError(status: 400 | 404 | 409, spec: ApiErrorSpec): AppError {
  return new AppError(status, spec.code, spec.message);
}
