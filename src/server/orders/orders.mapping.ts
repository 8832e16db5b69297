import { isOrderStatus, type OrderStatus } from '../../shared/domain/order-status.ts';
import { orderTotals, type PricedOrder, priceOrder } from '../../shared/domain/pricing.ts';
import type { PostagePrices } from '../../shared/domain/shop-settings.ts';
import type { Order, OrderLine } from '../../shared/schemas/api-orders.ts';
import type { OrderLineJoinedRow, OrderWithCustomerRow } from './orders.repository.ts';

function toStatus(value: string): OrderStatus {
  // The database's check constraint allows only the five statuses.
  if (!isOrderStatus(value)) throw new Error(`Unknown order status in the database: ${value}`);
  return value;
}

/**
 * Resolves a line's price facts. Bead lines follow the bead while the order is active and use the frozen
 * price afterwards; a bead line of a non-active order without a frozen price (imported data) falls back to
 * the bead's current price.
 */
export function toOrderLine(row: OrderLineJoinedRow, orderIsActive: boolean): OrderLine {
  if (row.bead_id === null) {
    return {
      id: row.id,
      orderId: row.order_id,
      kind: 'free',
      beadId: null,
      text: row.text ?? '',
      unitPriceOre: row.price_ore ?? 0,
      saleType: null,
      addedAt: row.added_at,
      photoId: null,
    };
  }
  const frozen = !orderIsActive && row.price_ore !== null;
  return {
    id: row.id,
    orderId: row.order_id,
    kind: 'bead',
    beadId: row.bead_id,
    text: row.bead_name ?? row.text ?? '',
    unitPriceOre: (frozen ? row.price_ore : row.bead_price_ore) ?? 0,
    saleType: frozen ? row.sale_type : row.bead_sale_type,
    addedAt: row.added_at,
    photoId: row.bead_photo_id,
  };
}

/**
 * An order row with its lines, priced. Its postage is the one frozen into it when it left Aktiv, else the
 * shop's current `prices` (an active order follows the settings).
 */
/** The postage frozen into the order, or null while it is active (it follows the settings then). */
export function frozenShippingOre(row: Pick<OrderWithCustomerRow, 'status' | 'postage_ore'>): number | null {
  return row.status === 'active' || row.postage_ore === null ? null : Number(row.postage_ore);
}

export function toOrder(
  row: OrderWithCustomerRow,
  lineRows: readonly OrderLineJoinedRow[],
  prices: PostagePrices,
): Order {
  const status = toStatus(row.status);
  const homeDelivery = Boolean(row.home_delivery);
  const priced: PricedOrder<OrderLine> = priceOrder(
    lineRows.map((line) => toOrderLine(line, status === 'active')),
  );
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    createdAt: row.created_at,
    status,
    homeDelivery,
    offerGroups: priced.offerGroups,
    normalLines: priced.normalLines,
    totals: orderTotals({
      totalOre: priced.totalOre,
      homeDelivery,
      frozenShippingOre: frozenShippingOre(row),
      prices,
    }),
  };
}

/** Maps order rows to priced orders, keeping their order; `lineRows` may hold the lines of all of them. */
export function toOrders(
  rows: readonly OrderWithCustomerRow[],
  lineRows: readonly OrderLineJoinedRow[],
  prices: PostagePrices,
): Order[] {
  const linesByOrder = new Map<string, OrderLineJoinedRow[]>();
  for (const line of lineRows) {
    const list = linesByOrder.get(line.order_id);
    if (list) list.push(line);
    else linesByOrder.set(line.order_id, [line]);
  }
  return rows.map((row) => toOrder(row, linesByOrder.get(row.id) ?? [], prices));
}
