import type { FastifyPluginAsync } from 'fastify';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { createLocalUser } from '../auth/auth.ts';
import { conflictError } from '../errors.ts';
import type { ApiContext } from '../http/request-context.ts';
import { serve } from '../http/serve.ts';
import { claimOwnerSetup, countUsers, releaseOwnerSetup } from './setup.repository.ts';

export function setupRoutes(ctx: ApiContext, loginRateLimit: number): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'setupStatus', async ({ db }) => ({
      needsSetup: (await countUsers(db)) === 0,
      google: Boolean(ctx.config.google),
    }));

    serve(
      app,
      'setup',
      { config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } } },
      async ({ db, body, reply }) => {
        // The one-time set-up closes as soon as any account exists; the claim row stops two racing requests.
        if ((await countUsers(db)) > 0 || !(await claimOwnerSetup(db))) {
          throw conflictError(apiErrors.setupClosed);
        }
        try {
          const user = await createLocalUser(ctx.auth, body);
          return reply.status(201).send(user);
        } catch (error) {
          await releaseOwnerSetup(db);
          throw error;
        }
      },
    );
  };
}
