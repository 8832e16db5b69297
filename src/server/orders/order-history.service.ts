/**
 * An order's history, read from the change log (decision 0006): each status and home delivery
 * change with its time, as the orders service recorded it in the change's own transaction. Orders changed
 * before the log existed (or imported) have only their start date.
 */
import { HISTORY_ACTIONS } from '../../shared/domain/changes.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { OrderHistory, OrderHistoryEntry } from '../../shared/schemas/api-order-history.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import { changesOfEntities, entitiesChangedTo } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { notFoundError } from '../errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { toOrders } from './orders.mapping.ts';
import { findOrderById, listLinesOfOrders, listShippedOrdersByIds } from './orders.repository.ts';

export async function getOrderHistory(db: Db, orderId: string): Promise<OrderHistory> {
  const order = await findOrderById(db, orderId);
  if (!order) throw notFoundError(apiErrors.orderNotFound);
  const changes = await changesOfEntities(db, 'order', [orderId], HISTORY_ACTIONS);
  const entries = changes.map((change): OrderHistoryEntry => {
    if (change.action === 'status') {
      return {
        kind: 'status',
        at: change.at,
        from: change.data.from as OrderStatus,
        to: change.data.to as OrderStatus,
      };
    }
    return {
      kind: 'homeDelivery',
      at: change.at,
      from: Boolean(change.data.from),
      to: Boolean(change.data.to),
    };
  });
  return { orderId, createdAt: order.created_at, entries };
}

/** Orders shipped within [from, until) and still shipped, newest first, priced. */
export async function listOrdersShippedBetween(db: Db, from: string, until: string): Promise<Order[]> {
  const ids = await entitiesChangedTo(db, 'order', 'status', 'shipped', from, until);
  const rows = await listShippedOrdersByIds(db, ids);
  return toOrders(
    rows,
    await listLinesOfOrders(
      db,
      rows.map((row) => row.id),
    ),
    await getShopSettings(db),
  );
}
