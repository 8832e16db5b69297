import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';

export const orderStatusValueSchema = z.enum(ORDER_STATUSES);

/**
 * One order line with its price facts resolved (the shape of domain/pricing.ts OrderLineInput):
 * bead lines carry the bead's name and its current price/sale type while the order is active,
 * the frozen ones afterwards; free lines carry their own text and price.
 */
export const orderLineSchema = z.object({
  id: apiIdSchema,
  orderId: apiIdSchema,
  kind: z.enum(['bead', 'free']),
  beadId: apiIdSchema.nullable(),
  text: z.string(),
  unitPriceOre: z.number().int(),
  saleType: z.string().nullable(),
  addedAt: isoInstantSchema,
  /** A bead line's bead's cover photo (decision 0016), null without one and on free lines. */
  photoId: z.string().nullable(),
});

/** A line plus what it costs in this order; null is the second line of a '2 for 125' pair. */
export const pricedLineSchema = orderLineSchema.extend({ priceOre: z.number().int().nullable() });

export const offerGroupSchema = z.object({
  lines: z.array(pricedLineSchema),
  /** True for a left-over single ('--- Mangler en makker ---'). */
  missingPartner: z.boolean(),
});

export const orderTotalsSchema = z.object({
  /** Sum of line prices, without postage. */
  totalOre: z.number().int(),
  /** Porto: frozen into the order once it left Aktiv, else the shop's current postage for its delivery. */
  shippingOre: z.number().int(),
  totalWithShippingOre: z.number().int(),
});

/** An order with its lines priced by domain/pricing.ts priceOrder and its totals. */
export const orderSchema = z.object({
  id: apiIdSchema,
  customerId: apiIdSchema.nullable(),
  /** null when the order has no (longer a) customer: show 'Ukendt kunde'. */
  customerName: z.string().nullable(),
  createdAt: isoInstantSchema,
  status: orderStatusValueSchema,
  homeDelivery: z.boolean(),
  /** '2 for 125' pairs in the order they were formed. */
  offerGroups: z.array(offerGroupSchema),
  /** Other lines in the order they were added. */
  normalLines: z.array(pricedLineSchema),
  totals: orderTotalsSchema,
});

export const orderListSchema = z.array(orderSchema);

export const billTextSchema = z.object({ text: z.string() });

export type OrderLine = z.infer<typeof orderLineSchema>;
export type PricedLine = z.infer<typeof pricedLineSchema>;
export type OfferGroup = z.infer<typeof offerGroupSchema>;
export type Order = z.infer<typeof orderSchema>;
export type BillText = z.infer<typeof billTextSchema>;
