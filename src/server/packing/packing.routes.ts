import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getPickList, listOrdersToPack, setLinePacked } from './packing.service.ts';

/** Pakning: the orders to pack a page at a time, the summed pick list, a tick per line. */
export function packingRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'packingOrders', ({ db, query }) => listOrdersToPack(db, query));

    serve(app, 'pickList', ({ db }) => getPickList(db));

    // Absolute (ticked or not), so a repeat is harmless: no Idempotency-Key needed.
    serve(app, 'linePacked', ({ db, params, body }) =>
      setLinePacked(db, params.id, params.lineId, body.packed),
    );
  };
}
