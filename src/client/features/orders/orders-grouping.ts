import { compareDanish, matchesSearch } from '../../../shared/domain/collation.ts';
import type { OrderStatus } from '../../../shared/domain/order-status.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';

/** The filter buttons on Ordrer: every open order, or those with one status (shipped orders are never listed). */
export const STATUS_FILTERS = ['all', 'active', 'invoiced', 'paid', 'packed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function isStatusFilter(value: unknown): value is StatusFilter {
  return typeof value === 'string' && (STATUS_FILTERS as readonly string[]).includes(value);
}

export type CustomerGroup = {
  /** The customer's id, or '' for orders whose customer is missing. */
  key: string;
  customerId: string | null;
  name: string;
  /** Newest first. */
  orders: Order[];
};

const nameOf = (order: Order) => order.customerName ?? texts.customers.unknownCustomer;

/**
 * Whether an order matches the search: its customer's name ('Ukendt kunde' for a missing customer), or its bill's
 * number when the search is digits and dashes ('2026-0042', '0042'; docs/product/money.md).
 */
function matchesOrder(order: Order, search: string): boolean {
  if (matchesSearch(nameOf(order), search)) return true;
  const wanted = search.trim();
  return order.number !== null && /^[\d-]+$/.test(wanted) && order.number.includes(wanted);
}

/** Open orders that match the search. */
export function searchOrders(orders: readonly Order[], search: string): Order[] {
  return orders.filter((order) => order.status !== 'shipped' && matchesOrder(order, search));
}

/** Orders of any status that match the search (the month's shipped orders). */
export function searchAllOrders(orders: readonly Order[], search: string): Order[] {
  return orders.filter((order) => matchesOrder(order, search));
}

/** How many orders each filter button would show. */
export function countByFilter(orders: readonly Order[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = { all: 0, active: 0, invoiced: 0, paid: 0, packed: 0 };
  for (const order of orders) {
    counts.all += 1;
    if (order.status !== 'shipped') counts[order.status as Exclude<OrderStatus, 'shipped'>] += 1;
  }
  return counts;
}

export function applyFilter(orders: readonly Order[], filter: StatusFilter): Order[] {
  return filter === 'all' ? [...orders] : orders.filter((order) => order.status === filter);
}

/**
 * One group per customer, by name in Danish order with 'Ukendt kunde' last; orders inside a group
 * newest first.
 */
export function groupByCustomer(orders: readonly Order[]): CustomerGroup[] {
  const groups = new Map<string, CustomerGroup>();
  for (const order of orders) {
    const key = order.customerName === null ? '' : (order.customerId ?? '');
    const group = groups.get(key);
    if (group) group.orders.push(order);
    else
      groups.set(key, {
        key,
        customerId: key ? order.customerId : null,
        name: nameOf(order),
        orders: [order],
      });
  }
  for (const group of groups.values()) {
    group.orders.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }
  return [...groups.values()].sort((a, b) => {
    if (!a.key !== !b.key) return a.key ? -1 : 1;
    return compareDanish(a.name, b.name) || (a.key < b.key ? -1 : 1);
  });
}
