/** Regnskab (docs/product/money.md): the period asked for, and what the books say of it. */
import { z } from 'zod';
import { MAX_SALES_YEAR, MIN_SALES_YEAR } from '../domain/limits.ts';
import { texts } from '../texts.ts';

const invalid = texts.money.errors.periodInvalid;
const whole = (min: number, max: number) =>
  z.coerce.number({ error: invalid }).int({ error: invalid }).min(min, invalid).max(max, invalid);

/** ?year=2026, with &quarter=1–4 or &month=1–12 (not both). */
export const booksQuerySchema = z
  .object({
    year: whole(MIN_SALES_YEAR, MAX_SALES_YEAR),
    quarter: whole(1, 4).optional(),
    month: whole(1, 12).optional(),
  })
  .refine((query) => query.quarter === undefined || query.month === undefined, invalid);

const amount = z.number().int();

/** Paid by way of payment; 'unrecorded': orders whose status says paid without a recorded payment. */
export const paidByMethodSchema = z.object({
  mobilepay: amount,
  bank: amount,
  cash: amount,
  other: amount,
  unrecorded: amount,
});

export const bookSumsSchema = z.object({
  goodsOre: amount,
  postageOre: amount,
  /** Positive: what the discounts took off (the credit notes' share given back is subtracted). */
  discountOre: amount,
  vatOre: amount,
  /** I alt: bills less credit notes. */
  totalOre: amount,
  /** The credit notes' total (negative or 0), included in totalOre. */
  creditOre: amount,
  paidOre: amount,
  owedOre: amount,
  paidBy: paidByMethodSchema,
});

export const booksSchema = z.object({
  period: z.object({
    kind: z.enum(['year', 'quarter', 'month']),
    year: z.number().int(),
    quarter: z.number().int().nullable(),
    month: z.number().int().nullable(),
    title: z.string(),
  }),
  /** The years the picker offers, newest first. */
  years: z.array(z.number().int()),
  sums: bookSumsSchema,
  counts: z.object({ bills: z.number().int(), creditNotes: z.number().int(), cancelled: z.number().int() }),
  /** Whether the shop is VAT-registered now (the screen shows the VAT line, or says it is not). */
  vatRegistered: z.boolean(),
});

export type BooksQuery = z.output<typeof booksQuerySchema>;
export type BookSums = z.infer<typeof bookSumsSchema>;
export type Books = z.infer<typeof booksSchema>;
