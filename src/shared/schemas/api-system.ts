import { z } from 'zod';
import { loginSchema } from './auth.ts';

/** GET /api/health: the database answers (200) or not (503), and which engine runs. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  engine: z.string(),
});

/** GET /api/events: the last change the client saw, when it opens a new EventSource (no Last-Event-ID then). */
export const sinceQuerySchema = z.object({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The signed-in user as the server answers it (better-auth sends more fields; these are the ones read). */
export const sessionUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** better-auth's answers and bodies, described for the client's types (better-auth validates them itself). */
export const sessionAnswerSchema = z.object({ user: sessionUserSchema }).nullable();
export const signInBodySchema = loginSchema.extend({ rememberMe: z.boolean().optional() });
export const signInAnswerSchema = z.object({ user: sessionUserSchema });
export const socialSignInBodySchema = z.object({
  provider: z.string(),
  callbackURL: z.string(),
  errorCallbackURL: z.string().optional(),
});
export const socialSignInAnswerSchema = z.object({ url: z.string().optional() });
export const signOutBodySchema = z.object({});
