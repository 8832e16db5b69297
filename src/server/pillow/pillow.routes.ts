import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getPillow } from './pillow.service.ts';

export function pillowRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'pillow', ({ db }) => getPillow(db));
  };
}
