import type { Bead } from '../../shared/schemas/api-beads.ts';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import type { Todo, TodoListItem } from '../../shared/schemas/api-todos.ts';
import { texts } from '../../shared/texts.ts';

/**
 * The todo list arrives as ids (GET /api/todos); the bead and customer lists are cached anyway. This puts
 * them together in the shape the todo widgets show, once per change of any of the three lists.
 * A customer missing from the list (the old app's hidden test customer) shows as 'Ukendt kunde'; a bead
 * missing from the list (only between two refetches) as a deleted bead without a name.
 */
export function joinTodos(
  items: readonly TodoListItem[],
  beads: readonly Bead[],
  customers: readonly Pick<Customer, 'id' | 'name'>[],
): Todo[] {
  const beadById = new Map(beads.map((bead) => [bead.id, bead]));
  const customerById = new Map(customers.map((customer) => [customer.id, customer]));
  return items.map((item) => ({
    ...item,
    bead: beadById.get(item.beadId) ?? {
      id: item.beadId,
      name: '?',
      priceOre: 0,
      saleType: null,
      isDeleted: true,
      photoId: null,
      stock: null,
    },
    customer:
      item.customerId === null
        ? null
        : (customerById.get(item.customerId) ?? {
            id: item.customerId,
            name: texts.customers.unknownCustomer,
          }),
  }));
}
