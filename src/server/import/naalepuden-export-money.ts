/**
 * The money in our own export (version 4, docs/product/money.md; schemas in src/shared/schemas/api-data-rows.ts),
 * read row by row for naalepuden-export.ts: an order's bill fields, the credit notes and the payments. A row that
 * cannot be used is left out and reported with its id and what is wrong, in Danish; the rest is read.
 */
import { z } from 'zod';
import type { ImportIssue } from '../../shared/schemas/api-data.ts';
import {
  exportCreditNoteSchema,
  exportOrderMoneyFields,
  exportPaymentSchema,
} from '../../shared/schemas/api-data-rows.ts';
import { texts } from '../../shared/texts.ts';
import type { SourceCreditNote, SourceOrderMoney, SourcePayment } from './import-records.ts';

const r = texts.data.report;

export type OrderMoneyField = keyof typeof exportOrderMoneyFields;
const orderMoneySchema = z.object(exportOrderMoneyFields);

const iso = (value: string) => new Date(value).toISOString();
const isoOrNull = (value: string | null | undefined) => (value == null ? null : iso(value));

/**
 * A version 4 order's money as stored, or the first field that cannot be used. A field left out takes the value
 * of an order that was never billed; a number needs its date (the bill's date is part of the bill).
 */
export function readOrderMoney(
  order: Partial<Record<OrderMoneyField, unknown>>,
): { money: SourceOrderMoney } | { field: OrderMoneyField; value: unknown } {
  const parsed = orderMoneySchema.safeParse(order);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] as OrderMoneyField;
    return { field, value: order[field] };
  }
  const read = parsed.data;
  const number = read.number ?? null;
  const billedAt = isoOrNull(read.billedAt);
  if (number !== null && billedAt === null) return { field: 'billedAt', value: order.billedAt ?? null };
  return {
    money: {
      number,
      billedAt,
      billVoid: read.billVoid ?? false,
      vatRegistered: read.vatRegistered ?? false,
      settledAt: isoOrNull(read.settledAt),
      pickup: read.pickup ?? false,
      discount: read.discount ?? null,
    },
  };
}

type RowProblem = keyof typeof r.rowProblems;

/** The Danish words for what stopped a row's check: the field it stopped at. */
function problemOf(error: z.ZodError): string {
  const field = error.issues[0]?.path[0];
  const known = typeof field === 'string' && field in r.rowProblems;
  return r.rowProblems[known ? (field as RowProblem) : 'other'];
}

const idOf = (row: unknown) =>
  typeof row === 'object' && row !== null ? String((row as { id?: unknown }).id ?? '') : '';

/** Reads the rows with `schema`; one that cannot be read, or repeats an id already read, is reported and left out. */
function readRows<S extends typeof exportCreditNoteSchema | typeof exportPaymentSchema>(
  rows: readonly unknown[],
  schema: S,
  report: (id: string, problem: string) => void,
): Array<z.output<S>> {
  const read: Array<z.output<S>> = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (!parsed.success) report(idOf(row), problemOf(parsed.error));
    else if (seen.has(parsed.data.id)) report(parsed.data.id, r.rowProblems.duplicate);
    else {
      seen.add(parsed.data.id);
      read.push(parsed.data as z.output<S>);
    }
  }
  return read;
}

/** Version 4's credit notes, with the rows they refund. */
export function readCreditNotes(rows: readonly unknown[], issues: ImportIssue[]): SourceCreditNote[] {
  const read = readRows(rows, exportCreditNoteSchema, (id, problem) =>
    issues.push({
      code: 'creditNoteInvalid',
      table: 'creditNotes',
      ids: id ? [id] : [],
      message: r.creditNoteInvalid(id, problem),
    }),
  );
  return read.map((note) => ({ ...note, createdAt: iso(note.createdAt) }));
}

/** Version 4's payments, deleted ones and refunds included. */
export function readPayments(rows: readonly unknown[], issues: ImportIssue[]): SourcePayment[] {
  const read = readRows(rows, exportPaymentSchema, (id, problem) =>
    issues.push({
      code: 'paymentInvalid',
      table: 'payments',
      ids: id ? [id] : [],
      message: r.paymentInvalid(id, problem),
    }),
  );
  return read.map((payment) => ({
    ...payment,
    recordedAt: iso(payment.recordedAt),
    deletedAt: isoOrNull(payment.deletedAt),
  }));
}
