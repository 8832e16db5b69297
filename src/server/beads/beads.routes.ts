import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { addBead, listBeadsSorted, softDeleteBead, updateBeadFields } from './beads.service.ts';

export function beadRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'beads', ({ db, query }) => listBeadsSorted(db, { includeDeleted: query.includeDeleted }));

    serve(app, 'addBead', async ({ db, body, reply }) => {
      reply.code(201);
      return (await addBead(db, body)).bead;
    });

    serve(app, 'updateBead', ({ db, params, body }) => updateBeadFields(db, params.id, body));

    serve(app, 'deleteBead', async ({ db, params, reply }) => {
      await softDeleteBead(db, params.id);
      return reply.status(204).send(null);
    });
  };
}
