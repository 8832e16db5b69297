/**
 * The rows of our own export (api-data.ts) that the import checks one at a time, so that a bad one refuses only
 * itself: the stock movements (version 3, docs/product/stock.md) and the shop's money (version 4,
 * docs/product/money.md): an order's bill (its number and date, 'Annulleret', VAT), when it was settled,
 * 'Afhentning' and 'Rabat'; every payment she recorded (deleted ones too, with when, so that a restore is exact; a
 * refund is a negative payment of its credit note) and every credit note with the bill's rows it refunds. Also the
 * id and instant checks every table of the file uses (here, below api-data.ts, which builds the file of them).
 */
import { z } from 'zod';
import { formatBillNumber, parseBillNumber } from '../domain/bill-number.ts';
import { MAX_STOCK_QUANTITY, MAX_STOCK_REASON_LENGTH } from '../domain/limits.ts';
import { MAX_PAYMENT_ORE, PAYMENT_METHODS } from '../domain/payments.ts';
import { STOCK_KINDS } from '../domain/stock.ts';
import { discountInputSchema } from './payment.ts';

/** A parseable instant between 1970 and 9999 (four-digit years keep ISO strings in time order). */
export function isReasonableInstant(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1970 && year <= 9999;
}

export const exportIdSchema = z.string().min(1).max(200);
export const exportInstantSchema = z.string().refine(isReasonableInstant, 'ugyldig dato');

/**
 * A stock movement (version 3): as stored, but for a delivery's undo facts (an imported delivery cannot be
 * undone). The beads' stock is not in the file: the import sets it from the movements by the rule.
 */
export const exportStockMovementSchema = z
  .object({
    id: exportIdSchema,
    beadId: exportIdSchema,
    kind: z.enum(STOCK_KINDS),
    quantity: z.int().min(-MAX_STOCK_QUANTITY).max(MAX_STOCK_QUANTITY),
    at: exportInstantSchema,
    recordedAt: exportInstantSchema,
    reason: z.string().min(1).max(MAX_STOCK_REASON_LENGTH).nullable(),
    orderId: exportIdSchema.nullable(),
    customerId: exportIdSchema.nullable(),
    deliveryId: exportIdSchema.nullable(),
  })
  .refine(
    (m) =>
      m.kind === 'count'
        ? m.quantity >= 0 && m.quantity <= MAX_STOCK_QUANTITY
        : m.kind === 'received'
          ? m.quantity >= 1 && m.quantity <= MAX_STOCK_QUANTITY
          : m.kind === 'adjust'
            ? m.quantity !== 0 && Math.abs(m.quantity) <= MAX_STOCK_QUANTITY && m.reason !== null
            : m.kind === 'return'
              ? m.quantity > 0
              : m.quantity < 0,
    'ugyldigt antal',
  );
export type ExportStockMovement = z.infer<typeof exportStockMovementSchema>;

/** A number exactly as the series gives it ('2026-0042', bill-number.ts): never 0, never re-spelled. */
export const billNumberSchema = z.string().refine((value) => {
  const parsed = parseBillNumber(value);
  return parsed !== null && parsed.seq >= 1 && formatBillNumber(parsed.year, parsed.seq) === value;
}, 'ugyldigt nummer');

/** A day of the Danish calendar as stored, 'YYYY-MM-DD', that exists. */
const calendarDaySchema = z.string().refine((value) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value;
}, 'ugyldig dato');

/** Amounts of a credit note: whole øre, within the database's integers. */
const creditOre = z.int().min(0).max(1_000_000_000);
/** A refunded row's text: the bill's row as it read (a pair's second line has none). */
const MAX_CREDIT_ROW_TEXT_LENGTH = 1_000;
/** As many rows as an order can hold (limits.ts MAX_LINES_PER_ORDER). */
const MAX_CREDIT_ROWS = 2_000;

