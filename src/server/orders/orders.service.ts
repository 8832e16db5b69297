import { nowIso } from '../../shared/domain/dates.ts';
import { MAX_LINES_PER_ORDER } from '../../shared/domain/limits.ts';
import type { AddBeadToCustomersResult } from '../../shared/schemas/api-beads.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { OrderLineCreate } from '../../shared/schemas/order-line.ts';
import { getBead } from '../beads/beads.service.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { assertCustomersExist, getCustomerForNewWork } from '../customers/customers.service.ts';
import type { Db, OrderLineRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { lockBeadForStock, recordReturn, recordSale } from '../stock/stock.service.ts';
import { toOrderAnswers } from './order-answers.ts';
import { voidBill } from './order-billing.service.ts';
import {
  countLinesOfOrder,
  deleteOrderLineOfActiveOrder,
  findActiveOrderOfCustomer,
  findOrderById,
  findOrderLineById,
  freezeBeadLinePrices,
  freezeUnsetPostage,
  insertActiveOrderIfNone,
  insertOrderLines,
  insertOrders,
  listActiveOrdersOfVisibleCustomers,
  listOpenOrders,
  listOrdersByIds,
  listOrdersOfCustomer,
  lockOrder,
  type OrderInsert,
  type OrderWithCustomerRow,
} from './orders.repository.ts';

export type { OrderInsert };

const withLines = toOrderAnswers;

async function loadOrder(db: Db, id: string): Promise<Order> {
  const row = await findOrderById(db, id);
  if (!row) throw notFoundError(apiErrors.orderNotFound);
  const [order] = await withLines(db, [row]);
  return order!;
}

export function listOpenOrdersPriced(db: Db): Promise<Order[]> {
  return listOpenOrders(db).then((rows) => withLines(db, rows));
}

export async function listOrdersOfCustomerPriced(db: Db, customerId: string): Promise<Order[]> {
  return withLines(db, await listOrdersOfCustomer(db, customerId));
}

/** Active orders of visible customers, priced (the pillow), in no particular order. */
export async function listActiveOrdersPriced(db: Db): Promise<Order[]> {
  return withLines(db, await listActiveOrdersOfVisibleCustomers(db));
}

/** The orders with these ids, priced, in the order of `ids`; unknown ids are left out (Pakning, the payment reminders). */
export async function listOrdersPricedByIds(db: Db, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await listOrdersByIds(db, ids)).map((row) => [row.id, row]));
  return withLines(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

export function getOrder(db: Db, id: string): Promise<Order> {
  return loadOrder(db, id);
}

/**
 * Finds or creates the customer's active order. Safe under concurrency on both engines: the insert does
 * nothing when the partial unique index already holds an active order for the customer, and the re-select
 * then finds the winner's row. Call it inside a transaction when more writes follow.
 */
async function getOrCreateActiveOrderRow(
  db: Db,
  customerId: string,
  clock: () => Date = () => new Date(),
): Promise<{ row: OrderWithCustomerRow; created: boolean }> {
  const existing = await findActiveOrderOfCustomer(db, customerId);
  if (existing) return { row: existing, created: false };
  await getCustomerForNewWork(db, customerId);
  const newId = crypto.randomUUID();
  const created = await insertActiveOrderIfNone(db, {
    id: newId,
    customer_id: customerId,
    created_at: nowIso(clock),
    status: 'active',
    home_delivery: 0,
  });
  if (created) recordChange(db, { entity: 'order', id: newId, action: 'create', data: { customerId } });
  const row = await findActiveOrderOfCustomer(db, customerId);
  // Only possible if the winner changed its status in between; the caller may simply retry.
  if (!row) throw new Error(`Active order of customer ${customerId} vanished while it was created`);
  return { row, created };
}

/**
 * Refuses (409, Danish) to let an order grow beyond MAX_LINES_PER_ORDER. Call it in the transaction that
 * adds the lines, right before adding them: it locks the order row first, so parallel additions to the same
 * order cannot both see room (PostgreSQL) and together pass the limit.
 */
async function assertRoomForLines(db: Db, orderId: string, adding: number): Promise<void> {
  await lockOrder(db, orderId);
  if ((await countLinesOfOrder(db, orderId)) + adding > MAX_LINES_PER_ORDER) {
    throw conflictError(apiErrors.orderTooManyLines);
  }
}

/** What a new line says: a bead (priced by the bead while the order is active) or a free text with a price. */
type NewLine = Pick<OrderLineRow, 'bead_id' | 'text' | 'price_ore'>;

/**
 * Adds the lines to the customer's active order (created when needed), within the line limit, in the caller's
 * transaction or a new one. Returns the order and the new lines' ids, in the order given.
 */
async function addLines(
  db: Db,
  customerId: string,
  lines: readonly NewLine[],
): Promise<{ orderId: string; lineIds: string[] }> {
  return inTransaction(db, async (trx) => {
    // An archived customer gets no new lines until she is brought back.
    await getCustomerForNewWork(trx, customerId);
    const { row: order } = await getOrCreateActiveOrderRow(trx, customerId);
    await assertRoomForLines(trx, order.id, lines.length);
    const addedAt = nowIso();
    const rows: OrderLineRow[] = lines.map((line) => ({
      id: crypto.randomUUID(),
      order_id: order.id,
      ...line,
      sale_type: null,
      added_at: addedAt,
    }));
    await insertOrderLines(trx, rows);
    recordChange(trx, { entity: 'order', id: order.id, action: 'lines_added', data: { count: rows.length } });
    return { orderId: order.id, lineIds: rows.map((row) => row.id) };
  });
}

/**
 * The one way bead lines reach an order: `count` lines of the bead on the customer's active order (created
 * when needed), refused beyond MAX_LINES_PER_ORDER, and the beads taken off the shelf in the same transaction
 * (docs/product/stock.md: never refused for lack of stock). The caller has checked that the bead exists.
 * `deliveryId`: the delivery whose 'Læg i kundernes ordrer' sells them.
 */
export function addBeadLines(
  db: Db,
  customerId: string,
  beadId: string,
  count: number,
  options: { deliveryId?: string } = {},
): Promise<{ orderId: string; lineIds: string[] }> {
  const line: NewLine = { bead_id: beadId, text: null, price_ore: null };
  return inTransaction(db, async (trx) => {
    // The bead before the order: every path locks in this order, so none waits for the other in a circle.
    await lockBeadForStock(trx, beadId);
    const added = await addLines(
      trx,
      customerId,
      Array.from({ length: count }, () => line),
    );
    await recordSale(trx, beadId, count, { orderId: added.orderId, customerId, ...options });
    return added;
  });
}

export async function getOrCreateActiveOrder(
  db: Db,
  customerId: string,
): Promise<{ order: Order; created: boolean }> {
  const { row, created } = await inTransaction(db, (trx) => getOrCreateActiveOrderRow(trx, customerId));
  return { order: await loadOrder(db, row.id), created };
}

/** Adds a bead line or a free line to the customer's active order (created if needed), in one transaction. */
export async function addLineToActiveOrder(
  db: Db,
  customerId: string,
  line: OrderLineCreate,
): Promise<Order> {
  const { orderId } = await inTransaction(db, async (trx) => {
    if (line.kind === 'free') {
      return addLines(trx, customerId, [{ bead_id: null, text: line.text, price_ore: line.priceOre }]);
    }
    await getBead(trx, line.beadId);
    return addBeadLines(trx, customerId, line.beadId, 1);
  });
  return loadOrder(db, orderId);
}

/**
 * Adds one line of the bead to each customer's active order (created when needed), all in one
 * transaction: an unknown customer or bead leaves every order as it was.
 */
export async function addBeadToCustomers(
  db: Db,
  beadId: string,
  customerIds: readonly string[],
): Promise<AddBeadToCustomersResult> {
  const unique = [...new Set(customerIds)];
  return inTransaction(db, async (trx) => {
    await getBead(trx, beadId);
    await assertCustomersExist(trx, unique);
    const added: AddBeadToCustomersResult['added'] = [];
    for (const customerId of unique) {
      const { orderId, lineIds } = await addBeadLines(trx, customerId, beadId, 1);
      added.push({ customerId, orderId, lineId: lineIds[0]! });
    }
    return { added };
  });
}

/**
 * Deletes a line of an active order and returns the order; lines of other orders are refused with 409. A bead
 * line's bead goes back on the shelf (docs/product/stock.md), in the same transaction.
 */
export async function deleteOrderLine(db: Db, lineId: string): Promise<Order> {
  const orderId = await takeLineOffActiveOrder(db, lineId);
  return loadOrder(db, orderId);
}

/**
 * deleteOrderLine's write, in the caller's transaction when it has one ('Indsæt besked''s 'Fortryd' takes many
 * lines off at once): returns the line's order.
 */
export async function takeLineOffActiveOrder(db: Db, lineId: string): Promise<string> {
  const line = await findOrderLineById(db, lineId);
  if (!line) throw notFoundError(apiErrors.orderLineNotFound);
  await takeLineOff(db, line);
  return line.order_id;
}

/** A line with its order's customer and status (null when it is gone): who may take it off, and whether. */
export async function findLineWithOrder(
  db: Db,
  lineId: string,
): Promise<{ orderId: string; customerId: string | null; status: string } | null> {
  const line = await findOrderLineById(db, lineId);
  if (!line) return null;
  const order = await findOrderById(db, line.order_id);
  return order ? { orderId: order.id, customerId: order.customer_id, status: order.status } : null;
}

async function takeLineOff(db: Db, line: NonNullable<Awaited<ReturnType<typeof findOrderLineById>>>) {
  const lineId = line.id;
  await inTransaction(db, async (trx) => {
    if (line.bead_id !== null) await lockBeadForStock(trx, line.bead_id);
    if (!(await deleteOrderLineOfActiveOrder(trx, lineId))) {
      if (!(await findOrderLineById(trx, lineId))) throw notFoundError(apiErrors.orderLineNotFound);
      throw conflictError(apiErrors.orderNotActive);
    }
    recordChange(trx, { entity: 'order', id: line.order_id, action: 'line_deleted', data: { lineId } });
    // A numbered order emptied is 'Annulleret' until it is billed again (docs/product/money.md).
    if ((await countLinesOfOrder(trx, line.order_id)) === 0) await voidBill(trx, line.order_id);
    if (line.bead_id !== null) {
      const order = await findOrderById(trx, line.order_id);
      await recordReturn(trx, line.bead_id, {
        orderId: line.order_id,
        customerId: order?.customer_id ?? null,
      });
    }
  });
}

/**
 * Copies the beads' current prices into the bead lines of orders that are no longer active (an import).
 * `onlyUnpriced` keeps lines that already carry a frozen price (an import of our own export). The orders'
 * postage is frozen as well where they have none.
 */
export async function freezeImportedOrderPrices(
  db: Db,
  orderIds: readonly string[],
  options: { onlyUnpriced?: boolean } = {},
): Promise<void> {
  await freezeBeadLinePrices(db, orderIds, options);
  // Their postage too, where it is not frozen yet (an old app's export has none): today's price.
  await freezeUnsetPostage(db, orderIds, await getShopSettings(db));
}

/** Bulk insert of ready-made rows (the seed scripts): no checks, the caller makes them valid and consistent. */
export async function insertOrderRows(
  db: Db,
  orders: readonly OrderInsert[],
  lines: readonly OrderLineRow[],
): Promise<void> {
  await insertOrders(db, orders);
  await insertOrderLines(db, lines);
}
