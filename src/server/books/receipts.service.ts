/**
 * Receipts and credit notes as files (docs/product/money.md): one PDF, or a period's receipts and credit notes as a
 * zip named by their numbers ('Hent kvitteringer'). The zip is a stream: a PDF is drawn, written and let go, one at
 * a time, so a year of a big shop never sits in memory.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { BookPeriod } from '../../shared/domain/book-period.ts';
import { bookPeriodSlug } from '../../shared/domain/book-period.ts';
import { hasReceipt } from '../../shared/domain/payments.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { texts } from '../../shared/texts.ts';
import type { Db } from '../db/database.ts';
import { conflictError } from '../errors.ts';
import { getCreditNote } from '../orders/credit-notes.service.ts';
import { getOrder } from '../orders/orders.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { bookRows } from './books.service.ts';
import { creditNotePdf, receiptPdf } from './receipt-pdf.ts';

export const receiptFileName = (number: string) => `kvittering-${number}.pdf`;
export const creditNoteFileName = (number: string) => `kreditnota-${number}.pdf`;

/** The receipt of a paid order; an order that is not paid in full is refused (409). */
export async function getReceiptPdf(db: Db, orderId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const [order, shop] = await Promise.all([getOrder(db, orderId), getShopSettings(db)]);
  if (!hasReceipt(order)) throw conflictError(apiErrors.orderNotPaid);
  return { fileName: receiptFileName(order.number ?? ''), pdf: await receiptPdf(order, shop) };
}

export async function getCreditNotePdf(db: Db, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const [document, shop] = await Promise.all([getCreditNote(db, id), getShopSettings(db)]);
  return { fileName: creditNoteFileName(document.note.number), pdf: await creditNotePdf(document, shop) };
}

/** The period's receipts (of its paid bills) and credit notes, as a zip stream. */
export async function receiptsZip(db: Db, period: BookPeriod): Promise<{ fileName: string; zip: Readable }> {
  const [rows, shop] = await Promise.all([bookRows(db, period), getShopSettings(db)]);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (name: string, bytes: Uint8Array) => {
    // Stored: a PDF's streams are compressed already.
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  void (async () => {
    for (const row of rows) {
      if (row.kind === 'creditNote' && row.creditNote)
        await add(creditNoteFileName(row.number), await creditNotePdf(row.creditNote, shop));
      else if (row.kind === 'order' && hasReceipt(row.order))
        await add(receiptFileName(row.number), await receiptPdf(row.order, shop));
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { fileName: texts.money.books.zipName(bookPeriodSlug(period)), zip: out };
}
