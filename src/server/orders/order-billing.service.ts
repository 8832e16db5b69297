/**
 * The bill (docs/product/money.md, decision 0019): an order gets its number when it is billed, at the latest when
 * it leaves Aktiv; one that goes back to Aktiv or is emptied is 'Annulleret' until it is billed again. Numbers come
 * from one series per year (number_series), taken in the transaction that bills, so there is no gap and no number
 * twice on either engine. Also the numbering of imported or seeded orders, and the books' reads.
 */
import { formatBillNumber } from '../../shared/domain/bill-number.ts';
import { copenhagenYear } from '../../shared/domain/dates.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { notFoundError } from '../errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import {
  findFirstBillDate,
  hasOneWriter,
  lastNumbersByYear,
  listOrdersBilledBetween,
  listUnnumberedBilledOrders,
  raiseSeriesTo,
  setOrderNumbers,
  takeNextNumber,
  updateOrderBilling,
} from './money.repository.ts';
import { toOrderAnswers } from './order-answers.ts';
import { findOrderById } from './orders.repository.ts';

/**
 * Bills the order in the caller's transaction (docs/product/money.md, decision 0019): an order without a number
 * gets the next one of this year's series, dated now; a numbered one that was 'Annulleret' counts again. The
 * number never changes. Returns it. The caller has locked the order row.
 *
 * `written`: the caller has read the order (its number and bill state are as given) and written its row in this
 * transaction already (a status change): the order is then billed in one write after the number is taken, the
 * lock order of every path that bills (the orders table, then the series) holding as it is. `settings`: the
 * shop's settings, when the caller has read them in this transaction already.
 */
export async function billOrder(
  trx: Db,
  id: string,
  now: Date = new Date(),
  written?: { number: string | null; bill_void: number | boolean | null },
  settings?: Pick<ShopSettings, 'vatRegistered'>,
): Promise<string> {
  const row = written ?? (await findOrderById(trx, id));
  if (!row) throw notFoundError(apiErrors.orderNotFound);
  if (row.number !== null && !row.bill_void) return row.number;
  const { vatRegistered } = settings ?? (await getShopSettings(trx));
  const billing = { bill_void: 0, vat_registered: vatRegistered ? 1 : 0 };
  // The order is written before the number is taken, as on every path that bills on PostgreSQL (a status change
  // writes the order first too): the orders table's counter, then the series, never the other way round. SQLite's
  // one writer keeps no lock order, so there a status change takes the number first (billBeforeWrite).
  if (!written) await updateOrderBilling(trx, id, billing);
  if (row.number !== null) {
    if (written) await updateOrderBilling(trx, id, billing);
    recordBilled(trx, id, row.number);
    return row.number;
  }
  const year = copenhagenYear(now);
  const number = formatBillNumber(year, await takeNextNumber(trx, year));
  await updateOrderBilling(trx, id, { ...(written ? billing : {}), number, billed_at: now.toISOString() });
  recordBilled(trx, id, number);
  return number;
}

/**
 * The bill of an order that has never had a number, taken before its row is written so that a status change
 * writes the row once (number, date and VAT with the status). Only on SQLite: its one writer keeps no lock order,
 * while on PostgreSQL every path that bills writes the orders table before it takes from the series (the table's
 * version row, then the series' row), so there it returns null and the caller bills after its write. The caller
 * records the change with `recordBilled` once the row is written; a write that does not happen must roll the
 * transaction back, and the number with it.
 */
export async function billBeforeWrite(
  trx: Db,
  row: { number: string | null },
  settings: Pick<ShopSettings, 'vatRegistered'>,
  now: Date = new Date(),
): Promise<{ number: string; billed_at: string; bill_void: number; vat_registered: number } | null> {
  if (row.number !== null || !hasOneWriter(trx)) return null;
  const year = copenhagenYear(now);
  return {
    number: formatBillNumber(year, await takeNextNumber(trx, year)),
    billed_at: now.toISOString(),
    bill_void: 0,
    vat_registered: settings.vatRegistered ? 1 : 0,
  };
}

/** The change log's entry for an order's bill, once its row holds the number. */
export function recordBilled(trx: Db, id: string, number: string): void {
  recordChange(trx, { entity: 'order', id, action: 'billed', data: { number } });
}

/** A numbered order that goes back to Aktiv or is emptied is 'Annulleret' until it is billed again. */
export async function voidBill(trx: Db, id: string): Promise<void> {
  const row = await findOrderById(trx, id);
  if (row?.number == null || row.bill_void) return;
  await updateOrderBilling(trx, id, { bill_void: 1 });
  recordChange(trx, { entity: 'order', id, action: 'bill_void', data: { number: row.number } });
}

/** The numbered orders whose bill is dated in [from, until), oldest first, priced with their money (the books). */
export async function listOrdersBilledBetweenPriced(db: Db, from: string, until: string): Promise<Order[]> {
  return toOrderAnswers(db, await listOrdersBilledBetween(db, from, until));
}

/** The first day a bill was dated (the books' years), or null before the first bill. */
export async function firstBillDate(db: Db): Promise<string | null> {
  return findFirstBillDate(db);
}

/**
 * Numbers the orders that left Aktiv without a number (an import of older data, the seeds), as migration 0014
 * numbered the orders of its day: in the order they were billed (such data has no history, so by their start),
 * year by year in Danish time, after the numbers each year has already. Returns how many got one.
 */
export async function numberBilledOrders(db: Db): Promise<number> {
  const unnumbered = (await listUnnumberedBilledOrders(db)).sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1),
  );
  const last = await lastNumbersByYear(db);
  const rows = unnumbered.map((order) => {
    const year = copenhagenYear(new Date(order.created_at));
    const seq = (last.get(year) ?? 0) + 1;
    last.set(year, seq);
    return {
      id: order.id,
      number: formatBillNumber(year, seq),
      billed_at: order.created_at,
    };
  });
  await setOrderNumbers(db, rows);
  await raiseSeriesTo(db, last);
  return rows.length;
}
