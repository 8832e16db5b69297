/**
 * 'Pakkenummer' (docs/product/messages.md#texts-that-go-out): the parcel's number at the carrier, on an order that
 * is paid, packed or shipped. Afsendt is otherwise read-only; the Pakkenummer is the one thing she may still set
 * there, since it often comes after the parcel has gone. Each write records an order change, so other screens
 * refresh.
 */
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import { toOrderAnswers } from './order-answers.ts';
import { listOrdersByIdPrefixes, setTrackingNumberRow } from './order-tracking.repository.ts';
import { findOrderById, lockOrder } from './orders.repository.ts';

/** The statuses whose orders take a Pakkenummer: Skal pakkes, Skal sendes and Afsendt. */
export const TRACKING_STATUSES: ReadonlySet<string> = new Set(['paid', 'packed', 'shipped']);

export type TrackingEntry = { orderId: string; trackingNumber: string | null };

/** Sets each order's Pakkenummer in the caller's transaction; refused (409, nothing written) when one cannot. */
async function writeTrackingNumbers(trx: Db, entries: readonly TrackingEntry[]): Promise<void> {
  for (const entry of [...entries].sort((a, b) => a.orderId.localeCompare(b.orderId))) {
    await lockOrder(trx, entry.orderId);
    const row = await findOrderById(trx, entry.orderId);
    if (!row) throw notFoundError(apiErrors.orderNotFound);
    if (!TRACKING_STATUSES.has(row.status)) throw conflictError(apiErrors.trackingNotReady);
    if (row.tracking_number === entry.trackingNumber) continue;
    await setTrackingNumberRow(trx, entry.orderId, entry.trackingNumber);
    recordChange(trx, {
      entity: 'order',
      id: entry.orderId,
      action: 'update',
      data: { trackingNumber: true },
    });
  }
}

/** Sets (or with null removes) the order's Pakkenummer, already cleaned and checked by the schema. */
export async function setTrackingNumber(
  db: Db,
  orderId: string,
  trackingNumber: string | null,
): Promise<Order> {
  await inTransaction(db, (trx) => writeTrackingNumbers(trx, [{ orderId, trackingNumber }]));
  const row = await findOrderById(db, orderId);
  if (!row) throw notFoundError(apiErrors.orderNotFound);
  const [order] = await toOrderAnswers(db, [row]);
  return order!;
}

/** Several orders' Pakkenumre in one transaction: all or none (the shipping service's file). */
export function setTrackingNumbers(db: Db, entries: readonly TrackingEntry[]): Promise<void> {
  return inTransaction(db, (trx) => writeTrackingNumbers(trx, entries));
}

/** The orders that may take a Pakkenummer whose id begins with one of the prefixes. */
export async function trackingCandidates(db: Db, prefixes: readonly string[]): Promise<string[]> {
  const rows = await listOrdersByIdPrefixes(db, prefixes);
  return rows.filter((row) => TRACKING_STATUSES.has(row.status)).map((row) => row.id);
}
