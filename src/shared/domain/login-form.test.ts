import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../zod-danish.ts';
import { loginSchema } from '../schemas/auth.ts';
import { validateLogin } from './login-form.ts';

/** The zod schema's verdict in the same shape: the first message per field. */
function viaZod(values: { email: string; password: string }) {
  const result = loginSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

describe('validateLogin agrees with loginSchema', () => {
  it('on hand-picked cases', () => {
    for (const values of [
      { email: '', password: '' },
      { email: '  ', password: 'x' },
      { email: 'birthe@perler.dk', password: '' },
      { email: 'birthe@perler', password: 'hemmelig' },
      { email: ' birthe@perler.dk ', password: 'hemmelig' },
      { email: 'a..b@perler.dk', password: 'x' },
      { email: '.a@perler.dk', password: 'x' },
      { email: "o'hara+shop@perler-og-nale.dk", password: 'x' },
      { email: 'æble@perler.dk', password: 'x' },
    ]) {
      expect(validateLogin(values), JSON.stringify(values)).toEqual(viaZod(values));
    }
  });

  it('on any strings, including e-mail-like ones', () => {
    const local = fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,6}$/);
    const domain = fc.stringMatching(/^[A-Za-z0-9.-]{0,8}\.[A-Za-z]{0,3}$/);
    const emailish = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), emailish), fc.string({ maxLength: 3 }), (email, password) => {
        expect(validateLogin({ email, password })).toEqual(viaZod({ email, password }));
      }),
      { numRuns: 500 },
    );
  });
});
