/**
 * Input schemas for beads. API bodies carry prices as integer øre (priceOre); the form
 * schemas take kroner as typed and output the API body, so one parse feeds the request.
 */
import { z } from 'zod';
import { normalizeName } from '../domain/customer-name.ts';
import { MAX_NAME_LENGTH } from '../domain/limits.ts';
import { texts } from '../texts.ts';
import { booleanSchema, krPriceField, positivePriceOreSchema, saleTypeSchema } from './fields.ts';

const t = texts.beads;

export const MAX_BEAD_NAME_LENGTH = MAX_NAME_LENGTH;

/** A bead name as stored: cleaned (names.ts: invisible characters removed, NFC, whitespace collapsed). */
export function beadNameSchema(requiredMessage: string = t.nameRequired) {
  return z
    .string({ error: requiredMessage })
    .overwrite(normalizeName)
    .min(1, requiredMessage)
    .max(MAX_BEAD_NAME_LENGTH, t.nameTooLong);
}

/**
 * POST /beads. saleType may be left out for 'no offer'. The price must be above 0: a 0-kr bead is only
 * the hidden state of a bead typed in the todo dialog whose price is not set yet.
 */
export const beadCreateSchema = z.object({
  name: beadNameSchema(),
  priceOre: positivePriceOreSchema(),
  saleType: saleTypeSchema.default(null),
});

/** PATCH /beads/:id: any of price (above 0, as when creating), offer and soft-delete flag. */
export const beadUpdateSchema = z.object({
  priceOre: positivePriceOreSchema().optional(),
  saleType: saleTypeSchema.optional(),
  isDeleted: booleanSchema.optional(),
});

/** The price dialog's body (Sæt Pris): price above 0 and the offer choice. */
export const beadPriceSchema = z.object({
  priceOre: positivePriceOreSchema(),
  saleType: saleTypeSchema,
});

/** The 'Tilføj ny nål' dialog: price typed in kroner; outputs the POST /beads body. */
export const beadCreateFormSchema = z
  .object({
    name: beadNameSchema(),
    price: krPriceField({ positive: true }),
    saleType: saleTypeSchema,
  })
  .transform(({ name, price, saleType }) => ({ name, priceOre: price, saleType }));

/** The 'Sæt Pris' dialog: price in kroner, above 0; outputs the beadPriceSchema body. */
export const priceDialogFormSchema = z
  .object({
    price: krPriceField({ positive: true }),
    saleType: saleTypeSchema,
  })
  .transform(({ price, saleType }) => ({ priceOre: price, saleType }));

export type BeadCreateInput = z.input<typeof beadCreateSchema>;
export type BeadCreate = z.output<typeof beadCreateSchema>;
export type BeadUpdate = z.output<typeof beadUpdateSchema>;
export type BeadPrice = z.output<typeof beadPriceSchema>;
export type BeadCreateFormValues = z.input<typeof beadCreateFormSchema>;
export type PriceDialogFormValues = z.input<typeof priceDialogFormSchema>;
