/**
 * Regnskab (docs/product/money.md): the books of a month, a quarter or a year. One row per number dated in the
 * period (a bill, an 'Annulleret' number, or a credit note with negative amounts), made by bookRows; the screen's
 * sums are the sums of those rows, and the bogføringsfil is those rows, so the two always agree.
 *
 * A bill belongs to the period of its date (the moment it got its number); its payments are counted with it,
 * whenever they came. A credit note belongs to the period it was made in, and so does the money it paid back.
 */

import { compareBillNumbers } from '../../shared/domain/bill-number.ts';
import {
  type BookPeriod,
  bookPeriodBounds,
  bookPeriodSlug,
  bookPeriodTitle,
} from '../../shared/domain/book-period.ts';
import { copenhagenDate, copenhagenYear } from '../../shared/domain/dates.ts';
import { formatKrInput } from '../../shared/domain/money.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/domain/payments.ts';
import { vatOre } from '../../shared/domain/pricing.ts';
import type { BookSums, Books } from '../../shared/schemas/api-books.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import { texts } from '../../shared/texts.ts';
import { toCsv } from '../csv/csv.ts';
import type { Db } from '../db/database.ts';
import { type CreditNoteDocument, listCreditNotesBetween } from '../orders/credit-notes.service.ts';
import { firstBillDate, listOrdersBilledBetweenPriced } from '../orders/order-billing.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';

const t = texts.money;

type PaidBy = Record<PaymentMethod | 'unrecorded', number>;

/** One number of the books. Amounts in øre: a credit note's are negative. */
export type BookRow = {
  kind: 'order' | 'creditNote' | 'cancelled';
  number: string;
  /** The bill's or credit note's moment (ISO). */
  at: string;
  customer: string;
  goodsOre: number;
  postageOre: number;
  /** What the discount took off: positive on a bill, negative on a credit note (given back). */
  discountOre: number;
  vatOre: number;
  totalOre: number;
  paidOre: number;
  paidBy: PaidBy;
  /** The last day a payment (or, for a deemed one, the status) said it was paid; null when unpaid. */
  paidOn: string | null;
  owedOre: number;
  /** The number of the order a credit note refunds. */
  refunds: string | null;
  /** The order, and for a credit note the note, the row is about (its receipt). */
  order: Order;
  creditNote: CreditNoteDocument | null;
};

const noPayments = (): PaidBy => ({ mobilepay: 0, bank: 0, cash: 0, other: 0, unrecorded: 0 });

/** The methods a row was paid with, as the file names them ('MobilePay + Kontant'). */
function methodsText(paidBy: PaidBy): string {
  return (['mobilepay', 'bank', 'cash', 'other', 'unrecorded'] as const)
    .filter((method) => paidBy[method] !== 0)
    .map((method) => (method === 'unrecorded' ? t.methodUnrecorded : t.methods[method]))
    .join(' + ');
}

function orderRow(order: Order): BookRow {
  const paidBy = noPayments();
  let paidOn: string | null = null;
  for (const payment of order.payments) {
    paidBy[payment.method] += payment.amountOre;
    if (paidOn === null || payment.paidOn > paidOn) paidOn = payment.paidOn;
  }
  if (order.payment.deemedOre > 0) {
    paidBy.unrecorded += order.payment.deemedOre;
    const settled = copenhagenDate(order.settledAt ?? order.billedAt ?? order.createdAt);
    if (paidOn === null || settled > paidOn) paidOn = settled;
  }
  const base = {
    number: order.number ?? '',
    at: order.billedAt ?? order.createdAt,
    customer: order.customerName ?? '',
    paidOre: order.payment.paidOre,
    paidBy,
    paidOn,
    refunds: null,
    order,
    creditNote: null,
  };
  if (order.billState === 'cancelled')
    return {
      ...base,
      kind: 'cancelled',
      goodsOre: 0,
      postageOre: 0,
      discountOre: 0,
      vatOre: 0,
      totalOre: 0,
      owedOre: 0,
    };
  const total = order.totals.totalWithShippingOre;
  return {
    ...base,
    kind: 'order',
    goodsOre: order.totals.totalOre,
    postageOre: order.totals.shippingOre,
    discountOre: order.totals.discountOre,
    vatOre: vatOre(total, order.vatRegistered),
    totalOre: total,
    owedOre: order.payment.owedOre,
  };
}

