import type { FastifyPluginAsync } from 'fastify';
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
    serve(app, 'addDelivery', async ({ db, params, body, reply }) => {
      reply.code(201);
      return addDelivery(db, params.id, body);
    });

    // Once per key: a repeat (a lost answer) gets the first answer back instead of "findes ikke".
    serve(app, 'undoStockMovement', ({ db, params }) => undoStockMovement(db, params.id));

    serve(app, 'stockCounts', ({ db }) => getStockCounts(db));

    // Not a create: a repeat starts the round again a moment later, which changes nothing she counted.
    serve(app, 'startCountRound', ({ db }) => startCountRound(db));
  };
}
