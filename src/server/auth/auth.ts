import { APIError, betterAuth } from 'better-auth';
import type { Config } from '../config.ts';
import type { Db, DbKind } from '../db/database.ts';

export type AuthOptions = {
  db: Db;
  kind: DbKind;
  secret: string;
  publicUrl: string | undefined;
  google: Config['google'];
};

export function createAuth({ db, kind, secret, publicUrl, google }: AuthOptions) {
  return betterAuth({
    appName: 'Nålepuden',
    secret,
    basePath: '/api/auth',
    // Without PUBLIC_URL the base URL follows the address the browser used (localhost, 127.0.0.1, the LAN
    // address from a phone). Origins are still checked against it, so cross-site requests are refused.
    baseURL: publicUrl ?? { allowedHosts: ['*'], protocol: 'auto' },
    database: { db, type: kind === 'postgres' ? 'postgres' : 'sqlite', transaction: true },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by the one-time owner set-up, by the owner and by `npm run user:add`.
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    socialProviders: google
      ? { google: { clientId: google.clientId, clientSecret: google.clientSecret, prompt: 'select_account' } }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Login is rate limited by the Fastify plugin in front of it (one place, testable).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: publicUrl ? publicUrl.startsWith('https://') : false,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          // Google may only create an account for an allow-listed e-mail; known accounts link and sign in.
          before: async (user, ctx) => {
            const viaOAuthCallback = ctx?.path?.startsWith('/callback') ?? false;
            if (viaOAuthCallback && !isAllowListed(user.email, google?.allowedEmails ?? [])) {
              throw new APIError('FORBIDDEN', { message: 'Denne konto har ikke adgang' });
            }
            return { data: user };
          },
        },
      },
    },
  });
}

export function isAllowListed(email: string, allowList: string[]): boolean {
  return allowList.includes(email.trim().toLowerCase());
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates an e-mail + password account directly (owner set-up and the user:add CLI). */
export async function createLocalUser(
  auth: Auth,
  input: { email: string; password: string; name: string },
): Promise<{ id: string; email: string; name: string }> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  if (await ctx.internalAdapter.findUserByEmail(email)) {
    throw new UserExistsError(email);
  }
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name.trim(), emailVerified: false },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    providerId: 'credential',
    accountId: user.id,
    password: hash,
    userId: user.id,
  });
  return { id: user.id, email: user.email, name: user.name };
}

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`A user with e-mail ${email} already exists`);
    this.name = 'UserExistsError';
  }
}
