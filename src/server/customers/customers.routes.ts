import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { customerListSchema, customerSchema } from '../../shared/schemas/api-customers.ts';
import {
  customerCreateSchema,
  customerListQuerySchema,
  customerUpdateSchema,
} from '../../shared/schemas/customer.ts';
import { serve } from '../http/serve.ts';
import {
  archiveCustomer,
  createCustomer,
  deleteCustomer,
  listCustomers,
  unarchiveCustomer,
  updateCustomer,
} from './customers.service.ts';

export function customerRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.customers,
      {
        query: customerListQuerySchema,
        response: { 200: customerListSchema, 400: apiErrorSchema },
      },
      ({ db, query }) => listCustomers(db, { archived: query.archived === 'true' }),
    );

    serve(
      app,
      apiRoutes.addCustomer,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        body: customerCreateSchema,
        response: { 201: customerSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
      ({ db, body, reply }) => {
        reply.code(201);
        return createCustomer(db, body);
      },
    );

    serve(
      app,
      apiRoutes.updateCustomer,
      {
        params: idParamsSchema,
        body: customerUpdateSchema,
        response: { 200: customerSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      ({ db, params, body }) => updateCustomer(db, params.id, body),
    );

    serve(
      app,
      apiRoutes.archiveCustomer,
      {
        config: { idempotent: false },
        params: idParamsSchema,
        response: { 200: customerSchema, 404: apiErrorSchema },
      },
      ({ db, params }) => archiveCustomer(db, params.id),
    );

    serve(
      app,
      apiRoutes.unarchiveCustomer,
      {
        config: { idempotent: false },
        params: idParamsSchema,
        response: { 200: customerSchema, 404: apiErrorSchema },
      },
      ({ db, params }) => unarchiveCustomer(db, params.id),
    );

    serve(
      app,
      apiRoutes.deleteCustomer,
      { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema } },
      async ({ db, params, reply }) => {
        await deleteCustomer(db, params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
