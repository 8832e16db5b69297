import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { beadWithTodosSchema } from '../../shared/schemas/api-beads.ts';
import { apiErrorSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { serve } from '../http/serve.ts';
import { getBeadWithTodos } from './bead-page.service.ts';

/**
 * GET /api/beads/:id: a bead's page with the todos that want it, its photos and its stock history (whose sales
 * name their customers), composed from the beads, todos and photos modules.
 */
export function beadPageRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.bead,
      {
        params: idParamsSchema,
        response: { 200: beadWithTodosSchema, 404: apiErrorSchema },
      },
      ({ db, params }) => getBeadWithTodos(db, params.id),
    );
  };
}
