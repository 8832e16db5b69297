import type { FastifyPluginAsync } from 'fastify';
import { MAX_IMPORT_BYTES, MAX_IMPORT_DEPTH } from '../../shared/domain/limits.ts';
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
      'importData',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { bodyTooDeepMessage: texts.data.fileTooDeep(MAX_IMPORT_DEPTH) },
      },
      ({ db, body, query }) => importData(db, body, { dryRun: query.dryRun }),
    );

    // Downloads: the body is a file, not an API shape, so there is no response schema to serialize through.
    serve(app, 'exportJson', async ({ db, reply }) => {
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

    serve(app, 'exportCsv', async ({ db, query, reply }) => {
      const file = await buildExport(db);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(csvFileName(query.table, exportDateStamp())))
        .header('cache-control', 'no-store')
        .send(csvOfTable(file, query.table));
    });

    serve(app, 'backups', async ({ db }) => {
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

    serve(app, 'takeBackup', async ({ reply }) => {
      if (!backups) throw conflictError(apiErrors.backupsSqliteOnly);
      const backup = await backups.take('manual');
      return reply.status(201).send(backup);
    });
  };
}
