import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';

/** GET /api/me: the signed-in user (registered among the shop routes, so the session guard applies). */
export function meRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'me', async ({ user }) => user!);
  };
}
