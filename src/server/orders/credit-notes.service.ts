/**
 * 'Krediter' (docs/product/money.md): a credit note refunds a shipped order, whole or the bill's rows she ticks.
 * It has its own number from the same series as the bills, names the order it refunds, and keeps its amounts as
 * they were refunded: the rows at the prices the bill gave them (a '2 for 125' pair is refunded as the pair), the
 * postage when ticked, and the order's discount in proportion to the goods (the note that refunds the last of the
 * order takes what is left of it). The money paid back is a refund (a negative payment) of the note. The order
 * itself stays as it was, read-only.
 */
import { formatBillNumber } from '../../shared/domain/bill-number.ts';
import { copenhagenYear, nowIso } from '../../shared/domain/dates.ts';
import { vatOre } from '../../shared/domain/pricing.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Order, PricedLine } from '../../shared/schemas/api-orders.ts';
import type { CreditNoteCreate } from '../../shared/schemas/payment.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { CreditNoteLineRow, CreditNoteRow, Db, PaymentRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import {
  findCreditNote,
  insertCreditNote,
  insertPayment,
  listCreditNoteLines,
  listCreditNotesMadeBetween,
  listCreditNotesOfOrders,
  listPaymentsOfOrders,
  takeNextNumber,
} from './money.repository.ts';
import { lockOrder } from './orders.repository.ts';
import { getOrder, listOrdersPricedByIds } from './orders.service.ts';

/** The bill's rows of an order: a '2 for 125' pair is one row of two lines, every other line a row of its own. */
function billRows(order: Order): PricedLine[][] {
  return [...order.offerGroups.map((group) => group.lines), ...order.normalLines.map((line) => [line])];
}

const rowText = (row: readonly PricedLine[]) =>
  row.length === 2 ? `${row[0]?.text} + ${row[1]?.text} (2 for 125)` : (row[0]?.text ?? '');

export type CreditNoteMade = {
  order: Order;
  creditNote: { id: string; number: string; createdAt: string; totalOre: number };
};

export function createCreditNote(
  db: Db,
  orderId: string,
  input: CreditNoteCreate,
  now: Date = new Date(),
): Promise<CreditNoteMade> {
  return inTransaction(db, async (trx) => {
    await lockOrder(trx, orderId);
    const order = await getOrder(trx, orderId);
    if (order.status !== 'shipped' || order.number === null) throw conflictError(apiErrors.creditNotShipped);
    const rows = billRows(order);
    const rowOf = new Map(rows.flatMap((row) => row.map((line) => [line.id, row] as const)));
    const credited = new Set(order.creditedLineIds);
    const chosen = new Set<PricedLine[]>();
    for (const id of input.lineIds) {
      const row = rowOf.get(id);
      if (!row) throw conflictError(apiErrors.creditLineUnknown);
      if (row.some((line) => credited.has(line.id))) throw conflictError(apiErrors.creditLineTwice);
      chosen.add(row);
    }
    if (input.postage && order.creditedPostage) throw conflictError(apiErrors.creditPostageTwice);
    const postageOre = input.postage ? order.totals.shippingOre : 0;
    if (chosen.size === 0 && postageOre === 0) throw conflictError(apiErrors.creditNothing);

    const goodsOre = [...chosen].reduce(
      (sum, row) => sum + row.reduce((rowSum, line) => rowSum + (line.priceOre ?? 0), 0),
      0,
    );
    const earlier = await listCreditNotesOfOrders(trx, [orderId]);
    const linesLeft = rows.some((row) => !chosen.has(row) && !row.some((line) => credited.has(line.id)));
    const postageLeft = order.totals.shippingOre > 0 && !order.creditedPostage && !input.postage;
    const orderDiscount = order.totals.discountOre;
    const discountSoFar = earlier.reduce((sum, note) => sum + Number(note.discount_ore), 0);
    const share =
      orderDiscount === 0
        ? 0
        : !linesLeft && !postageLeft
          ? orderDiscount - discountSoFar
          : order.totals.totalOre === 0
            ? 0
            : Math.round((orderDiscount * goodsOre) / order.totals.totalOre);
    const discountOre = Math.max(0, Math.min(share, goodsOre + postageOre, orderDiscount - discountSoFar));
    const totalOre = goodsOre + postageOre - discountOre;

    const year = copenhagenYear(now);
    const number = formatBillNumber(year, await takeNextNumber(trx, year));
    const note: CreditNoteRow = {
      id: crypto.randomUUID(),
      order_id: orderId,
      number,
      created_at: now.toISOString(),
      goods_ore: goodsOre,
      postage_ore: postageOre,
      discount_ore: discountOre,
      total_ore: totalOre,
      vat_ore: vatOre(totalOre, order.vatRegistered),
    };
    let position = 0;
    const noteLines: CreditNoteLineRow[] = [...chosen].flatMap((row) =>
      row.map((line, index) => ({
        credit_note_id: note.id,
        order_line_id: line.id,
        position: position++,
        // The row's text on its first line; a pair's second line carries no text or price of its own.
        text: index === 0 ? rowText(row) : '',
        price_ore: index === 0 ? row.reduce((sum, each) => sum + (each.priceOre ?? 0), 0) : 0,
      })),
    );
    await insertCreditNote(trx, note, noteLines);
    if (totalOre > 0)
      await insertPayment(trx, {
        id: crypto.randomUUID(),
        order_id: orderId,
        credit_note_id: note.id,
        amount_ore: -totalOre,
        method: input.method,
        paid_on: input.refundedOn,
        recorded_at: nowIso(),
        deleted_at: null,
        moved_status: 0,
      });
    recordChange(trx, { entity: 'order', id: orderId, action: 'credit_note', data: { number } });
    return {
      order: await getOrder(trx, orderId),
      creditNote: { id: note.id, number, createdAt: note.created_at, totalOre },
    };
  });
}

