/**
 * The login form's checks without zod, so the login page (the first thing a phone loads) does not carry a
 * validation library. It must agree with `loginSchema` in schemas/auth.ts, which a test proves.
 */
import { authTexts } from '../texts/auth.ts';

export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// zod's own e-mail pattern (zod/v4/core regexes.email), copied so both checks agree to the letter.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = authTexts.emailRequired;
  else if (!EMAIL.test(email)) errors.email = authTexts.emailInvalid;
  if (values.password === '') errors.password = authTexts.passwordRequired;
  return errors;
}
