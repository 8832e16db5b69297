import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { beadWithTodosSchema } from '../../shared/schemas/api-beads.ts';
import { apiErrorSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import type { ApiContext } from '../http/request-context.ts';
import { getBeadWithTodos } from './bead-page.service.ts';

/** GET /api/beads/:id: a bead's page with the todos that want it, composed from the beads and todos modules. */
export function beadPageRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.bead.path,
      {
        config: { versionedBy: ['beads', 'todos'] },
        schema: { params: idParamsSchema, response: { 200: beadWithTodosSchema, 404: apiErrorSchema } },
      },
      (request) => getBeadWithTodos(ctx.db, request.params.id),
    );
  };
}
