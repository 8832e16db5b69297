import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { pillowSchema } from '../../shared/schemas/api-pillow.ts';
import type { ApiContext } from '../http/request-context.ts';
import { getPillow } from './pillow.service.ts';

export function pillowRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.pillow.path,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] },
        schema: { response: { 200: pillowSchema } },
      },
      () => getPillow(ctx.db),
    );
  };
}
