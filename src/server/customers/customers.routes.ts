import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { customerListSchema, customerSchema } from '../../shared/schemas/api-customers.ts';
import {
  customerCreateSchema,
  customerListQuerySchema,
  customerUpdateSchema,
} from '../../shared/schemas/customer.ts';
import type { ApiContext } from '../http/request-context.ts';
import {
  archiveCustomer,
  createCustomer,
  deleteCustomer,
  listCustomers,
  unarchiveCustomer,
  updateCustomer,
} from './customers.service.ts';

export function customerRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.customers.path,
      {
        config: { versionedBy: ['customers'] },
        schema: {
          querystring: customerListQuerySchema,
          response: { 200: customerListSchema, 400: apiErrorSchema },
        },
      },
      (request) => listCustomers(ctx.db, { archived: request.query.archived === 'true' }),
    );

    app.post(
      apiRoutes.addCustomer.path,
      {
        config: { idempotent: 'header' },
        schema: {
          headers: idempotencyHeadersSchema,
          body: customerCreateSchema,
          response: { 201: customerSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request, reply) => {
        reply.code(201);
        return createCustomer(request.db, request.body);
      },
    );

    app.patch(
      apiRoutes.updateCustomer.path,
      {
        schema: {
          params: idParamsSchema,
          body: customerUpdateSchema,
          response: { 200: customerSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => updateCustomer(ctx.db, request.params.id, request.body),
    );

    app.post(
      apiRoutes.archiveCustomer.path,
      {
        config: { idempotent: false },
        schema: { params: idParamsSchema, response: { 200: customerSchema, 404: apiErrorSchema } },
      },
      (request) => archiveCustomer(ctx.db, request.params.id),
    );

    app.post(
      apiRoutes.unarchiveCustomer.path,
      {
        config: { idempotent: false },
        schema: { params: idParamsSchema, response: { 200: customerSchema, 404: apiErrorSchema } },
      },
      (request) => unarchiveCustomer(ctx.db, request.params.id),
    );

    app.delete(
      apiRoutes.deleteCustomer.path,
      {
        schema: {
          params: idParamsSchema,
          response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await deleteCustomer(ctx.db, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
