import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { customerDetailSchema } from '../../shared/schemas/api-customers.ts';
import { serve } from '../http/serve.ts';
import { getCustomerDetail } from './customer-page.service.ts';

/** GET /api/customers/:id: a customer's page, composed from the customers, orders and todos modules. */
export function customerPageRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.customer,
      {
        params: idParamsSchema,
        response: { 200: customerDetailSchema, 404: apiErrorSchema },
      },
      ({ db, params }) => getCustomerDetail(db, params.id),
    );
  };
}
