import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addBeadToCustomersResultSchema } from '../../shared/schemas/api-beads.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { addBeadToCustomersSchema } from '../../shared/schemas/order-line.ts';
import type { ApiContext } from '../http/request-context.ts';
import { idempotentRequest } from '../idempotency/idempotency.service.ts';
import { addBeadToCustomers } from '../orders/orders.service.ts';

/**
 * POST /api/beads/:id/add-to-customers: a bead added to many customers' orders. It writes orders, so it sits
 * above the beads and orders modules instead of in beads (which orders imports).
 */
export function beadOrderRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/beads/:id/add-to-customers',
      {
        schema: {
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          body: addBeadToCustomersSchema,
          response: { 201: addBeadToCustomersResultSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const answer = await idempotentRequest(ctx.db, request, async (db) => ({
          status: 201 as const,
          body: await addBeadToCustomers(db, request.params.id, request.body.customerIds),
        }));
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
}
