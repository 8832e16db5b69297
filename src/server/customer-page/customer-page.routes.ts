import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getCustomerDetail } from './customer-page.service.ts';

/** GET /api/customers/:id: a customer's page, composed from the customers, orders and todos modules. */
export function customerPageRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'customer', ({ db, params }) => getCustomerDetail(db, params.id));
  };
}
