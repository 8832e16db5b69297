/**
 * The types a route's contract (contracts.ts) is read with, written once for both ends: the route table
 * (routes.ts) types the client's calls with them and serve() (src/server/http/serve.ts) its handlers. Types
 * only, so whatever imports them carries no zod. tests/architecture/types-once.test.ts fails on a second
 * definition.
 */
import type { z } from 'zod';

/** The statuses of a success: the answer schema under one of them is what a route answers. */
export type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** What a schema gives once it has parsed (a query's number read from its text, a trimmed name). */
export type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** What a schema takes (a form's or a handler's answer, before the serializer parses it). */
export type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * How a POST behaves when a tap is repeated or an answer lost (src/server/http/idempotent-routes.ts): once per
 * `Idempotency-Key` header ('header'), per the body's `idempotencyKey` ('body'), or not a create (false).
 */
export type IdempotentMode = 'header' | 'body' | false;
