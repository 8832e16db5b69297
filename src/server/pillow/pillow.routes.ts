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
        response: { 200: pillowSchema },
      },
      ({ db }) => getPillow(db),
    );
  };
}
