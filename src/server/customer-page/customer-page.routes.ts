import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { customerDetailSchema } from '../../shared/schemas/api-customers.ts';
import type { ApiContext } from '../http/request-context.ts';
import { getCustomerDetail } from './customer-page.service.ts';

/** GET /api/customers/:id: a customer's page, composed from the customers, orders and todos modules. */
export function customerPageRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.customer.path,
      {
        config: { versionedBy: ['customers', 'orders', 'order_lines', 'beads', 'todos', 'shop_settings'] },
        schema: { params: idParamsSchema, response: { 200: customerDetailSchema, 404: apiErrorSchema } },
      },
      (request) => getCustomerDetail(ctx.db, request.params.id),
    );
  };
}