/**
 * An order's money (version 4), as stored. Optional for the reading of older files, which have none: the import
 * numbers their orders as migration 0014 numbered the shop's own.
 */
export const exportOrderMoneyFields = {
  /** The bill's number, given once and never changed; null until the order is billed. */
  number: billNumberSchema.nullable().optional(),
  /** When the number was given: the bill's date. */
  billedAt: exportInstantSchema.nullable().optional(),
  /** 'Annulleret': a numbered order back in Aktiv or emptied, not billed again since. */
  billVoid: z.boolean().optional(),
  /** Whether the shop was VAT-registered when the order was (last) billed. */
  vatRegistered: z.boolean().optional(),
  /** When it last moved from Aktiv or Afventer betaling to Skal pakkes or later; null otherwise. */
  settledAt: exportInstantSchema.nullable().optional(),
  /** 'Afhentning': picked up in the shop, no postage. */
  pickup: z.boolean().optional(),
  /** 'Rabat': kr (in øre) or a whole percentage; null without one. */
  discount: discountInputSchema.nullable().optional(),
};

/** The same fields as the import first reads them: anything, each order's then checked on its own. */
export const exportOrderMoneyUnread = {
  number: z.unknown().optional(),
  billedAt: z.unknown().optional(),
  billVoid: z.unknown().optional(),
  vatRegistered: z.unknown().optional(),
  settledAt: z.unknown().optional(),
  pickup: z.unknown().optional(),
  discount: z.unknown().optional(),
} satisfies Record<keyof typeof exportOrderMoneyFields, z.ZodType>;

/** A payment as stored (version 4): a refund (creditNoteId set) is negative, every other payment positive. */
export const exportPaymentSchema = z
  .object({
    id: exportIdSchema,
    orderId: exportIdSchema,
    creditNoteId: exportIdSchema.nullable(),
    amountOre: z.int().min(-MAX_PAYMENT_ORE).max(MAX_PAYMENT_ORE),
    method: z.enum(PAYMENT_METHODS),
    paidOn: calendarDaySchema,
    recordedAt: exportInstantSchema,
    /** When she deleted it; null while it counts. */
    deletedAt: exportInstantSchema.nullable(),
    /** The payment moved its order from Afventer betaling to Skal pakkes (its deletion moves it back). */
    movedStatus: z.boolean(),
  })
  .refine((p) => (p.creditNoteId === null ? p.amountOre > 0 : p.amountOre < 0), {
    message: 'ugyldigt beløb',
    path: ['amountOre'],
  });
export type ExportPayment = z.infer<typeof exportPaymentSchema>;

/** A row of the bill a credit note refunds, as it read on the bill. */
export const exportCreditNoteLineSchema = z.object({
  orderLineId: exportIdSchema,
  position: z.int().min(0).max(MAX_CREDIT_ROWS),
  text: z.string().max(MAX_CREDIT_ROW_TEXT_LENGTH),
  priceOre: creditOre,
});

/** A credit note as stored (version 4), with its rows: amounts in positive øre, the total what they come to. */
export const exportCreditNoteSchema = z
  .object({
    id: exportIdSchema,
    orderId: exportIdSchema,
    number: billNumberSchema,
    createdAt: exportInstantSchema,
    goodsOre: creditOre,
    postageOre: creditOre,
    discountOre: creditOre,
    totalOre: creditOre,
    vatOre: creditOre,
    lines: z.array(exportCreditNoteLineSchema).max(MAX_CREDIT_ROWS),
  })
  .refine((n) => n.totalOre === n.goodsOre + n.postageOre - n.discountOre && n.vatOre <= n.totalOre, {
    message: 'beløbene passer ikke sammen',
    path: ['totalOre'],
  })
  .refine((n) => new Set(n.lines.map((line) => line.orderLineId)).size === n.lines.length, {
    message: 'en ordrelinje står to gange',
    path: ['lines'],
  });
export type ExportCreditNote = z.infer<typeof exportCreditNoteSchema>;
