import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { PAYMENT_METHODS } from '../domain/payments.ts';
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
  /** What the order's 'Rabat' takes off (0 without one). */
  discountOre: z.number().int(),
  /** 'I alt': goods and postage, less the discount. */
  totalWithShippingOre: z.number().int(),
});

/** A payment she recorded (docs/product/money.md). */
export const paymentSchema = z.object({
  id: apiIdSchema,
  amountOre: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  /** The day it was paid (Danish calendar), 'YYYY-MM-DD'. */
  paidOn: z.string(),
  recordedAt: isoInstantSchema,
});

/** What the order's payments come to (domain/payments.ts paymentState). */
export const paymentStateSchema = z.object({
  recordedOre: z.number().int(),
  deemedOre: z.number().int(),
  paidOre: z.number().int(),
  owedOre: z.number().int(),
  overpaidOre: z.number().int(),
});

/** A credit note of the order, as the order shows it. */
export const orderCreditNoteSchema = z.object({
  id: apiIdSchema,
  number: z.string(),
  createdAt: isoInstantSchema,
  totalOre: z.number().int(),
});

export const discountSchema = z.object({ kind: z.enum(['kr', 'pct']), value: z.number().int() });

/** An order with its lines priced by domain/pricing.ts priceOrder and its totals. */
export const orderSchema = z.object({
  id: apiIdSchema,
  customerId: apiIdSchema.nullable(),
  /** null when the order has no (longer a) customer: show 'Ukendt kunde'. */
  customerName: z.string().nullable(),
  createdAt: isoInstantSchema,
  status: orderStatusValueSchema,
  homeDelivery: z.boolean(),
  /** 'Afhentning': picked up in the shop, no postage. */
  pickup: z.boolean(),
  /** The bill's number ('2026-0042') once billed, and its date (docs/product/money.md). */
  number: z.string().nullable(),
  billedAt: isoInstantSchema.nullable(),
  /** 'cancelled': 'Annulleret' (back in Aktiv or emptied, not billed again). */
  billState: z.enum(['unbilled', 'billed', 'cancelled']),
  /** When the status last said it was paid (Skal pakkes or later, by hand or by a full payment); null otherwise. */
  settledAt: isoInstantSchema.nullable(),
  /** 'Rabat' as she set it (null without one); what it takes off is in totals. */
  discount: discountSchema.nullable(),
  /** Whether the bill includes VAT ('Heraf moms'): the shop was VAT-registered when it was billed. */
  vatRegistered: z.boolean(),
  /** 'Pakkenummer': the parcel's number at the carrier (docs/product/messages.md#texts-that-go-out), or null. */
  trackingNumber: z.string().nullable(),
  payment: paymentStateSchema,
  payments: z.array(paymentSchema),
  creditNotes: z.array(orderCreditNoteSchema),
  /** The lines (and whether the postage) a credit note has refunded already. */
  creditedLineIds: z.array(apiIdSchema),
  creditedPostage: z.boolean(),
  /** '2 for 125' pairs in the order they were formed. */
  offerGroups: z.array(offerGroupSchema),
  /** Other lines in the order they were added. */
  normalLines: z.array(pricedLineSchema),
  totals: orderTotalsSchema,
});

export const orderListSchema = z.array(orderSchema);

/** The bill's text, and its number once it has one (a bill sent always has: POST …/bill). */
export const billTextSchema = z.object({ text: z.string(), number: z.string().nullable() });

export type OrderLine = z.infer<typeof orderLineSchema>;
export type PricedLine = z.infer<typeof pricedLineSchema>;
export type OfferGroup = z.infer<typeof offerGroupSchema>;
export type Order = z.infer<typeof orderSchema>;
export type BillText = z.infer<typeof billTextSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type PaymentStateAnswer = z.infer<typeof paymentStateSchema>;
export type OrderCreditNote = z.infer<typeof orderCreditNoteSchema>;

/** 'Registrér betaling', deleting a payment and its 'Fortryd': the order after it, and a status it moved. */
export const paymentResultSchema = z.object({
  order: orderSchema,
  paymentId: apiIdSchema,
  statusChange: z.object({ from: orderStatusValueSchema, to: orderStatusValueSchema }).nullable(),
});

/** 'Krediter': the order (still as it was, with the note among its credit notes) and the note made. */
export const creditNoteMadeSchema = z.object({ order: orderSchema, creditNote: orderCreditNoteSchema });

export type PaymentResult = z.infer<typeof paymentResultSchema>;
export type CreditNoteMade = z.infer<typeof creditNoteMadeSchema>;
