/**
 * The later steps of an import plan (import-plan.ts): orders, at most one active per customer and each number
 * once, and their lines. Each adds the rows to write to the plan and reports its conflicts.
 */
import type { ImportIssueCode } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import type {
  CurrentState,
  PlanInProgress,
  PlannedOrder,
  PlannedOrderMoney,
  ReportIssue,
} from './import-plan-state.ts';
import type { PlannedCustomers } from './import-plan-steps.ts';
import type { ImportSource, SourceOrder, SourceOrderLine, SourceOrderMoney } from './import-records.ts';

const r = texts.data.report;

const byCreatedThenId = (a: PlannedOrder, b: PlannedOrder) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Orders: without their customer they keep none; without a date they take their first line's (or now). One whose
 * number the shop (or an earlier row of the file) has given already is left out, with its lines: a number never
 * changes, so it cannot get another (docs/product/money.md). Returns the planned orders by id.
 */
export function planOrders(
  plan: PlanInProgress,
  orders: readonly SourceOrder[],
  orderLines: readonly SourceOrderLine[],
  { resolveCustomer, customerNames }: PlannedCustomers,
): ReadonlyMap<string, PlannedOrder> {
  const { current, now, rows, present, counts, issue, usedNumbers } = plan;
  const firstLineAt = new Map<string, string>();
  for (const line of orderLines) {
    if (line.orderId === null || line.addedAt === null) continue;
    const earliest = firstLineAt.get(line.orderId);
    if (earliest === undefined || line.addedAt < earliest) firstLineAt.set(line.orderId, line.addedAt);
  }
  const plannedOrders = new Map<string, PlannedOrder>();
  for (const order of orders) {
    if (current.orderIds.has(order.id)) {
      present.orders.push(order.id);
      continue;
    }
    const number = order.money?.number ?? null;
    if (number !== null && usedNumbers.has(number)) {
      issue('orderNumberTaken', 'orders', [order.id], r.orderNumberTaken(order.id, number));
      counts.orders.skipped++;
      continue;
    }
    if (number !== null) usedNumbers.add(number);
    const row = planOrder(order, resolveCustomer, firstLineAt, now, issue);
    plannedOrders.set(order.id, row);
    rows.orders.push(row);
  }
  resolveActiveOrders(rows.orders, current, customerNames, issue);
  return plannedOrders;
}

/**
 * Order lines: skipped without their order or bead, or as a free line without a text; a free line without a
 * price costs 0 kr.
 */
export function planOrderLines(
  plan: PlanInProgress,
  orderLines: readonly SourceOrderLine[],
  source: ImportSource,
  beadExists: (id: string) => boolean,
  plannedOrders: ReadonlyMap<string, PlannedOrder>,
): void {
  const { current, now, rows, present, counts, issue } = plan;
  for (const line of orderLines) {
    if (current.orderLineIds.has(line.id)) {
      present.orderLines.push(line.id);
      continue;
    }
    const skip = (code: ImportIssueCode, ids: string[], message: string) => {
      issue(code, 'orderLines', ids, message);
      counts.orderLines.skipped++;
    };
    if (line.orderId === null || !(plannedOrders.has(line.orderId) || current.orderIds.has(line.orderId))) {
      const orderId = line.orderId ?? '';
      skip('lineOrderMissing', [line.id, orderId].filter(Boolean), r.lineOrderMissing(line.id, orderId));
      continue;
    }
    if (line.beadId !== null && !beadExists(line.beadId)) {
      skip('lineBeadMissing', [line.id, line.beadId], r.lineBeadMissingSkipped(line.id, line.beadId));
      continue;
    }
    let { text, priceOre } = line;
    if (line.beadId === null) {
      if (!text?.trim()) {
        skip('lineIncomplete', [line.id], r.lineIncomplete(line.id));
        continue;
      }
      if (priceOre === null) {
        issue('linePriceInvalid', 'orderLines', [line.id], r.linePriceInvalid(line.id, 'mangler'));
        priceOre = 0;
      }
    } else if (source === 'firestore') {
      text = null;
      priceOre = null;
    }
    let addedAt = line.addedAt;
    if (addedAt === null) {
      addedAt = plannedOrders.get(line.orderId)?.created_at ?? now;
      issue('lineDateMissing', 'orderLines', [line.id], r.lineDateMissing(line.id));
    }
    rows.orderLines.push({
      id: line.id,
      order_id: line.orderId,
      bead_id: line.beadId,
      text,
      price_ore: priceOre,
      sale_type: line.saleType,
      added_at: addedAt,
    });
  }
}

function planOrder(
  order: SourceOrder,
  resolveCustomer: (id: string) => string | undefined,
  firstLineAt: ReadonlyMap<string, string>,
  now: string,
  issue: ReportIssue,
): PlannedOrder {
  let customerId: string | null = null;
  if (order.customerId !== null) {
    customerId = resolveCustomer(order.customerId) ?? null;
    if (customerId === null) {
      issue(
        'orderCustomerMissing',
        'orders',
        [order.id, order.customerId],
        r.orderCustomerMissing(order.id, order.customerId),
      );
    }
  }
  let createdAt = order.createdAt;
  if (createdAt === null) {
    createdAt = firstLineAt.get(order.id) ?? now;
    issue('orderDateMissing', 'orders', [order.id], r.orderDateMissing(order.id));
  }
  return {
    id: order.id,
    customer_id: customerId,
    created_at: createdAt,
    status: order.status,
    home_delivery: order.homeDelivery ? 1 : 0,
    postage_ore: order.status === 'active' ? null : (order.postageOre ?? null),
    ...(order.money ? moneyColumns(order.money) : {}),
  };
}

function moneyColumns(money: SourceOrderMoney): PlannedOrderMoney {
  return {
    number: money.number,
    billed_at: money.billedAt,
    bill_void: money.billVoid ? 1 : 0,
    vat_registered: money.vatRegistered ? 1 : 0,
    settled_at: money.settledAt,
    pickup: money.pickup ? 1 : 0,
    discount_kind: money.discount?.kind ?? null,
    discount_value: money.discount?.value ?? null,
  };
}

/** At most one active order per customer: older imported ones, and any against an existing one, are invoiced. */
function resolveActiveOrders(
  orders: PlannedOrder[],
  current: CurrentState,
  customerNames: ReadonlyMap<string, string>,
  issue: ReportIssue,
): void {
  const activeByCustomer = new Map<string, PlannedOrder[]>();
  for (const order of orders) {
    if (order.status !== 'active' || order.customer_id === null) continue;
    const list = activeByCustomer.get(order.customer_id);
    if (list) list.push(order);
    else activeByCustomer.set(order.customer_id, [order]);
  }
  for (const [customerId, active] of activeByCustomer) {
    const customer = customerNames.get(customerId) ?? customerId;
    const existing = current.activeOrderByCustomer.get(customerId);
    if (existing !== undefined) {
      for (const order of active) {
        order.status = 'invoiced';
        issue(
          'orderActiveExisting',
          'orders',
          [order.id, existing],
          r.orderActiveExisting(order.id, existing, customer),
        );
      }
      continue;
    }
    const sorted = [...active].sort(byCreatedThenId);
    const kept = sorted.at(-1)!;
    for (const order of sorted.slice(0, -1)) {
      order.status = 'invoiced';
      issue(
        'orderActiveDuplicate',
        'orders',
        [order.id, kept.id],
        r.orderActiveDuplicate(order.id, kept.id, customer),
      );
    }
  }
}
