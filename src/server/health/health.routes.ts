import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { ApiContext } from '../http/request-context.ts';
import { pingDatabase } from './health.repository.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  engine: z.string(),
});

export function healthRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.health.path,
      { schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (request, reply) => {
        try {
          await pingDatabase(ctx.db);
          return { status: 'ok' as const, database: 'ok' as const, engine: ctx.kind };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error', database: 'error', engine: ctx.kind });
        }
      },
    );
  };
}
