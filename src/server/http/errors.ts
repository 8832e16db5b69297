import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorTexts } from '../../shared/texts/errors.ts';
import { texts } from '../../shared/texts.ts';
import { DomainError, type DomainErrorKind, type ErrorSpec } from '../errors.ts';

/** The status of each kind of domain error (src/server/errors.ts). */
const DOMAIN_STATUS: Record<DomainErrorKind, 404 | 409 | 400> = {
  notFound: 404,
  conflict: 409,
  invalid: 400,
};

/**
 * An HTTP refusal made by the HTTP glue itself (the session guard's 401, the Origin check's 403, a body, an
 * upload or an import file refused before any service runs): an entry of the error catalogue
 * (shared/schemas/api-errors.ts), or one whose message names a figure, sent as `{ message, code }`. Services
 * throw DomainError instead.
 */
export class AppError extends Error {
  readonly code: string;

  constructor(
    public readonly statusCode: 400 | 401 | 403 | 413,
    spec: ErrorSpec,
  ) {
    super(spec.message);
    this.name = 'AppError';
    this.code = spec.code;
  }
}

/**
 * Fastify's own client errors (FST_…) in Danish. Their English messages never reach the user; the code is
 * kept so logs and tests can tell them apart.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: texts.errors.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: texts.errors.urlTooLong,
  FST_ERR_ASYNC_CONSTRAINT: texts.errors.badUrl,
  FST_ERR_CTP_BODY_TOO_LARGE: texts.errors.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: texts.errors.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: texts.errors.invalidInput,
  FST_ERR_CTP_EMPTY_JSON_BODY: texts.errors.invalidJson,
  FST_ERR_CTP_INVALID_JSON_BODY: texts.errors.invalidJson,
  FST_ERR_CTP_INSTANCE_ALREADY_STARTED: texts.errors.server,
  FST_ERR_VALIDATION: texts.errors.invalidInput,
};

/**
 * The router's longest parameter: ids are at most 200 characters (the schemas say so in Danish), and a longer
 * parameter stops at the router with 414.
 */
export const MAX_PARAM_LENGTH = 500;

/**
 * Whether the router would have refused this path for a parameter beyond MAX_PARAM_LENGTH. The router says so
 * only when no route matches; the page route `GET /*` matches every path, so for an /api path it asks here.
 */
export function hasOverlongSegment(pathname: string): boolean {
  return pathname.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH);
}

/** Danish `{ message, code }` for a client error Fastify raised itself. */
export function frameworkErrorBody(error: { code?: string; statusCode?: number }): {
  status: number;
  message: string;
  code: string;
} {
  const code = error.code ?? 'BAD_REQUEST';
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // SyntaxError from JSON.parse arrives with statusCode 400 and no FST code on some paths.
  const message =
    FRAMEWORK_MESSAGES[code] ?? (status === 413 ? texts.errors.bodyTooLarge : texts.errors.invalidInput);
  return { status, message, code };
}

/** Fastify's `frameworkErrors` option: a bad %-sequence or an over-long parameter, before any route runs. */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body = frameworkErrorBody(error);
  void reply.status(body.status).send({ message: body.message, code: body.code });
}

/**
 * The disk under the database is full: SQLite's SQLITE_FULL (also as SQLITE_IOERR_WRITE when the write-ahead
 * log cannot grow), ENOSPC from a file write, PostgreSQL's disk_full (53100, "could not extend file … No space
 * left on device" when a table or index needs one more page).
 */
export function isDiskFull(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  return (
    code === 'SQLITE_FULL' ||
    code === 'ENOSPC' ||
    code === '53100' ||
    /database or disk is full|no space left on device/i.test(message)
  );
}

/**
 * PostgreSQL cannot be reached or is going down: it refused the connection, cut it (a crash, a restart, a
 * PANIC when its disk is full and a checkpoint or the write-ahead log cannot be written), or answers that it
 * is starting, recovering or shutting down (57P01–57P03, class 08). A write cut off this way was never answered
 * as saved, so the owner is told it may not be.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  // The sign-in library wraps the pool's error when the session lookup fails: look at what it wraps.
  const wrapped = (error as { cause?: unknown; body?: unknown } | null) ?? {};
  if (
    depth < 3 &&
    (isDatabaseUnavailable(wrapped.cause, depth + 1) || isDatabaseUnavailable(wrapped.body, depth + 1))
  )
    return true;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    // After a crash on a full disk PostgreSQL may come back yet refuse every new connection with this FATAL.
    /Connection terminated|timeout exceeded when trying to connect|could not write init file/i.test(message)
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(DOMAIN_STATUS[error.kind]).send({ message: error.message, code: error.code });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      return reply.status(400).send({
        message: first?.message ?? texts.errors.invalidInput,
        code: 'VALIDATION',
        field: field || undefined,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: texts.errors.server, code: 'INTERNAL' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: texts.auth.tooManyAttempts, code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, …).
      const body = frameworkErrorBody(error);
      return reply.status(body.status).send({ message: body.message, code: body.code });
    }
    if (isDiskFull(error)) {
      // Nothing was written (the transaction rolled back); reads go on. It works again once there is room.
      request.log.error({ err: error }, 'the disk is full: a write was refused');
      const code = String((error as { code?: unknown }).code ?? '');
      const message = code === '53100' ? errorTexts.diskFullPostgres : errorTexts.diskFull;
      return reply.status(507).send({ message, code: 'DISK_FULL' });
    }
    if (isDatabaseUnavailable(error)) {
      // The server itself stays up; the pool connects anew once PostgreSQL answers again.
      request.log.error({ err: error }, 'the database cannot be reached: a request was refused');
      return reply
        .status(503)
        .send({ message: errorTexts.databaseUnavailable, code: 'DATABASE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: texts.errors.server, code: 'INTERNAL' });
  });
}
