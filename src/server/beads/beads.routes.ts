import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { beadListQuerySchema, beadListSchema, beadSchema } from '../../shared/schemas/api-beads.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { beadCreateSchema, beadUpdateSchema } from '../../shared/schemas/bead.ts';
import type { ApiContext } from '../http/request-context.ts';
import { addBead, listBeadsSorted, softDeleteBead, updateBeadFields } from './beads.service.ts';

export function beadRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.beads.path,
      {
        config: { versionedBy: ['beads', 'todos'] },
        schema: { querystring: beadListQuerySchema, response: { 200: beadListSchema } },
      },
      (request) => listBeadsSorted(ctx.db, { includeDeleted: request.query.includeDeleted }),
    );

    app.post(
      apiRoutes.addBead.path,
      {
        config: { idempotent: 'header' },
        schema: {
          headers: idempotencyHeadersSchema,
          body: beadCreateSchema,
          response: { 201: beadSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return (await addBead(request.db, request.body)).bead;
      },
    );

    app.patch(
      apiRoutes.updateBead.path,
      {
        schema: {
          params: idParamsSchema,
          body: beadUpdateSchema,
          response: { 200: beadSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => updateBeadFields(ctx.db, request.params.id, request.body),
    );

    app.delete(
      apiRoutes.deleteBead.path,
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } } },
      async (request, reply) => {
        await softDeleteBead(ctx.db, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
