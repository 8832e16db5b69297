/**
 * Plans an import (pure): given the normalized records of a file and what the database already holds,
 * decides which rows to write and reports, in Danish and naming the document ids, every conflict with our
 * invariants and how it was resolved:
 *   - a row whose id already exists is left as it is (reported once per table as already present), so
 *     importing the same file twice changes nothing the second time;
 *   - duplicate customer names (Danish case-folded key) and bead names (exact) get a suffix ' (2)', ' (3)', …;
 *     a second hidden test customer '{name}' is merged into the first (a suffix would make it visible);
 *   - todos pointing at a missing bead are skipped; at a missing customer they lose the customer;
 *     two todos for one bead and customer are merged (amounts added) or, against an existing todo, skipped;
 *   - orders pointing at a missing customer keep no customer (shown as 'Ukendt kunde');
 *   - of two active orders for one customer the older becomes `invoiced`; against an active order already
 *     in the database the imported one becomes `invoiced` (existing rows are never changed);
 *   - lines pointing at a missing order or bead are skipped; a free line without a text is skipped, without
 *     a price it costs 0 kr.
 */
import { beadNameKey } from '../../shared/domain/bead-name.ts';
import { customerNameKey, HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import { MAX_TODO_AMOUNT } from '../../shared/domain/limits.ts';
import type {
  DataTable,
  ImportIssue,
  ImportIssueCode,
  ImportReport,
  ImportTableCounts,
} from '../../shared/schemas/api-data.ts';
import { DATA_TABLES } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import type { CustomerRow, OrderLineRow, TodoRow } from '../db/database.ts';
import type { ParsedImport, SourceOrder } from './import-records.ts';

const r = texts.data.report;

export type PlannedBead = {
  id: string;
  name: string;
  price_ore: number;
  sale_type: string | null;
  is_deleted: number;
  created_at: string;
};
export type PlannedOrder = {
  id: string;
  customer_id: string | null;
  created_at: string;
  status: string;
  home_delivery: number;
  /** Null while active; an order that is not active without one gets today's postage when it is written. */
  postage_ore: number | null;
};

export type ImportRows = {
  customers: CustomerRow[];
  beads: PlannedBead[];
  todos: TodoRow[];
  orders: PlannedOrder[];
  orderLines: OrderLineRow[];
};

/**
 * What the database holds, as far as the plan needs it. The id sets need only hold the ids the file
 * mentions (its rows' ids and their references); names, todo keys and active orders are complete.
 */
export type CurrentState = {
  customerIds: ReadonlySet<string>;
  /** name_key → customer id, for every customer. */
  customerIdByKey: ReadonlyMap<string, string>;
  beadIds: ReadonlySet<string>;
  /** beadNameKey(name) → bead id, for every bead (names are unique ignoring case). */
  beadIdByName: ReadonlyMap<string, string>;
  todoIds: ReadonlySet<string>;
  /** todoKey(beadId, customerId) → todo id, for every todo. */
  todoIdByKey: ReadonlyMap<string, string>;
  orderIds: ReadonlySet<string>;
  /** customer id → id of its active order, for every active order. */
  activeOrderByCustomer: ReadonlyMap<string, string>;
  orderLineIds: ReadonlySet<string>;
};

export type ImportPlan = { rows: ImportRows; report: Omit<ImportReport, 'dryRun' | 'summary'> };

export const todoKey = (beadId: string, customerId: string | null) => `${beadId}\u0000${customerId ?? ''}`;

/** Issues from reading the file that mean the document was not imported at all. */
const SKIPPED_WHILE_READING = new Set<ImportIssueCode>([
  'documentInvalid',
  'customerNameMissing',
  'beadNameMissing',
  'todoAmountInvalid',
  'nameTooLong',
  'customerFieldInvalid',
  'orderPostageInvalid',
]);

const HIDDEN_KEY = customerNameKey(HIDDEN_CUSTOMER_NAME);

/** 'Åse' → 'Åse (2)', 'Åse (3)', … until `isFree` accepts it. */
function withSuffix(name: string, isFree: (candidate: string) => boolean): string {
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (isFree(candidate)) return candidate;
  }
}

