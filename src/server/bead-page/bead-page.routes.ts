import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getBeadWithTodos } from './bead-page.service.ts';

/**
 * GET /api/beads/:id: a bead's page with the todos that want it, its photos and its stock history (whose sales
 * name their customers), composed from the beads, todos and photos modules.
 */
export function beadPageRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'bead', ({ db, params }) => getBeadWithTodos(db, params.id));
  };
}
