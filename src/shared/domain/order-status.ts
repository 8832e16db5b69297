/**
 * Order status values, their Danish labels and chip colours, and the rules for changing status
 * (docs/product/statuses.md: any status may be picked, except that a shipped order is
 * read-only and a customer has at most one active order).
 */

import { texts } from '../texts.ts';

export const ORDER_STATUSES = ['active', 'invoiced', 'paid', 'packed', 'shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Danish labels (kept in texts.ts with the other UI texts). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = texts.orders.status;

/** MUI palette names for the status chips. */
export type StatusChipColor = 'primary' | 'warning' | 'info' | 'secondary' | 'success';

export const ORDER_STATUS_COLORS: Readonly<Record<OrderStatus, StatusChipColor>> = {
  active: 'primary',
  invoiced: 'warning',
  paid: 'info',
  packed: 'secondary',
  shipped: 'success',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

export function orderStatusColor(status: OrderStatus): StatusChipColor {
  return ORDER_STATUS_COLORS[status];
}

/** A shipped order cannot be changed: no status change, no lines added or deleted. */
export function isReadOnly(status: OrderStatus): boolean {
  return status === 'shipped';
}

/**
 * Which section of the customer page an order belongs to: the active order, 'Igangværende
 * ordrer' (invoiced, paid, packed) or 'Afsendte ordrer' (shipped).
 */
export type OrderSection = 'active' | 'ongoing' | 'shipped';

export function orderSection(status: OrderStatus): OrderSection {
  if (status === 'active') return 'active';
  if (status === 'shipped') return 'shipped';
  return 'ongoing';
}

/** Success toast after a status change: 'Status ændret til afventer betaling'. */
export function statusChangeMessage(status: OrderStatus): string {
  return texts.orders.statusChanged(orderStatusLabel(status).toLocaleLowerCase('da'));
}

export type StatusChangeRefusal = 'shipped_read_only' | 'active_exists';
export type StatusChangeResult = { ok: true } | { ok: false; reason: StatusChangeRefusal };

export interface StatusChange {
  from: OrderStatus;
  to: OrderStatus;
  /** Whether the order's customer has another order (not this one) with status active. */
  customerHasOtherActiveOrder: boolean;
}

/**
 * Decides whether a status change is allowed. A shipped order refuses every change (even
 * to 'shipped' again: the UI offers no dropdown there, so any attempt is a stale client).
 * Keeping an active order active is a harmless no-op and allowed.
 */
export function checkStatusChange({
  from,
  to,
  customerHasOtherActiveOrder,
}: StatusChange): StatusChangeResult {
  if (isReadOnly(from)) return { ok: false, reason: 'shipped_read_only' };
  if (to === 'active' && customerHasOtherActiveOrder) return { ok: false, reason: 'active_exists' };
  return { ok: true };
}

/**
 * Bead line prices follow the bead while the order is active and are frozen when it leaves
 * active (docs/product/pricing.md). True when a change from → to must freeze the prices.
 */
export function freezesLinePrices(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'active' && to !== 'active';
}
