/**
 * An order as the API answers it: its lines priced, its postage and discount, its number, payments and credit
 * notes (docs/product/money.md). The one place that reads all of them for a set of order rows.
 */
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import type { Db } from '../db/database.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { listCreditNoteLines, listCreditNotesOfOrders, listPaymentsOfOrders } from './money.repository.ts';
import { toOrders } from './orders.mapping.ts';
import { listLinesOfOrders, type OrderWithCustomerRow } from './orders.repository.ts';

/**
 * Prices the orders: their lines, postage frozen into them or by the shop's current settings, and their money.
 * `moneyless`: the caller knows the orders have no payments or credit notes (they got their first number in the
 * write that answers), so they are not read. `settings`: the shop's settings as the caller read them just now.
 */
export async function toOrderAnswers(
  db: Db,
  rows: readonly OrderWithCustomerRow[],
  { moneyless = false, settings }: { moneyless?: boolean; settings?: ShopSettings } = {},
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // The rows say whether there can be any payments or credit notes: only a numbered order has them.
  const numbered = moneyless ? [] : rows.filter((row) => row.number !== null).map((row) => row.id);
  const [lines, prices, payments, creditNotes] = await Promise.all([
    listLinesOfOrders(db, ids),
    settings ?? getShopSettings(db),
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
  return toOrders(rows, lines, prices, { payments, creditNotes, creditNoteLines });
}
