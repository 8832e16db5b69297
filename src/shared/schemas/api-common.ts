import { z } from 'zod';
import { idempotencyKeySchema } from './fields.ts';

/** Body of every error answer: a Danish message, a stable code, and for validation errors the field. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});

/** Ids are text: random UUIDs for new rows, imported ids kept as they are. */
export const apiIdSchema = z.string().min(1).max(200);

/** ISO-8601 UTC instant, e.g. '2026-11-22T13:05:00.000Z'. */
export const isoInstantSchema = z.string();

export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Headers of every create: an optional `Idempotency-Key` (a UUID made by the client once per user action);
 * a repeat with the same key gets the first answer and writes nothing. Other headers pass through.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeySchema.optional(),
});
