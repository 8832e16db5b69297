import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import { salesOverviewSchema, salesQuerySchema } from '../../shared/schemas/api-sales.ts';
import { serve } from '../http/serve.ts';
import { getSalesCsv, getSalesOverview } from './sales.service.ts';

/**
 * Salg. The answer reads orders, their lines, beads (names, and the price of a line without a frozen
 * one), customers (the hidden test customer) and the settings (postage of old orders without a frozen one);
 * the change log's shipped entries are written together with the orders they change.
 */
const SALES_TABLES = ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] as const;

export function salesRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.sales,
      {
        config: { versionedBy: SALES_TABLES },
        query: salesQuerySchema,
        response: { 200: salesOverviewSchema, 400: apiErrorSchema },
      },
      ({ db, query }) => getSalesOverview(db, query.year),
    );

    // A download: the body is a file, as the export's CSV.
    serve(app, apiRoutes.salesCsv, { query: salesQuerySchema }, async ({ db, query, reply }) => {
      const { fileName, csv } = await getSalesCsv(db, query.year);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
  };
}
