import { z } from 'zod';
import { texts } from '../texts.ts';

export const emailSchema = z
  .string({ error: texts.auth.emailRequired })
  .trim()
  .min(1, texts.auth.emailRequired)
  .pipe(z.email({ error: texts.auth.emailInvalid }));

export const passwordSchema = z
  .string({ error: texts.auth.passwordRequired })
  .min(1, texts.auth.passwordRequired)
  .min(8, texts.auth.passwordTooShort)
  .max(128, texts.auth.passwordTooLong);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: texts.auth.passwordRequired }).min(1, texts.auth.passwordRequired),
});

export const ownerSetupSchema = z.object({
  name: z.string({ error: texts.auth.nameRequired }).trim().min(1, texts.auth.nameRequired).max(100),
  email: emailSchema,
  password: passwordSchema,
});

export const setupStatusSchema = z.object({ needsSetup: z.boolean(), google: z.boolean() });

export type LoginInput = z.infer<typeof loginSchema>;
export type OwnerSetupInput = z.infer<typeof ownerSetupSchema>;
export type SetupStatus = z.infer<typeof setupStatusSchema>;
