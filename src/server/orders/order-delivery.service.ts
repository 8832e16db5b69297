/**
 * The orders' side of a delivery's 'Læg i kundernes ordrer' (docs/product/stock.md): whether the customer has
 * an active order before it, and taking its lines back for its 'Fortryd'. The lines themselves are added by
 * orders.service's addBeadLines, through completing the todos.
 */
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import {
  deleteEmptyActiveOrder,
  deleteLinesOfActiveOrder,
  findActiveOrderOfCustomer,
  findOrderById,
  lockOrder,
} from './orders.repository.ts';

/** The customer's active order's id, or null (a delivery notes whether it made the order). */
export async function activeOrderIdOf(db: Db, customerId: string): Promise<string | null> {
  return (await findActiveOrderOfCustomer(db, customerId))?.id ?? null;
}

/**
 * Takes back the lines a delivery's 'Læg i kundernes ordrer' added (its 'Fortryd'), all of them or none: the
 * order must still be active and hold every one. The order goes too when the delivery made it and it is empty
 * now. Returns false when the order changed meanwhile: the caller refuses, and its transaction takes back what
 * was done here. Their sales are the stock's to remove.
 */
export async function removeDeliveredLines(
  trx: Db,
  orderId: string,
  lineIds: readonly string[],
  orderMadeByDelivery: boolean,
): Promise<boolean> {
  await lockOrder(trx, orderId);
  const order = await findOrderById(trx, orderId);
  if (order?.status !== 'active') return false;
  const deleted = await deleteLinesOfActiveOrder(trx, orderId, lineIds);
  if (deleted !== lineIds.length) return false;
  recordChange(trx, { entity: 'order', id: orderId, action: 'line_deleted', data: { count: deleted } });
  if (orderMadeByDelivery && (await deleteEmptyActiveOrder(trx, orderId)))
    recordChange(trx, { entity: 'order', id: orderId, action: 'delete' });
  return true;
}
