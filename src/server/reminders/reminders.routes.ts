import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  paymentReminderListSchema,
  reminderCopiedBodySchema,
  reminderCopiedSchema,
  reminderListQuerySchema,
} from '../../shared/schemas/api-reminders.ts';
import type { ApiContext } from '../http/request-context.ts';
import { listPaymentReminders, markReminderCopied } from './reminders.service.ts';

export function reminderRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    // No ETag (versionedBy): the answer depends on the clock as well as the tables, since an order comes due
    // and its days grow while nothing is written. The page is small (at most 200 orders, 50 by default).
    app.get(
      apiRoutes.reminders.path,
      {
        schema: {
          querystring: reminderListQuerySchema,
          response: { 200: paymentReminderListSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-cache');
        return listPaymentReminders(ctx.db, request.query);
      },
    );

    app.post(
      apiRoutes.reminderCopied.path,
      {
        config: { idempotent: 'header' },
        schema: {
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
      },
      (request) => markReminderCopied(request.db, request.params.id, request.body?.copiedAt),
    );
  };
}
