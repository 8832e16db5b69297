import { isOrderStatus, type OrderStatus } from '../../shared/domain/order-status.ts';
import { billState, paymentState } from '../../shared/domain/payments.ts';
import { type Discount, orderTotals, type PricedOrder, priceOrder } from '../../shared/domain/pricing.ts';
import type { PostagePrices } from '../../shared/domain/shop-settings.ts';
import type { Order, OrderLine } from '../../shared/schemas/api-orders.ts';
import type { CreditNoteLineRow, CreditNoteRow, PaymentRow } from '../db/database.ts';
import type { OrderLineJoinedRow, OrderWithCustomerRow } from './orders.repository.ts';

/** An order's payments and credit notes (docs/product/money.md), as read for its answer. */
export type OrderMoneyRows = {
  payments: readonly PaymentRow[];
  creditNotes: readonly CreditNoteRow[];
  creditNoteLines: readonly CreditNoteLineRow[];
};

const NO_MONEY: OrderMoneyRows = { payments: [], creditNotes: [], creditNoteLines: [] };

/** The order's 'Rabat', or null. */
export function discountOf(
  row: Pick<OrderWithCustomerRow, 'discount_kind' | 'discount_value'>,
): Discount | null {
  return row.discount_kind === null || row.discount_value === null
    ? null
    : { kind: row.discount_kind, value: Number(row.discount_value) };
}

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
  money: OrderMoneyRows = NO_MONEY,
): Order {
  const status = toStatus(row.status);
  const homeDelivery = Boolean(row.home_delivery);
  const pickup = Boolean(row.pickup);
  const priced: PricedOrder<OrderLine> = priceOrder(
    lineRows.map((line) => toOrderLine(line, status === 'active')),
  );
  const totals = orderTotals({
    totalOre: priced.totalOre,
    homeDelivery,
    pickup,
    frozenShippingOre: frozenShippingOre(row),
    prices,
    discount: discountOf(row),
  });
  const state = billState({
    number: row.number,
    billVoid: Boolean(row.bill_void),
    lineCount: lineRows.length,
  });
  const own = money.payments.filter((payment) => payment.credit_note_id === null);
  const recordedOre = own.reduce((sum, payment) => sum + Number(payment.amount_ore), 0);
  const creditedLineIds = new Set(money.creditNoteLines.map((line) => line.order_line_id));
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    createdAt: row.created_at,
    status,
    homeDelivery,
    pickup,
    number: row.number,
    billedAt: row.billed_at,
    billState: state,
    settledAt: row.settled_at,
    discount: discountOf(row),
    vatRegistered: Boolean(row.vat_registered),
    trackingNumber: row.tracking_number ?? null,
    payment: paymentState({ totalOre: totals.totalWithShippingOre, recordedOre, status, state }),
    payments: own.map((payment) => ({
      id: payment.id,
      amountOre: Number(payment.amount_ore),
      method: payment.method,
      paidOn: payment.paid_on,
      recordedAt: payment.recorded_at,
    })),
    creditNotes: money.creditNotes.map((note) => ({
      id: note.id,
      number: note.number,
      createdAt: note.created_at,
      totalOre: Number(note.total_ore),
    })),
    creditedLineIds: [...creditedLineIds],
    creditedPostage: money.creditNotes.some((note) => Number(note.postage_ore) > 0),
    offerGroups: priced.offerGroups,
    normalLines: priced.normalLines,
    totals,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Maps order rows to priced orders, keeping their order; `lineRows` and `money` may hold the lines, payments and
 * credit notes of all of them.
 */
export function toOrders(
  rows: readonly OrderWithCustomerRow[],
  lineRows: readonly OrderLineJoinedRow[],
  prices: PostagePrices,
  money: OrderMoneyRows = NO_MONEY,
): Order[] {
  const linesByOrder = groupBy(lineRows, (line) => line.order_id);
  const paymentsByOrder = groupBy(money.payments, (payment) => payment.order_id);
  const notesByOrder = groupBy(money.creditNotes, (note) => note.order_id);
  const orderOfNote = new Map(money.creditNotes.map((note) => [note.id, note.order_id]));
  const noteLinesByOrder = groupBy(
    money.creditNoteLines,
    (line) => orderOfNote.get(line.credit_note_id) ?? '',
  );
  return rows.map((row) =>
    toOrder(row, linesByOrder.get(row.id) ?? [], prices, {
      payments: paymentsByOrder.get(row.id) ?? [],
      creditNotes: notesByOrder.get(row.id) ?? [],
      creditNoteLines: noteLinesByOrder.get(row.id) ?? [],
    }),
  );
}
