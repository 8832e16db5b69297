import type { FastifyPluginAsync } from 'fastify';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { conflictError } from '../errors.ts';
import type { ApiContext } from '../http/request-context.ts';
import { serve } from '../http/serve.ts';
import { backupDirectory, KEEP_BACKUPS, nextNightlyRun } from './backup.service.ts';
import { postgresDatabaseBytes } from './backups.repository.ts';
import { type Backups, listedBackups } from './backups.ts';

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

/**
 * The backups on Indstillinger: the list with their health, and one taken now. `backups`: SQLite's backups
 * (backups.ts); undefined on PostgreSQL.
 */
export function backupRoutes(ctx: ApiContext, backups: Backups | undefined): FastifyPluginAsync {
  return async (app) => {
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
