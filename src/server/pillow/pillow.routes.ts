import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { pillowSchema } from '../../shared/schemas/api-pillow.ts';
import { serve } from '../http/serve.ts';
import { getPillow } from './pillow.service.ts';

export function pillowRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.pillow,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] },
        response: { 200: pillowSchema },
      },
      ({ db }) => getPillow(db),
    );
  };
}
