/**
 * The first steps of an import plan (import-plan.ts): customers, beads and todos. Each adds the rows to write
 * to the plan and reports its conflicts; the later steps (import-plan-orders.ts) look references up through
 * what they return.
 */
import { DENMARK } from '../../shared/domain/address.ts';
import { beadNameKey } from '../../shared/domain/bead-name.ts';
import { customerNameKey, HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import { MAX_TODO_AMOUNT } from '../../shared/domain/limits.ts';
import { texts } from '../../shared/texts.ts';
import type { StockMovementRow, TodoRow } from '../db/database.ts';
import { type PlanInProgress, todoKey, withSuffix } from './import-plan-state.ts';
import type { SourceBead, SourceCustomer, SourceStockMovement, SourceTodo } from './import-records.ts';

const r = texts.data.report;

const HIDDEN_KEY = customerNameKey(HIDDEN_CUSTOMER_NAME);

/** How the later steps find a customer: the id references should use, and the name it is written with. */
export type PlannedCustomers = {
  /** The id a reference to this file or database id should use; undefined when there is no such customer. */
  resolveCustomer: (id: string) => string | undefined;
  /** customer id → name, for the file's customers (after any suffix). */
  customerNames: ReadonlyMap<string, string>;
};

/**
 * Customers: a duplicate name (Danish case-folded key) gets a suffix; a second hidden test customer is merged
 * into the first.
 */
export function planCustomers(plan: PlanInProgress, customers: readonly SourceCustomer[]): PlannedCustomers {
  const { current, now, rows, present, counts, issue } = plan;
  // `customerTarget` maps a file id to the id its references should use.
  const customerTarget = new Map<string, string>();
  const customerNames = new Map<string, string>();
  const usedKeys = new Map(current.customerIdByKey);
  for (const customer of customers) {
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
      address: customer.address?.address ?? null,
      address2: customer.address?.address2 ?? null,
      postcode: customer.address?.postcode ?? null,
      city: customer.address?.city ?? null,
      country_code: customer.address?.countryCode ?? DENMARK,
      address_needs_check: customer.address?.needsCheck ? 1 : 0,
      archived_at: customer.archivedAt ?? null,
    });
  }
  const resolveCustomer = (id: string): string | undefined =>
    customerTarget.get(id) ?? (current.customerIds.has(id) ? id : undefined);
  return { resolveCustomer, customerNames };
}

/**
 * Beads: names are unique ignoring case (beads.name_key); a duplicate gets a suffix. Returns whether a bead
 * exists (in the file or the database).
 */
export function planBeads(plan: PlanInProgress, beads: readonly SourceBead[]): (id: string) => boolean {
  const { current, now, rows, present, issue } = plan;
  const plannedBeads = new Set<string>();
  const usedNames = new Map(current.beadIdByName);
  for (const bead of beads) {
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
  return (id: string) => plannedBeads.has(id) || current.beadIds.has(id);
}

/**
 * Todos: one per bead and customer. Skipped without their bead; without their customer they lose it; two for
 * one bead and customer are merged (amounts added) or, against an existing todo, skipped.
 */
export function planTodos(
  plan: PlanInProgress,
  todos: readonly SourceTodo[],
  beadExists: (id: string) => boolean,
  { resolveCustomer }: PlannedCustomers,
): void {
  const { current, now, rows, present, counts, issue } = plan;
  const usedTodoKeys = new Map(current.todoIdByKey);
  const plannedTodos = new Map<string, TodoRow>();
  for (const todo of todos) {
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
}

/**
 * Stock movements (our own export since version 3): kept as they were, their order and customer only named
 * (a sale's history outlives its order); one whose bead exists in neither the file nor the database is skipped.
 */
export function planStockMovements(
  plan: PlanInProgress,
  movements: readonly SourceStockMovement[],
  beadExists: (id: string) => boolean,
): void {
  const { current, rows, present, counts, issue } = plan;
  for (const movement of movements) {
    if (current.stockMovementIds.has(movement.id)) {
      present.stockMovements.push(movement.id);
      continue;
    }
    if (!beadExists(movement.beadId)) {
      issue(
        'stockMovementBeadMissing',
        'stockMovements',
        [movement.id, movement.beadId],
        r.stockMovementBeadMissing(movement.id, movement.beadId),
      );
      counts.stockMovements.skipped++;
      continue;
    }
    const row: StockMovementRow = {
      id: movement.id,
      bead_id: movement.beadId,
      kind: movement.kind,
      quantity: movement.quantity,
      at: movement.at,
      recorded_at: movement.recordedAt,
      reason: movement.reason,
      order_id: movement.orderId,
      customer_id: movement.customerId,
      delivery_id: movement.deliveryId,
      data: null,
    };
    rows.stockMovements.push(row);
  }
}
