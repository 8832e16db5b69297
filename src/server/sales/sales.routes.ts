import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import { salesOverviewSchema, salesQuerySchema } from '../../shared/schemas/api-sales.ts';
import { serve } from '../http/serve.ts';
import { getSalesCsv, getSalesOverview } from './sales.service.ts';

/** Salg: the tables its answer reads are in the route table (`reads`). */
export function salesRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.sales,
      {
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
