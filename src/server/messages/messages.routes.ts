import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { addMessageLines, undoMessageLines } from './message-lines.service.ts';

/** 'Indsæt besked' (docs/product/messages.md): the proposals added in one step, and its 'Fortryd'. */
export function messageRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'addMessageLines', ({ db, params, body, reply }) => {
      reply.code(201);
      return addMessageLines(db, params.id, body);
    });
    serve(app, 'undoMessageLines', ({ db, params, body }) => undoMessageLines(db, params.id, body));
  };
}
