import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { texts } from '../../shared/texts.ts';

/** An error meant for the user: its message is Danish and is sent as `{ message, code }`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = texts.errors.notFound, code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      // Fastify's own client errors (bad JSON, body too large, …).
      return reply
        .status(error.statusCode)
        .send({ message: texts.errors.invalidInput, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: texts.errors.server, code: 'INTERNAL' });
  });
}