export type CreditNoteDocument = {
  note: CreditNoteRow;
  lines: CreditNoteLineRow[];
  order: Order;
  /** The money paid back, or null for a note of 0 kr. */
  refund: { amountOre: number; method: PaymentRow['method']; paidOn: string } | null;
};

/** Credit notes with their rows, refunds and the orders they refund (their PDFs, the books). */
export async function getCreditNotes(db: Db, notes: readonly CreditNoteRow[]): Promise<CreditNoteDocument[]> {
  if (notes.length === 0) return [];
  const orderIds = [...new Set(notes.map((note) => note.order_id))];
  const [lines, orders, payments] = await Promise.all([
    listCreditNoteLines(
      db,
      notes.map((note) => note.id),
    ),
    listOrdersPricedByIds(db, orderIds),
    listPaymentsOfOrders(db, orderIds),
  ]);
  const orderById = new Map(orders.map((order) => [order.id, order]));
  return notes.flatMap((note) => {
    const order = orderById.get(note.order_id);
    if (!order) return [];
    const refund = payments.find((payment) => payment.credit_note_id === note.id);
    return [
      {
        note,
        lines: lines.filter((line) => line.credit_note_id === note.id),
        order,
        refund: refund
          ? { amountOre: -Number(refund.amount_ore), method: refund.method, paidOn: refund.paid_on }
          : null,
      },
    ];
  });
}

/** One credit note with its rows, refund and order (its PDF). */
export async function getCreditNote(db: Db, id: string): Promise<CreditNoteDocument> {
  const note = await findCreditNote(db, id);
  if (!note) throw notFoundError(apiErrors.creditNoteNotFound);
  const [document] = await getCreditNotes(db, [note]);
  if (!document) throw notFoundError(apiErrors.creditNoteNotFound);
  return document;
}

/** The credit notes made in [from, until), oldest first, with their rows, refunds and orders (the books). */
export async function listCreditNotesBetween(
  db: Db,
  from: string,
  until: string,
): Promise<CreditNoteDocument[]> {
  return getCreditNotes(db, await listCreditNotesMadeBetween(db, from, until));
}
