import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  customerDetailSchema,
  customerListSchema,
  customerSchema,
} from '../../shared/schemas/api-customers.ts';
import { customerCreateSchema } from '../../shared/schemas/customer.ts';
import type { ApiContext } from '../http/request-context.ts';
import { idempotentRequest } from '../idempotency/idempotency.service.ts';
import { getCustomerDetail } from './customer-detail.service.ts';
import { createCustomer, listCustomers } from './customers.service.ts';

export function customerRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/customers',
      { config: { versionedBy: ['customers'] }, schema: { response: { 200: customerListSchema } } },
      () => listCustomers(ctx.db),
    );

    app.post(
      '/api/customers',
      {
        schema: {
          headers: idempotencyHeadersSchema,
          body: customerCreateSchema,
          response: { 201: customerSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const answer = await idempotentRequest(ctx.db, request, async (db) => ({
          status: 201 as const,
          body: await createCustomer(db, request.body),
        }));
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get(
      '/api/customers/:id',
      {
        config: { versionedBy: ['customers', 'orders', 'order_lines', 'beads', 'todos'] },
        schema: { params: idParamsSchema, response: { 200: customerDetailSchema, 404: apiErrorSchema } },
      },
      (request) => getCustomerDetail(ctx.db, request.params.id),
    );
  };
}
