/**
 * Input schemas for stock (docs/product/stock.md): a movement she makes on the bead's page or the counting
 * screen, a delivery that fills the waiting orders, and the forms that make them. Quantities are whole beads.
 */
import { z } from 'zod';
import {
  MAX_DELIVERY_TODOS,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_STOCK_QUANTITY,
  MAX_STOCK_REASON_LENGTH,
} from '../domain/limits.ts';
import { cleanName } from '../domain/names.ts';
import { texts } from '../texts.ts';
import { idSchema, positivePriceOreSchema, saleTypeSchema } from './fields.ts';

const v = texts.stock.validation;

/** A number of beads: whole, from `min` to MAX_STOCK_QUANTITY. */
function quantitySchema(min: 0 | 1) {
  return z
    .int({ error: (issue) => (issue.input === undefined || issue.input === null ? v.required : v.whole) })
    .min(min, min === 0 ? v.negative : v.atLeastOne)
    .max(MAX_STOCK_QUANTITY, v.tooHigh);
}

/** A correction's reason ("knækket", "eget brug"): cleaned like a name, 1–80 characters. */
export const stockReasonSchema = z
  .string({ error: v.reasonRequired })
  .overwrite(cleanName)
  .min(1, v.reasonRequired)
  .max(MAX_STOCK_REASON_LENGTH, v.reasonTooLong);

/**
 * POST /api/beads/:id/stock. `count` sets the number on the shelf at `countedAt` (when she typed it, on her
 * device's clock; the server believes it up to a week back and never in the future); `received` adds a delivery;
 * `adjust` adds (positive) or takes (negative) a few, with a reason.
 */
export const stockMoveSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('count'),
      quantity: quantitySchema(0),
      countedAt: z.iso.datetime({ offset: true, error: v.countedAt }).optional(),
    }),
    z.object({ kind: z.literal('received'), quantity: quantitySchema(1) }),
    z.object({
      kind: z.literal('adjust'),
      quantity: z
        .int({ error: (issue) => (issue.input == null ? v.required : v.whole) })
        .min(-MAX_STOCK_QUANTITY, v.tooHigh)
        .max(MAX_STOCK_QUANTITY, v.tooHigh)
        .refine((quantity) => quantity !== 0, v.atLeastOne),
      reason: stockReasonSchema,
    }),
  ],
  { error: v.kind },
);

/**
 * POST /api/beads/:id/deliveries: "Modtaget" with "Læg i kundernes ordrer": the delivery, and the waiting todos
 * to complete with it in the same step. A bead at 0 kr gets its price and offer first, as completing a todo
 * asks.
 */
export const deliverySchema = z.object({
  quantity: quantitySchema(1),
  todoIds: z.array(idSchema()).max(MAX_DELIVERY_TODOS, v.todoIds),
  priceOre: positivePriceOreSchema().optional(),
  saleType: saleTypeSchema.optional(),
});

/** 'Få tilbage' in Indstillinger: a whole number of beads, 0–999. */
export const lowStockThresholdSchema = z
  .int({ error: v.threshold })
  .min(0, v.threshold)
  .max(MAX_LOW_STOCK_THRESHOLD, v.threshold);

/** A number field as a form gives it: digits (spaces allowed), empty = missing. */
function typedQuantity(min: 0 | 1) {
  return z
    .string()
    .transform((value) => {
      const trimmed = value.replace(/\s/g, '');
      if (trimmed === '') return undefined;
      return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    })
    .pipe(quantitySchema(min));
}

/** 'Optælling' (the bead's page and the counting screen): the number on the shelf. */
export const countFormSchema = z.object({ quantity: typedQuantity(0) });

/** 'Modtaget': how many arrived. */
export const receivedFormSchema = z.object({ quantity: typedQuantity(1) });

/** 'Ret': how many, added or taken, and why. Outputs the signed quantity. */
export const adjustFormSchema = z
  .object({
    direction: z.enum(['add', 'take']),
    quantity: typedQuantity(1),
    reason: stockReasonSchema,
  })
  .transform(({ direction, quantity, reason }) => ({
    quantity: direction === 'take' ? -quantity : quantity,
    reason,
  }));

export type StockMove = z.output<typeof stockMoveSchema>;
export type Delivery = z.output<typeof deliverySchema>;
export type CountFormValues = z.input<typeof countFormSchema>;
export type ReceivedFormValues = z.input<typeof receivedFormSchema>;
export type AdjustFormValues = z.input<typeof adjustFormSchema>;
