/**
 * Input schemas for order lines. A line is either a bead line (price follows the bead) or a
 * free line (own text and price); `kind` tells them apart so errors name the right fields.
 */
import { z } from 'zod';
import { normalizeName } from '../domain/customer-name.ts';
import { MAX_LINE_TEXT_LENGTH as LIMIT_LINE_TEXT } from '../domain/limits.ts';
import { texts } from '../texts.ts';
import { idSchema, krPriceField, positivePriceOreSchema } from './fields.ts';

const t = texts.lines;

export const MAX_LINE_TEXT_LENGTH = LIMIT_LINE_TEXT;

/** Cleaned like names (names.ts): a line's text is one line on the bill. */
export const lineTextSchema = z
  .string({ error: t.textRequired })
  .overwrite(normalizeName)
  .min(1, t.textRequired)
  .max(MAX_LINE_TEXT_LENGTH, t.textTooLong);

/** The Perle tab: a bead chosen from the list. */
export const beadLineCreateSchema = z.object({
  kind: z.literal('bead'),
  beadId: idSchema(t.beadRequired),
});

/** The Linje tab: free text and price (above 0, docs/product/limits.md), both required. */
export const freeLineCreateSchema = z.object({
  kind: z.literal('free'),
  text: lineTextSchema,
  priceOre: positivePriceOreSchema(t.priceRequired),
});

/** POST body adding one line to a customer's active order (which is created when missing). */
export const orderLineCreateSchema = z.discriminatedUnion(
  'kind',
  [beadLineCreateSchema, freeLineCreateSchema],
  {
    error: texts.validation.invalid,
  },
);

/** The Linje tab's form: price typed in kroner; outputs the free-line body. */
export const freeLineFormSchema = z
  .object({
    text: lineTextSchema,
    price: krPriceField({ requiredMessage: t.priceRequired, positive: true }),
  })
  .transform(({ text, price }) => ({ kind: 'free' as const, text, priceOre: price }));

/** Bead detail, 'Tilføj til kunde': add the bead to each chosen customer's active order. */
export const addBeadToCustomersSchema = z.object({
  customerIds: z
    .array(idSchema(texts.validation.idRequired), { error: texts.beads.detail.selectCustomers })
    .min(1, texts.beads.detail.selectCustomers)
    .max(500, texts.validation.invalid)
    .overwrite((ids) => [...new Set(ids)]),
});

export type OrderLineCreate = z.output<typeof orderLineCreateSchema>;
export type FreeLineFormValues = z.input<typeof freeLineFormSchema>;
export type AddBeadToCustomers = z.output<typeof addBeadToCustomersSchema>;
