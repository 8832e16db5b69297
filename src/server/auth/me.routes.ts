import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';

/** GET /api/me: the signed-in user (registered among the shop routes, so the session guard applies). */
export function meRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.me.path,
      { schema: { response: { 200: z.object({ id: z.string(), name: z.string(), email: z.string() }) } } },
      async (request) => request.user!,
    );
  };
}
