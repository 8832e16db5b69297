/**
 * The CSV export's cells (Copenhagen time, kr with decimal comma, Ja/Nej) and its money's tables (version 4,
 * docs/product/money.md): the payments and the credit notes, each row with its order's number and customer
 * beside the ids. export.service.ts writes the other tables with the same cells.
 */
import { copenhagenParts } from '../../shared/domain/dates.ts';
import { formatKrInput } from '../../shared/domain/money.ts';
import type { ExportFile } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import { type CsvCell, toCsv } from '../csv/csv.ts';

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** '2026-11-22 14:05' in Copenhagen time: Danish Excel reads it as a date and time. */
export function csvDate(iso: string): string {
  const p = copenhagenParts(iso);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

export const csvDateOrNull = (iso: string | null): CsvCell => (iso === null ? null : csvDate(iso));
export const csvKr = (ore: number | null): CsvCell => (ore === null ? null : formatKrInput(ore));
export const csvBool = (value: boolean): string => (value ? texts.common.yes : texts.common.no);

/** The money's tables: each row with its order's number and customer beside the ids. */
export function csvOfMoney(file: ExportFile, table: 'creditNotes' | 'payments'): string {
  const h = texts.data.csvHeaders;
  const customerName = new Map(file.customers.map((c) => [c.id, c.name]));
  const orderOf = new Map(file.orders.map((o) => [o.id, o]));
  const numberOf = (orderId: string) => orderOf.get(orderId)?.number ?? null;
  const customerOf = (orderId: string) => {
    const customerId = orderOf.get(orderId)?.customerId ?? null;
    return customerId === null ? null : (customerName.get(customerId) ?? null);
  };
  if (table === 'payments')
    return toCsv(
      [
        h.id,
        h.orderId,
        h.orderNumber,
        h.customer,
        h.amountKr,
        h.method,
        h.paidOn,
        h.recordedAt,
        h.deletedAt,
        h.creditNoteId,
      ],
      file.payments.map((p) => [
        p.id,
        p.orderId,
        numberOf(p.orderId),
        customerOf(p.orderId),
        csvKr(p.amountOre),
        texts.money.methods[p.method],
        p.paidOn,
        csvDate(p.recordedAt),
        csvDateOrNull(p.deletedAt),
        p.creditNoteId,
      ]),
    );
  return toCsv(
    [
      h.id,
      h.number,
      h.orderId,
      h.orderNumber,
      h.customer,
      h.createdAt,
      h.goods,
      h.postage,
      h.discountKr,
      h.total,
      h.vat,
      h.lines,
    ],
    file.creditNotes.map((n) => [
      n.id,
      n.number,
      n.orderId,
      numberOf(n.orderId),
      customerOf(n.orderId),
      csvDate(n.createdAt),
      csvKr(n.goodsOre),
      csvKr(n.postageOre),
      csvKr(n.discountOre),
      csvKr(n.totalOre),
      csvKr(n.vatOre),
      n.lines
        .map((line) => line.text)
        .filter(Boolean)
        .join('; '),
    ]),
  );
}
