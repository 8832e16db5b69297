/**
 * 'Markér som sendt' (docs/decisions/0017-parcels-and-labels.md): the ticked orders move to Afsendt in
 * one transaction, each written into the order's history like a change from the dropdown (with the shipment's id),
 * and 'Fortryd' sets each back to the status it had, also recorded. Fortryd is the one way out of Afsendt, so it
 * is narrow: only the shipment's own orders, only while Afsendt is still their latest status change, and only
 * for SHIPMENT_UNDO_MINUTES.
 */
import { isOrderStatus, type OrderStatus } from '../../shared/domain/order-status.ts';
import { shippingOre } from '../../shared/domain/pricing.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import {
  PARCEL_STATUSES,
  SHIPMENT_UNDO_MINUTES,
  type Shipment,
  type ShipmentUndone,
} from '../../shared/schemas/api-parcels.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { billOrder } from './order-billing.service.ts';
import { latestStatusChanges, recordOrderChange, shipmentChanges } from './order-history.service.ts';
import { findOrderById, listOrdersByIds, lockOrder, updateOrderIfStatus } from './orders.repository.ts';

const SHIPPABLE: ReadonlySet<string> = new Set(PARCEL_STATUSES);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Moves the orders (in Skal pakkes or Skal sendes) to Afsendt, all or none: an unknown order is 404, one in any
 * other status (shipped from the other device a moment ago, set back to Aktiv) 409, and nothing changes.
 */
export function shipOrders(db: Db, orderIds: readonly string[]): Promise<Shipment> {
  const ids = [...new Set(orderIds)].sort();
  const shipmentId = crypto.randomUUID();
  return inTransaction(db, async (trx) => {
    // Locked in one order (PostgreSQL), so two shipments of overlapping orders cannot deadlock.
    for (const id of ids) await lockOrder(trx, id);
    const rows = await listOrdersByIds(trx, ids);
    if (rows.length < ids.length) throw notFoundError(apiErrors.orderNotFound);
    if (rows.some((row) => !SHIPPABLE.has(row.status))) throw conflictError(apiErrors.orderNotReadyToShip);
    const settings = rows.some((row) => row.postage_ore === null) ? await getShopSettings(trx) : null;
    for (const row of rows) {
      // Postage was frozen when the order left Aktiv; one that somehow has none gets today's now.
      const postage =
        row.postage_ore === null && settings
          ? {
              postage_ore: shippingOre(
                { homeDelivery: Boolean(row.home_delivery), pickup: Boolean(row.pickup) },
                settings,
              ),
            }
          : {};
      if (!(await updateOrderIfStatus(trx, row.id, row.status, { status: 'shipped', ...postage })))
        throw conflictError(apiErrors.orderNotReadyToShip);
      // Every order that left Aktiv has its bill's number (docs/product/money.md); one that somehow has none gets it.
      if (row.number === null) await billOrder(trx, row.id);
      await recordOrderChange(trx, {
        kind: 'status',
        orderId: row.id,
        from: row.status as OrderStatus,
        to: 'shipped',
        shipmentId,
      });
    }
    return {
      shipmentId,
      orders: rows.map((row) => ({ orderId: row.id, from: row.status as OrderStatus })),
    };
  });
}

/**
 * Sets the shipment's orders back to the status each had. An order changed since (its latest status change is
 * neither this shipment nor its undo) is left as it is and named in `kept`. A repeat (a lost answer) changes
 * nothing and answers the same: an order whose latest change is this undo counts as restored. A shipment older
 * than SHIPMENT_UNDO_MINUTES, or unknown, is refused (409): Afsendt is read-only after that.
 */
export async function undoShipment(db: Db, shipmentId: string, now = new Date()): Promise<ShipmentUndone> {
  if (!UUID.test(shipmentId)) throw conflictError(apiErrors.shipmentUndoExpired);
  return inTransaction(db, async (trx) => {
    const entries = await shipmentChanges(trx, shipmentId);
    const oldest = now.getTime() - SHIPMENT_UNDO_MINUTES * 60_000;
    if (entries.length === 0 || entries.some((entry) => Date.parse(entry.at) < oldest))
      throw conflictError(apiErrors.shipmentUndoExpired);
    const ids = [...new Set(entries.map((entry) => entry.orderId))].sort();
    for (const id of ids) await lockOrder(trx, id);
    const latest = await latestStatusChanges(trx, ids);
    const result: ShipmentUndone = { restored: [], kept: [] };
    for (const entry of entries) {
      const { from } = entry;
      const last = latest.get(entry.orderId);
      if (last?.undo_of === shipmentId && isOrderStatus(last.to_value)) {
        result.restored.push({ orderId: entry.orderId, status: last.to_value });
        continue;
      }
      const row = await findOrderById(trx, entry.orderId);
      const untouched = row?.status === 'shipped' && last?.shipment_id === shipmentId;
      if (
        !untouched ||
        !SHIPPABLE.has(from) ||
        !(await updateOrderIfStatus(trx, entry.orderId, 'shipped', { status: from }))
      ) {
        result.kept.push(entry.orderId);
        continue;
      }
      await recordOrderChange(trx, {
        kind: 'status',
        orderId: entry.orderId,
        from: 'shipped',
        to: from,
        undoOf: shipmentId,
      });
      result.restored.push({ orderId: entry.orderId, status: from });
    }
    return result;
  });
}
