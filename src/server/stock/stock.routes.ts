import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  countRoundSchema,
  deliveryResultSchema,
  stockCountsSchema,
  stockUndoResultSchema,
} from '../../shared/schemas/api-stock.ts';
import { deliverySchema } from '../../shared/schemas/stock.ts';
import { serve } from '../http/serve.ts';
import { startCountRound } from '../settings/settings.service.ts';
import { getStockCounts } from './stock-counts.service.ts';
import { addDelivery, undoStockMovement } from './stock-delivery.service.ts';

/**
 * Stock across resources (docs/product/stock.md): a delivery that fills the waiting orders, 'Fortryd' of her
 * latest movement (a delivery's puts todos and lines back), and the counting screen's counts and rounds. Her
 * plain movements are the beads module's (POST /api/beads/:id/stock).
 */
export function stockRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.addDelivery,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: deliverySchema,
        response: {
          201: deliveryResultSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      async ({ db, params, body, reply }) => {
        reply.code(201);
        return addDelivery(db, params.id, body);
      },
    );

    // Once per key: a repeat (a lost answer) gets the first answer back instead of "findes ikke".
    serve(
      app,
      apiRoutes.undoStockMovement,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: stockUndoResultSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      ({ db, params }) => undoStockMovement(db, params.id),
    );

    serve(app, apiRoutes.stockCounts, { response: { 200: stockCountsSchema } }, ({ db }) =>
      getStockCounts(db),
    );

    // Not a create: a repeat starts the round again a moment later, which changes nothing she counted.
    serve(
      app,
      apiRoutes.startCountRound,
      { config: { idempotent: false }, response: { 200: countRoundSchema } },
      ({ db }) => startCountRound(db),
    );
  };
}