const byCreatedThenId = (a: PlannedOrder, b: PlannedOrder) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function planImport(parsed: ParsedImport, current: CurrentState, now: string): ImportPlan {
  const issues: ImportIssue[] = [...parsed.issues];
  const issue = (code: ImportIssueCode, table: DataTable, ids: string[], message: string) =>
    issues.push({ code, table, ids, message });
  const counts = Object.fromEntries(
    DATA_TABLES.map((table) => [
      table,
      { inFile: parsed[table].length, added: 0, alreadyPresent: 0, skipped: 0 },
    ]),
  ) as Record<DataTable, ImportTableCounts>;
  for (const found of parsed.issues) {
    if (found.table && SKIPPED_WHILE_READING.has(found.code)) {
      counts[found.table].inFile++;
      counts[found.table].skipped++;
    }
  }
  const present: Record<DataTable, string[]> = {
    customers: [],
    beads: [],
    todos: [],
    orders: [],
    orderLines: [],
  };
  const rows: ImportRows = { customers: [], beads: [], todos: [], orders: [], orderLines: [] };

  // Customers. `customerTarget` maps a file id to the id its references should use.
  const customerTarget = new Map<string, string>();
  const customerNames = new Map<string, string>();
  const usedKeys = new Map(current.customerIdByKey);
  for (const customer of parsed.customers) {
    if (current.customerIds.has(customer.id)) {
      present.customers.push(customer.id);
      customerTarget.set(customer.id, customer.id);
      customerNames.set(customer.id, customer.name);
      continue;
    }
    let name = customer.name;
    let key = customerNameKey(name);
    const owner = usedKeys.get(key);
    if (owner !== undefined) {
      if (key === HIDDEN_KEY) {
        customerTarget.set(customer.id, owner);
        issue(
          'hiddenCustomerMerged',
          'customers',
          [customer.id, owner],
          r.hiddenCustomerMerged(customer.id, owner),
        );
        counts.customers.skipped++;
        continue;
      }
      name = withSuffix(customer.name, (candidate) => !usedKeys.has(customerNameKey(candidate)));
      key = customerNameKey(name);
      issue(
        'customerNameDuplicate',
        'customers',
        [customer.id, owner],
        r.customerNameDuplicate(customer.id, customer.name, owner, name),
      );
    }
    usedKeys.set(key, customer.id);
    customerTarget.set(customer.id, customer.id);
    customerNames.set(customer.id, name);
    rows.customers.push({
      id: customer.id,
      name,
      name_key: key,
      created_at: customer.createdAt ?? now,
      phone: customer.phone ?? null,
      email: customer.email ?? null,
      address: customer.address ?? null,
      archived_at: customer.archivedAt ?? null,
    });
  }
  const resolveCustomer = (id: string): string | undefined =>
    customerTarget.get(id) ?? (current.customerIds.has(id) ? id : undefined);

  // Beads: names are unique ignoring case (beads.name_key).
  const plannedBeads = new Set<string>();
  const usedNames = new Map(current.beadIdByName);
  for (const bead of parsed.beads) {
    if (current.beadIds.has(bead.id)) {
      present.beads.push(bead.id);
      continue;
    }
    let name = bead.name;
    const owner = usedNames.get(beadNameKey(name));
    if (owner !== undefined) {
      name = withSuffix(bead.name, (candidate) => !usedNames.has(beadNameKey(candidate)));
      issue(
        'beadNameDuplicate',
        'beads',
        [bead.id, owner],
        r.beadNameDuplicate(bead.id, bead.name, owner, name),
      );
    }
    usedNames.set(beadNameKey(name), bead.id);
    plannedBeads.add(bead.id);
    rows.beads.push({
      id: bead.id,
      name,
      price_ore: bead.priceOre,
      sale_type: bead.saleType,
      is_deleted: bead.isDeleted ? 1 : 0,
      created_at: bead.createdAt ?? now,
    });
  }
  const beadExists = (id: string) => plannedBeads.has(id) || current.beadIds.has(id);

  // Todos: one per bead and customer.
  const usedTodoKeys = new Map(current.todoIdByKey);
  const plannedTodos = new Map<string, TodoRow>();
  for (const todo of parsed.todos) {
    if (current.todoIds.has(todo.id)) {
      present.todos.push(todo.id);
      continue;
    }
    if (todo.beadId === null || !beadExists(todo.beadId)) {
      const beadId = todo.beadId ?? '';
      issue(
        'todoBeadMissing',
        'todos',
        [todo.id, beadId].filter(Boolean),
        r.todoBeadMissing(todo.id, beadId),
      );
      counts.todos.skipped++;
      continue;
    }
    let customerId: string | null = null;
    if (todo.customerId !== null) {
      customerId = resolveCustomer(todo.customerId) ?? null;
      if (customerId === null) {
        issue(
          'todoCustomerMissing',
          'todos',
          [todo.id, todo.customerId],
          r.todoCustomerMissing(todo.id, todo.customerId),
        );
      }
    }
    const key = todoKey(todo.beadId, customerId);
    const other = usedTodoKeys.get(key);
    if (other !== undefined) {
      const planned = plannedTodos.get(other);
      if (planned && planned.amount + todo.amount > MAX_TODO_AMOUNT) {
        issue('todoMergeTooLarge', 'todos', [todo.id, other], r.todoMergeTooLarge(todo.id, other));
      } else if (planned) {
        planned.amount += todo.amount;
        issue('todoMerged', 'todos', [todo.id, other], r.todoMerged(todo.id, other));
      } else {
        issue('todoExists', 'todos', [todo.id, other], r.todoExists(todo.id, other));
      }
      counts.todos.skipped++;
      continue;
    }
    const row: TodoRow = {
      id: todo.id,
      bead_id: todo.beadId,
      customer_id: customerId,
      amount: todo.amount,
      created_at: todo.createdAt ?? now,
    };
    usedTodoKeys.set(key, todo.id);
    plannedTodos.set(todo.id, row);
    rows.todos.push(row);
  }

  // Orders.
  const firstLineAt = new Map<string, string>();
  for (const line of parsed.orderLines) {
    if (line.orderId === null || line.addedAt === null) continue;
    const earliest = firstLineAt.get(line.orderId);
    if (earliest === undefined || line.addedAt < earliest) firstLineAt.set(line.orderId, line.addedAt);
  }
  const plannedOrders = new Map<string, PlannedOrder>();
  for (const order of parsed.orders) {
    if (current.orderIds.has(order.id)) {
      present.orders.push(order.id);
      continue;
    }
    const row = planOrder(order, resolveCustomer, firstLineAt, now, issue);
    plannedOrders.set(order.id, row);
    rows.orders.push(row);
  }
  resolveActiveOrders(rows.orders, current, customerNames, issue);

  // Order lines.
  for (const line of parsed.orderLines) {
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
    } else if (parsed.source === 'firestore') {
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

  for (const table of DATA_TABLES) {
    counts[table].added = rows[table].length;
    counts[table].alreadyPresent = present[table].length;
    if (present[table].length > 0) {
      const what = texts.data.tables[table][present[table].length === 1 ? 'one' : 'other'];
      issue('alreadyPresent', table, present[table], r.alreadyPresent(present[table].length, what));
    }
  }
  return { rows, report: { source: parsed.source, counts, issues } };
}

function planOrder(
  order: SourceOrder,
  resolveCustomer: (id: string) => string | undefined,
  firstLineAt: ReadonlyMap<string, string>,
  now: string,
  issue: (code: ImportIssueCode, table: DataTable, ids: string[], message: string) => void,
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
  };
}

/** At most one active order per customer: older imported ones, and any against an existing one, are invoiced. */
function resolveActiveOrders(
  orders: PlannedOrder[],
  current: CurrentState,
  customerNames: ReadonlyMap<string, string>,
  issue: (code: ImportIssueCode, table: DataTable, ids: string[], message: string) => void,
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
