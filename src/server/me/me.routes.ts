import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { serve } from '../http/serve.ts';

/** GET /api/me: the signed-in user (registered among the shop routes, so the session guard applies). */
export function meRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.me,
      { response: { 200: z.object({ id: z.string(), name: z.string(), email: z.string() }) } },
      async ({ user }) => user!,
    );
  };
}
