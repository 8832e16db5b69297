import type { FastifyPluginAsync } from 'fastify';
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
    serve(app, 'customers', ({ db, query }) => listCustomers(db, { archived: query.archived === 'true' }));

    serve(app, 'addCustomer', ({ db, body, reply }) => {
      reply.code(201);
      return createCustomer(db, body);
    });

    serve(app, 'updateCustomer', ({ db, params, body }) => updateCustomer(db, params.id, body));

    serve(app, 'archiveCustomer', ({ db, params }) => archiveCustomer(db, params.id));

    serve(app, 'unarchiveCustomer', ({ db, params }) => unarchiveCustomer(db, params.id));

    serve(app, 'deleteCustomer', async ({ db, params, reply }) => {
      await deleteCustomer(db, params.id);
      return reply.status(204).send(null);
    });
  };
}
