import { z } from 'zod';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';
import { orderStatusValueSchema } from './api-orders.ts';

/** One change of an order, as the change log recorded it. */
export const orderHistoryEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    at: isoInstantSchema,
    from: orderStatusValueSchema,
    to: orderStatusValueSchema,
  }),
  z.object({ kind: z.literal('homeDelivery'), at: isoInstantSchema, from: z.boolean(), to: z.boolean() }),
]);

/** GET /api/orders/:id/history: when the order was started and each status and home delivery change. */
export const orderHistorySchema = z.object({
  orderId: apiIdSchema,
  createdAt: isoInstantSchema,
  entries: z.array(orderHistoryEntrySchema),
});

export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export type OrderHistory = z.infer<typeof orderHistorySchema>;

/** GET /api/orders/shipped?from=…&until=…: orders shipped in [from, until) (ISO instants). */
export const shippedOrdersQuerySchema = z
  .object({ from: z.iso.datetime(), until: z.iso.datetime() })
  .refine((query) => query.from < query.until, {
    message: 'Perioden skal slutte efter den starter',
    path: ['until'],
  });
