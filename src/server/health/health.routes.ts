import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext } from '../http/request-context.ts';
import { serve } from '../http/serve.ts';
import { pingDatabase } from './health.repository.ts';

export function healthRoutes(ctx: ApiContext): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'health', async ({ db, request, reply }) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, database: 'ok' as const, engine: ctx.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'error', engine: ctx.kind });
      }
    });
  };
}
