import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_DEPTH } from '../../shared/domain/limits.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import {
  backupListSchema,
  backupSchema,
  csvQuerySchema,
  importBodySchema,
  importQuerySchema,
  importReportSchema,
} from '../../shared/schemas/api-data.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { texts } from '../../shared/texts.ts';
import { conflictError } from '../errors.ts';
import type { ApiContext } from '../http/request-context.ts';
import { serve } from '../http/serve.ts';
import { backupDirectory, KEEP_BACKUPS, nextNightlyRun } from './backup.service.ts';
import { type Backups, listedBackups } from './backups.ts';
import { postgresDatabaseBytes } from './data.repository.ts';
import { buildExport, csvFileName, csvOfTable, exportDateStamp } from './export.service.ts';
import { importData } from './import.service.ts';
import { importZipRoutes } from './import-zip.routes.ts';

/** Exports of a large shop and the old app's export can be tens of MB (limits.ts, shown on the import card). */
const IMPORT_BODY_LIMIT = MAX_IMPORT_BYTES;

/**
 * PostgreSQL: no built-in backups (pg_dump, README), so nothing to copy or check; and its disk is the database
 * server's, which this server cannot measure: only the database's own size is known.
 */
const postgresHealth = (databaseBytes: number) => ({
  copy: { directory: null, lastCopyAt: null, lastCopyName: null, lastFailure: null, needsAttention: false },
  lastVerified: null,
  lastVerifyFailure: null,
  lastCheck: null,
  disk: { freeBytes: null, low: false, databaseBytes },
});

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** Import, export (JSON and CSV) and backups: the shop owner's way in and out of Nålepuden. */
/** `backups`: SQLite's backups (data/backups.ts); undefined on PostgreSQL. */
export function dataRoutes(ctx: ApiContext, backups: Backups | undefined): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.importData,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        // Not a create: the import refuses a shop that is not empty and reports what it read (dry run too).
        config: { idempotent: false, bodyTooDeepMessage: texts.data.fileTooDeep(MAX_IMPORT_DEPTH) },
        query: importQuerySchema,
        body: importBodySchema,
        response: { 200: importReportSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
      ({ db, body, query }) => importData(db, body, { dryRun: query.dryRun }),
    );

    // Downloads: the body is a file, not an API shape, so there is no response schema to serialize through.
    serve(app, apiRoutes.exportJson, {}, async ({ db, reply }) => {
      const file = await buildExport(db);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', attachment(`naalepuden-eksport-${exportDateStamp()}.json`))
        .header('cache-control', 'no-store')
        .send(JSON.stringify(file, null, 2));
    });

    // The export and import with the bead photos (zip files, decision 0016): a plugin of their own, so their
    // body parser (the zip's raw bytes) applies to them alone.
    await app.register(importZipRoutes());

    serve(app, apiRoutes.exportCsv, { query: csvQuerySchema }, async ({ db, query, reply }) => {
      const file = await buildExport(db);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(csvFileName(query.table, exportDateStamp())))
        .header('cache-control', 'no-store')
        .send(csvOfTable(file, query.table));
    });

    serve(app, apiRoutes.backups, { response: { 200: backupListSchema } }, async ({ db }) => {
      const enabled = ctx.sqlite !== undefined;
      const directory = backupDirectory(ctx.config.dataDir);
      return {
        enabled,
        engine: ctx.kind,
        directory: enabled ? directory : null,
        keep: { ...KEEP_BACKUPS },
        nextRunAt: enabled ? nextNightlyRun(new Date()).toISOString() : null,
        backups: enabled ? listedBackups(ctx.config.dataDir) : [],
        health: backups ? backups.health() : postgresHealth(await postgresDatabaseBytes(db)),
      };
    });

    serve(
      app,
      apiRoutes.takeBackup,
      // A repeated tap takes another backup, which is harmless (the folder is pruned per kind).
      { config: { idempotent: false }, response: { 201: backupSchema, 409: apiErrorSchema } },
      async ({ reply }) => {
        if (!backups) throw conflictError(apiErrors.backupsSqliteOnly);
        const backup = await backups.take('manual');
        return reply.status(201).send(backup);
      },
    );
  };
}
