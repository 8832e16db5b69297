/**
 * An order's history: each status change and each change of home delivery with its time, written by the orders
 * module in the transaction that makes the change (its own rows, order_history, migration 0012), and announced
 * to the live feed through the change log as every write is (decision 0006). Orders changed before the history
 * existed (or imported) have only their start date.
 */
import { nowIso } from '../../shared/domain/dates.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { OrderHistory, OrderHistoryEntry } from '../../shared/schemas/api-order-history.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { notFoundError } from '../errors.ts';
import { toOrderAnswers } from './order-answers.ts';
import {
  insertOrderHistory,
  listHistoryOfOrders,
  listOrderIdsChangedTo,
  listShipmentChanges,
  type OrderHistoryRow,
} from './order-history.repository.ts';
import { findOrderById, listShippedOrdersByIds } from './orders.repository.ts';

export type OrderChange =
  | {
      kind: 'status';
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      /** The 'Markér som sendt' that made it, or the one whose Fortryd it is. */
      shipmentId?: string;
      undoOf?: string;
    }
  | { kind: 'home_delivery'; orderId: string; from: boolean; to: boolean };

/** Writes a change into the order's history and announces it, in the caller's transaction. */
export async function recordOrderChange(trx: Db, change: OrderChange): Promise<void> {
  await insertOrderHistory(trx, [
    {
      order_id: change.orderId,
      at: nowIso(),
      kind: change.kind,
      from_value: String(change.from),
      to_value: String(change.to),
      shipment_id: change.kind === 'status' ? (change.shipmentId ?? null) : null,
      undo_of: change.kind === 'status' ? (change.undoOf ?? null) : null,
    },
  ]);
  recordChange(trx, {
    entity: 'order',
    id: change.orderId,
    action: change.kind,
    data: { from: change.from, to: change.to },
  });
}

/** A status change of the history, typed. */
export type StatusChange = {
  orderId: string;
  at: string;
  from: OrderStatus;
  to: OrderStatus;
  row: OrderHistoryRow;
};

const statusChangeOf = (row: OrderHistoryRow): StatusChange => ({
  orderId: row.order_id,
  at: row.at,
  from: row.from_value as OrderStatus,
  to: row.to_value as OrderStatus,
  row,
});

/** The status changes 'Markér som sendt' made in one shipment, oldest first. */
export async function shipmentChanges(db: Db, shipmentId: string): Promise<StatusChange[]> {
  return (await listShipmentChanges(db, shipmentId)).map(statusChangeOf);
}

/** The latest status change of each of these orders. */
export async function latestStatusChanges(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, OrderHistoryRow>> {
  const latest = new Map<string, OrderHistoryRow>();
  for (const row of await listHistoryOfOrders(db, orderIds, ['status'])) latest.set(row.order_id, row);
  return latest;
}

export async function getOrderHistory(db: Db, orderId: string): Promise<OrderHistory> {
  const order = await findOrderById(db, orderId);
  if (!order) throw notFoundError(apiErrors.orderNotFound);
  const entries = (await listHistoryOfOrders(db, [orderId])).map(
    (row): OrderHistoryEntry =>
      row.kind === 'status'
        ? { kind: 'status', at: row.at, from: row.from_value as OrderStatus, to: row.to_value as OrderStatus }
        : { kind: 'homeDelivery', at: row.at, from: row.from_value === 'true', to: row.to_value === 'true' },
  );
  return { orderId, createdAt: order.created_at, entries };
}

/** Orders shipped within [from, until) and still shipped, newest first, priced. */
export async function listOrdersShippedBetween(db: Db, from: string, until: string): Promise<Order[]> {
  const ids = await listOrderIdsChangedTo(db, 'shipped', from, until);
  const rows = await listShippedOrdersByIds(db, ids);
  return toOrderAnswers(db, rows);
}
