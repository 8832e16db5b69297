import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { beadListQuerySchema, beadListSchema, beadSchema } from '../../shared/schemas/api-beads.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { stockMoveResultSchema } from '../../shared/schemas/api-stock.ts';
import { beadCreateSchema, beadUpdateSchema } from '../../shared/schemas/bead.ts';
import { stockMoveSchema } from '../../shared/schemas/stock.ts';
import { serve } from '../http/serve.ts';
import { addBead, listBeadsSorted, softDeleteBead, updateBeadFields } from './beads.service.ts';
import { moveStock } from './stock.service.ts';

export function beadRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.beads,
      {
        query: beadListQuerySchema,
        response: { 200: beadListSchema },
      },
      ({ db, query }) => listBeadsSorted(db, { includeDeleted: query.includeDeleted }),
    );

    serve(
      app,
      apiRoutes.addBead,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        body: beadCreateSchema,
        response: { 201: beadSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
      async ({ db, body, reply }) => {
        reply.code(201);
        return (await addBead(db, body)).bead;
      },
    );

    serve(
      app,
      apiRoutes.updateBead,
      {
        params: idParamsSchema,
        body: beadUpdateSchema,
        response: { 200: beadSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
      ({ db, params, body }) => updateBeadFields(db, params.id, body),
    );

    serve(
      app,
      apiRoutes.deleteBead,
      { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } },
      async ({ db, params, reply }) => {
        await softDeleteBead(db, params.id);
        return reply.status(204).send(null);
      },
    );

    // Optælling, Modtaget, Ret (docs/product/stock.md): once per Idempotency-Key, so a count sent again from the
    // phone's queue (a lost answer, a reload during the replay) is written once.
    serve(
      app,
      apiRoutes.moveStock,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: stockMoveSchema,
        response: { 201: stockMoveResultSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
      async ({ db, params, body, reply }) => {
        reply.code(201);
        return moveStock(db, params.id, body);
      },
    );
  };
}
