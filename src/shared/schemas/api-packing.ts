/**
 * The packing screen: the orders in Skal pakkes page by page, oldest first, with the customer's
 * contact details and which lines are ticked; the pick list summed over all of them; a tick per line.
 */
import { z } from 'zod';
import { texts } from '../texts.ts';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';
import { orderSchema } from './api-orders.ts';
import { booleanSchema } from './fields.ts';

/** Orders per page unless `limit` says otherwise; at most MAX. */
export const PACKING_PAGE_SIZE = 20;
export const PACKING_MAX_PAGE_SIZE = 100;

/** GET /api/packing/orders: `after` is the previous page's `nextCursor` (opaque). */
export const packingOrdersQuerySchema = z.object({
  after: z.string().min(1, texts.packing.badCursor).max(600, texts.packing.badCursor).optional(),
  limit: z.coerce
    .number({ error: texts.validation.invalid })
    .int(texts.validation.invalid)
    .min(1, texts.validation.invalid)
    .max(PACKING_MAX_PAGE_SIZE, texts.validation.invalid)
    .optional(),
});

/** An order to pack: the priced order as everywhere, the customer's contact details and the ticked lines. */
export const packingOrderSchema = orderSchema.extend({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** Ids of the lines ticked while packing (order_lines.packed_at set). */
  packedLineIds: z.array(apiIdSchema),
});

export const packingPageSchema = z.object({
  orders: z.array(packingOrderSchema),
  /** Give it as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many orders are in Skal pakkes in all. */
  total: z.number().int(),
});

/** One customer waiting for a bead (or a free line's item) and how many units. */
export const pickListCustomerSchema = z.object({
  customerId: apiIdSchema.nullable(),
  /** null when the order has no customer: show 'Ukendt kunde'. */
  customerName: z.string().nullable(),
  units: z.number().int(),
});

export const pickListItemSchema = z.object({
  /** The bead's id; null for a free line's item. */
  beadId: apiIdSchema.nullable(),
  /** The bead's name, or a free line's text. */
  name: z.string(),
  units: z.number().int(),
  /** By customer name, Danish collation. */
  customers: z.array(pickListCustomerSchema),
});

/** GET /api/packing/pick-list: every line of every order in Skal pakkes, summed (in SQL) per bead. */
export const pickListSchema = z.object({
  /** By bead name, Danish collation. */
  beads: z.array(pickListItemSchema),
  /** Free lines summed per text, by text in Danish collation. */
  freeLines: z.array(pickListItemSchema),
  orderCount: z.number().int(),
});

/** PUT /api/orders/:id/lines/:lineId/packed: ticked or not (absolute, so a repeat changes nothing). */
export const linePackedBodySchema = z.object({ packed: booleanSchema });

export const linePackedSchema = z.object({
  orderId: apiIdSchema,
  lineId: apiIdSchema,
  packed: z.boolean(),
  /** When it was ticked; null when it is not. */
  packedAt: isoInstantSchema.nullable(),
});

export type PackingOrder = z.infer<typeof packingOrderSchema>;
export type PackingPage = z.infer<typeof packingPageSchema>;
export type PickListItem = z.infer<typeof pickListItemSchema>;
export type PickList = z.infer<typeof pickListSchema>;
export type LinePacked = z.infer<typeof linePackedSchema>;
export type LinePackedBody = z.infer<typeof linePackedBodySchema>;
