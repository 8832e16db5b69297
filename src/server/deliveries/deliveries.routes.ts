import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { addDelivery } from './deliveries.service.ts';

/**
 * 'Modtaget' with 'Læg i kundernes ordrer' (docs/product/stock.md): a delivery that fills the waiting orders.
 * Its 'Fortryd' is stock's undo of her latest movement (stock.routes.ts), which calls this module for the orders.
 */
export function deliveryRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'addDelivery', async ({ db, params, body, reply }) => {
      reply.code(201);
      return addDelivery(db, params.id, body);
    });
  };
}
