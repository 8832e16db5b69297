/**
 * Domain errors: what a service refuses, in the shop's words, without HTTP. Each carries a stable code and the
 * Danish message (mostly an entry of src/shared/schemas/api-errors.ts); the one error handler at the edge
 * (http/errors.ts) turns the kind into a status. A CLI prints the message.
 */

import type { ApiErrorCode } from '../shared/schemas/api-errors.ts';

/** not found → 404, conflict → 409, invalid → 400 (http/errors.ts). */
export type DomainErrorKind = 'notFound' | 'conflict' | 'invalid';

/** An entry of the error catalogue, or a message made for the case (e.g. naming an amount). */
export type ErrorSpec = { readonly code: ApiErrorCode; readonly message: string };

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;

  constructor(kind: DomainErrorKind, spec: ErrorSpec) {
    super(spec.message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = spec.code;
  }
}

export const notFoundError = (spec: ErrorSpec) => new DomainError('notFound', spec);
export const conflictError = (spec: ErrorSpec) => new DomainError('conflict', spec);
export const invalidError = (spec: ErrorSpec) => new DomainError('invalid', spec);