function creditNoteRow(document: CreditNoteDocument): BookRow {
  const { note, order, refund } = document;
  const paidBy = noPayments();
  if (refund) paidBy[refund.method] -= refund.amountOre;
  return {
    kind: 'creditNote',
    number: note.number,
    at: note.created_at,
    customer: order.customerName ?? '',
    goodsOre: -Number(note.goods_ore),
    postageOre: -Number(note.postage_ore),
    discountOre: -Number(note.discount_ore),
    vatOre: -Number(note.vat_ore),
    totalOre: -Number(note.total_ore),
    paidOre: refund ? -refund.amountOre : 0,
    paidBy,
    paidOn: refund?.paidOn ?? null,
    owedOre: 0,
    refunds: order.number,
    order,
    creditNote: document,
  };
}

/** Every number dated in the period, in number order. */
export async function bookRows(db: Db, period: BookPeriod): Promise<BookRow[]> {
  const { from, until } = bookPeriodBounds(period);
  const [orders, notes] = await Promise.all([
    listOrdersBilledBetweenPriced(db, from, until),
    listCreditNotesBetween(db, from, until),
  ]);
  return [...orders.map(orderRow), ...notes.map(creditNoteRow)].sort((a, b) =>
    compareBillNumbers(a.number, b.number),
  );
}

/** The rows' sums: what the screen shows and the file adds up to. */
export function sumRows(rows: readonly BookRow[]): BookSums {
  const sums: BookSums = {
    goodsOre: 0,
    postageOre: 0,
    discountOre: 0,
    vatOre: 0,
    totalOre: 0,
    creditOre: 0,
    paidOre: 0,
    owedOre: 0,
    paidBy: noPayments(),
  };
  for (const row of rows) {
    sums.goodsOre += row.goodsOre;
    sums.postageOre += row.postageOre;
    sums.discountOre += row.discountOre;
    sums.vatOre += row.vatOre;
    sums.totalOre += row.totalOre;
    if (row.kind === 'creditNote') sums.creditOre += row.totalOre;
    sums.paidOre += row.paidOre;
    sums.owedOre += row.owedOre;
    for (const method of [...PAYMENT_METHODS, 'unrecorded'] as const)
      sums.paidBy[method] += row.paidBy[method];
  }
  return sums;
}

/** The years the picker offers, newest first: from the first bill's year to this year. */
async function offeredYears(db: Db, year: number): Promise<number[]> {
  const first = await firstBillDate(db);
  const now = copenhagenYear();
  const from = Math.min(first === null ? now : copenhagenYear(new Date(first)), year);
  const to = Math.max(now, year);
  return Array.from({ length: to - from + 1 }, (_, i) => to - i);
}

export async function getBooks(db: Db, period: BookPeriod): Promise<Books> {
  const [rows, years, settings] = await Promise.all([
    bookRows(db, period),
    offeredYears(db, period.year),
    getShopSettings(db),
  ]);
  return {
    period: {
      kind: period.kind,
      year: period.year,
      quarter: period.kind === 'quarter' ? period.quarter : null,
      month: period.kind === 'month' ? period.month : null,
      title: bookPeriodTitle(period),
    },
    years,
    sums: sumRows(rows),
    counts: {
      bills: rows.filter((row) => row.kind === 'order').length,
      creditNotes: rows.filter((row) => row.kind === 'creditNote').length,
      cancelled: rows.filter((row) => row.kind === 'cancelled').length,
    },
    vatRegistered: settings.vatRegistered,
  };
}

const kr = (ore: number) => formatKrInput(ore);

/** 'Hent bogføringsfil': one row per number, in the export's CSV conventions (csv.ts). */
export async function getBooksCsv(db: Db, period: BookPeriod): Promise<{ fileName: string; csv: string }> {
  const c = t.books.csv;
  const rows = await bookRows(db, period);
  const csv = toCsv(
    [
      c.number,
      c.kind,
      c.date,
      c.customer,
      `${c.goods} (kr)`,
      `${c.postage} (kr)`,
      `${c.discount} (kr)`,
      `${c.vat} (kr)`,
      `${c.total} (kr)`,
      `${c.paid} (kr)`,
      c.paidWith,
      c.paidOn,
      c.refunds,
    ],
    rows.map((row) => [
      row.number,
      row.kind === 'order' ? c.order : row.kind === 'creditNote' ? c.creditNote : c.cancelled,
      copenhagenDate(row.at),
      row.customer,
      kr(row.goodsOre),
      kr(row.postageOre),
      kr(row.discountOre),
      kr(row.vatOre),
      kr(row.totalOre),
      kr(row.paidOre),
      methodsText(row.paidBy),
      row.paidOn,
      row.refunds,
    ]),
  );
  return { fileName: t.books.csvName(bookPeriodSlug(period)), csv };
}
