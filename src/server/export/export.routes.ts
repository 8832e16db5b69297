import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { buildExport, csvFileName, csvOfTable, exportDateStamp } from './export.service.ts';
import { exportZip } from './export-zip.ts';

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * The shop's way out of Nålepuden: the JSON export, one table as CSV, and the export with the bead photos (a
 * zip, decision 0016). Downloads: the body is a file, not an API shape, so there is no answer schema to
 * serialize through.
 */
export function exportRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'exportJson', async ({ db, reply }) => {
      const file = await buildExport(db);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', attachment(`naalepuden-eksport-${exportDateStamp()}.json`))
        .header('cache-control', 'no-store')
        .send(JSON.stringify(file, null, 2));
    });

    serve(app, 'exportZip', async ({ db, reply }) => {
      const zip = await exportZip(db);
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(`naalepuden-eksport-${exportDateStamp()}.zip`))
        .header('cache-control', 'no-store')
        .send(zip);
    });

    serve(app, 'exportCsv', async ({ db, query, reply }) => {
      const file = await buildExport(db);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(csvFileName(query.table, exportDateStamp())))
        .header('cache-control', 'no-store')
        .send(csvOfTable(file, query.table));
    });
  };
}
