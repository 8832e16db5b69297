import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { ownerSetupSchema, setupStatusSchema } from '../../shared/schemas/auth.ts';
import { texts } from '../../shared/texts.ts';
import { createLocalUser } from '../auth/auth.ts';
import { conflictError } from '../errors.ts';
import type { ApiContext } from '../http/request-context.ts';
import { claimOwnerSetup, countUsers, releaseOwnerSetup } from './setup.repository.ts';

const errorSchema = z.object({ message: z.string(), code: z.string() });

export function setupRoutes(ctx: ApiContext, loginRateLimit: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(apiRoutes.setupStatus.path, { schema: { response: { 200: setupStatusSchema } } }, async () => ({
      needsSetup: (await countUsers(ctx.db)) === 0,
      google: Boolean(ctx.config.google),
    }));

    app.post(
      apiRoutes.setup.path,
      {
        config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } },
        schema: {
          body: ownerSetupSchema,
          response: {
            201: z.object({ id: z.string(), name: z.string(), email: z.string() }),
            409: errorSchema,
          },
        },
      },
      async (request, reply) => {
        // The one-time set-up closes as soon as any account exists; the claim row stops two racing requests.
        if ((await countUsers(ctx.db)) > 0 || !(await claimOwnerSetup(ctx.db))) {
          throw conflictError({ code: 'SETUP_CLOSED', message: texts.auth.setupClosed });
        }
        try {
          const user = await createLocalUser(ctx.auth, request.body);
          return reply.status(201).send(user);
        } catch (error) {
          await releaseOwnerSetup(ctx.db);
          throw error;
        }
      },
    );
  };
}
