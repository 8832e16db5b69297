import { compareDanish } from '../../../shared/domain/collation.ts';
import type { TodoGrouping } from '../../../shared/first-screen-state.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';

export type CustomerTodoGroup = {
  /** The customer's id, or null for todos without a customer ('Ingen kunde'). */
  customerId: string | null;
  customerName: string | null;
  todos: Todo[];
};

export type CumulativeTodo = {
  bead: Bead;
  /** The amounts of every todo for the bead, added up. */
  amount: number;
  /** Names of the customers waiting for it, in Danish order; null stands for todos without a customer. */
  customerNames: (string | null)[];
};

const customerKey = (todo: Todo) => todo.customer?.id ?? null;

/** The counts on the grouping chips: todos, distinct customers (no customer counts as one), distinct beads. */
export function groupingCounts(todos: readonly Todo[]): Record<TodoGrouping, number> {
  return {
    none: todos.length,
    customer: new Set(todos.map(customerKey)).size,
    cumulative: new Set(todos.map((todo) => todo.beadId)).size,
  };
}

/** Todos per customer: customers in Danish name order, 'Ingen kunde' last; todos keep their order. */
export function groupByCustomer(todos: readonly Todo[]): CustomerTodoGroup[] {
  const groups = new Map<string | null, CustomerTodoGroup>();
  for (const todo of todos) {
    const key = customerKey(todo);
    let group = groups.get(key);
    if (!group) {
      group = { customerId: key, customerName: todo.customer?.name ?? null, todos: [] };
      groups.set(key, group);
    }
    group.todos.push(todo);
  }
  return [...groups.values()].sort((a, b) => {
    if (a.customerName === null) return b.customerName === null ? 0 : 1;
    if (b.customerName === null) return -1;
    return compareDanish(a.customerName, b.customerName);
  });
}

/** The owner's shopping list: amounts summed per bead, largest first, then by bead name. */
export function cumulativeByBead(todos: readonly Todo[]): CumulativeTodo[] {
  const byBead = new Map<string, CumulativeTodo>();
  for (const todo of todos) {
    let entry = byBead.get(todo.beadId);
    if (!entry) {
      entry = { bead: todo.bead, amount: 0, customerNames: [] };
      byBead.set(todo.beadId, entry);
    }
    entry.amount += todo.amount;
    const name = todo.customer?.name ?? null;
    if (!entry.customerNames.includes(name)) entry.customerNames.push(name);
  }
  for (const entry of byBead.values()) {
    entry.customerNames.sort((a, b) => {
      if (a === null) return b === null ? 0 : 1;
      if (b === null) return -1;
      return compareDanish(a, b);
    });
  }
  return [...byBead.values()].sort((a, b) => b.amount - a.amount || compareDanish(a.bead.name, b.bead.name));
}
