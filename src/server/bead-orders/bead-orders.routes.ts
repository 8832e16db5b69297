import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { addBeadToCustomersResultSchema } from '../../shared/schemas/api-beads.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { addBeadToCustomersSchema } from '../../shared/schemas/order-line.ts';
import { serve } from '../http/serve.ts';
import { addBeadToCustomers } from '../orders/orders.service.ts';

/**
 * POST /api/beads/:id/add-to-customers: a bead added to many customers' orders. It writes orders, so it sits
 * above the beads and orders modules instead of in beads (which orders imports).
 */
export function beadOrderRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.addBeadToCustomers,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: addBeadToCustomersSchema,
        response: { 201: addBeadToCustomersResultSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
      ({ db, params, body, reply }) => {
        reply.code(201);
        return addBeadToCustomers(db, params.id, body.customerIds);
      },
    );
  };
}
