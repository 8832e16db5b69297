/**
 * An order as the API answers it: its lines priced, its postage and discount, its number, payments and credit
 * notes (docs/product/money.md). The one place that reads all of them for a set of order rows.
 */
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { Db } from '../db/database.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { listCreditNoteLines, listCreditNotesOfOrders, listPaymentsOfOrders } from './money.repository.ts';
import { toOrders } from './orders.mapping.ts';
import { listLinesOfOrders, type OrderWithCustomerRow } from './orders.repository.ts';

/** Prices the orders: their lines, postage frozen into them or by the shop's current settings, and their money. */
export async function toOrderAnswers(db: Db, rows: readonly OrderWithCustomerRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // The rows say whether there can be any payments or credit notes: only a numbered order has them.
  const numbered = rows.filter((row) => row.number !== null).map((row) => row.id);
  const [lines, settings, payments, creditNotes] = await Promise.all([
    listLinesOfOrders(db, ids),
    getShopSettings(db),
    listPaymentsOfOrders(db, numbered),
    listCreditNotesOfOrders(db, numbered),
  ]);
  const creditNoteLines =
    creditNotes.length === 0
      ? []
      : await listCreditNoteLines(
          db,
          creditNotes.map((note) => note.id),
        );
  return toOrders(rows, lines, settings, { payments, creditNotes, creditNoteLines });
}
