import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  paymentReminderListSchema,
  reminderCopiedBodySchema,
  reminderCopiedSchema,
  reminderListQuerySchema,
} from '../../shared/schemas/api-reminders.ts';
import { serve } from '../http/serve.ts';
import { listPaymentReminders, markReminderCopied } from './reminders.service.ts';

export function reminderRoutes(): FastifyPluginAsync {
  return async (app) => {
    // No ETag (`etag: false` in the route table): the answer depends on the clock as well as the tables, since
    // an order comes due and its days grow while nothing is written. The page is small (at most 200 orders).
    serve(
      app,
      apiRoutes.reminders,
      { query: reminderListQuerySchema, response: { 200: paymentReminderListSchema, 400: apiErrorSchema } },
      async ({ db, query, reply }) => {
        reply.header('cache-control', 'private, no-cache');
        return listPaymentReminders(db, query);
      },
    );

    serve(
      app,
      apiRoutes.reminderCopied,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: reminderCopiedBodySchema,
        response: {
          200: reminderCopiedSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      ({ db, params, body }) => markReminderCopied(db, params.id, body?.copiedAt),
    );
  };
}
