import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { moveStock, type UndoFilledOrders, undoStockMovement } from './stock.service.ts';
import { getStockCounts, startCountRound } from './stock-counts.service.ts';

/**
 * A bead's stock (docs/product/stock.md): her movements (Optælling, Modtaget, Ret) and 'Fortryd' of her latest,
 * and the counting screen's counts and rounds. A delivery that fills the waiting orders is the deliveries
 * module's (deliveries.routes.ts); its 'Fortryd' is served here, with `undoFilledOrders` from that module
 * (app.ts hands it over: stock lies below the orders and todos it changes).
 */
export function stockRoutes({
  undoFilledOrders,
}: {
  undoFilledOrders: UndoFilledOrders;
}): FastifyPluginAsync {
  return async (app) => {
    // Optælling, Modtaget, Ret: once per Idempotency-Key, so a count sent again from the phone's queue (a lost
    // answer, a reload during the replay) is written once.
    serve(app, 'moveStock', async ({ db, params, body, reply }) => {
      reply.code(201);
      return moveStock(db, params.id, body);
    });

    // Once per key: a repeat (a lost answer) gets the first answer back instead of "findes ikke".
    serve(app, 'undoStockMovement', ({ db, params }) => undoStockMovement(db, params.id, undoFilledOrders));

    serve(app, 'stockCounts', ({ db }) => getStockCounts(db));

    // Not a create: a repeat starts the round again a moment later, which changes nothing she counted.
    serve(app, 'startCountRound', ({ db }) => startCountRound(db));
  };
}
