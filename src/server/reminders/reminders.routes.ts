import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { listPaymentReminders, markReminderCopied } from './reminders.service.ts';

export function reminderRoutes(): FastifyPluginAsync {
  return async (app) => {
    // No ETag (`etag: false` in the route table): the answer depends on the clock as well as the tables, since
    // an order comes due and its days grow while nothing is written. The page is small (at most 200 orders).
    serve(app, 'reminders', async ({ db, query, reply }) => {
      reply.header('cache-control', 'private, no-cache');
      return listPaymentReminders(db, query);
    });

    serve(app, 'reminderCopied', ({ db, params, body }) => markReminderCopied(db, params.id, body?.copiedAt));
  };
}
