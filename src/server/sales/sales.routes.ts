import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getSalesCsv, getSalesOverview } from './sales.service.ts';

/** Salg: the tables its answer reads are in the route table (`reads`). */
export function salesRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'sales', ({ db, query }) => getSalesOverview(db, query.year));

    // A download: the body is a file, as the export's CSV.
    serve(app, 'salesCsv', async ({ db, query, reply }) => {
      const { fileName, csv } = await getSalesCsv(db, query.year);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
  };
}
