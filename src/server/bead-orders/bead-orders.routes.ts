import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { addBeadToCustomers } from '../orders/orders.service.ts';

/**
 * POST /api/beads/:id/add-to-customers: a bead added to many customers' orders. It writes orders, so it sits
 * above the beads and orders modules instead of in beads (which orders imports).
 */
export function beadOrderRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'addBeadToCustomers', ({ db, params, body, reply }) => {
      reply.code(201);
      return addBeadToCustomers(db, params.id, body.customerIds);
    });
  };
}
