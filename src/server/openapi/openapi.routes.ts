import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { openApiDocument } from './openapi-document.ts';

/**
 * GET /api/openapi.json: the API described as OpenAPI 3.1 (decision 0020). Registered among the shop's routes,
 * so it needs a session like them. The document is made at the first request and kept: the contracts it is made
 * of cannot change while the process runs.
 */
export function openApiRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'openapi', ({ reply }) =>
      reply.type('application/json; charset=utf-8').send(openApiDocument().text),
    );
  };
}
