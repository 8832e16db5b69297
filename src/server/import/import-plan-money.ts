/**
 * The money's steps of an import plan (import-plan.ts; our own export since version 4, docs/product/money.md):
 * credit notes, then payments (a refund points at its credit note). Kept as they were; left out and reported when
 * what they belong to is not there, or when a credit note's number or one of its rows is the shop's already
 * (a number is given once, and a bill's row is refunded at most once).
 */
import { texts } from '../../shared/texts.ts';
import type { PlanInProgress } from './import-plan-state.ts';
import type { SourceCreditNote, SourcePayment } from './import-records.ts';

const r = texts.data.report;

/** Whether an order is there to hold a credit note or payment: planned from the file, or in the database. */
type OrderExists = (id: string) => boolean;

/** Credit notes: returns whether a credit note is there (planned, or in the database) for a refund to point at. */
export function planCreditNotes(
  plan: PlanInProgress,
  notes: readonly SourceCreditNote[],
  orderExists: OrderExists,
): (id: string) => boolean {
  const { current, rows, present, counts, issue, usedNumbers } = plan;
  const existing = current.creditNoteIds ?? new Set<string>();
  const creditedBefore = current.creditedLineIds ?? new Set<string>();
  const creditedNow = new Set<string>();
  const planned = new Set<string>();
  for (const note of notes) {
    if (existing.has(note.id)) {
      present.creditNotes.push(note.id);
      continue;
    }
    const skip = (...args: Parameters<typeof issue>) => {
      issue(...args);
      counts.creditNotes.skipped++;
    };
    if (!orderExists(note.orderId)) {
      skip(
        'creditNoteOrderMissing',
        'creditNotes',
        [note.id, note.orderId],
        r.creditNoteOrderMissing(note.id, note.orderId),
      );
      continue;
    }
    if (usedNumbers.has(note.number)) {
      skip('creditNoteNumberTaken', 'creditNotes', [note.id], r.creditNoteNumberTaken(note.id, note.number));
      continue;
    }
    const taken = note.lines.find(
      (line) => creditedBefore.has(line.orderLineId) || creditedNow.has(line.orderLineId),
    );
    if (taken) {
      skip(
        'creditNoteLineTaken',
        'creditNotes',
        [note.id, taken.orderLineId],
        r.creditNoteLineTaken(note.id, taken.orderLineId),
      );
      continue;
    }
    usedNumbers.add(note.number);
    for (const line of note.lines) creditedNow.add(line.orderLineId);
    planned.add(note.id);
    rows.creditNotes.push({
      note: {
        id: note.id,
        order_id: note.orderId,
        number: note.number,
        created_at: note.createdAt,
        goods_ore: note.goodsOre,
        postage_ore: note.postageOre,
        discount_ore: note.discountOre,
        total_ore: note.totalOre,
        vat_ore: note.vatOre,
      },
      lines: note.lines.map((line) => ({
        credit_note_id: note.id,
        order_line_id: line.orderLineId,
        position: line.position,
        text: line.text,
        price_ore: line.priceOre,
      })),
    });
  }
  return (id) => planned.has(id) || existing.has(id);
}

/** Payments, deleted ones and refunds included: left out without their order, or a refund without its credit note. */
export function planPayments(
  plan: PlanInProgress,
  payments: readonly SourcePayment[],
  orderExists: OrderExists,
  creditNoteExists: (id: string) => boolean,
): void {
  const { current, rows, present, counts, issue } = plan;
  const existing = current.paymentIds ?? new Set<string>();
  for (const payment of payments) {
    if (existing.has(payment.id)) {
      present.payments.push(payment.id);
      continue;
    }
    if (!orderExists(payment.orderId)) {
      issue(
        'paymentOrderMissing',
        'payments',
        [payment.id, payment.orderId],
        r.paymentOrderMissing(payment.id, payment.orderId),
      );
      counts.payments.skipped++;
      continue;
    }
    if (payment.creditNoteId !== null && !creditNoteExists(payment.creditNoteId)) {
      issue(
        'paymentCreditNoteMissing',
        'payments',
        [payment.id, payment.creditNoteId],
        r.paymentCreditNoteMissing(payment.id, payment.creditNoteId),
      );
      counts.payments.skipped++;
      continue;
    }
    rows.payments.push({
      id: payment.id,
      order_id: payment.orderId,
      credit_note_id: payment.creditNoteId,
      amount_ore: payment.amountOre,
      method: payment.method,
      paid_on: payment.paidOn,
      recorded_at: payment.recordedAt,
      deleted_at: payment.deletedAt,
      moved_status: payment.movedStatus ? 1 : 0,
    });
  }
}
