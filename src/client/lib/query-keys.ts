/**
 * Every TanStack Query key in one place, so that a change in one area refreshes the lists of another
 * (a line added on the customer page must refresh Puden and Ordrer, a completed todo the customer).
 */
export const queryKeys = {
  customers: ['customers'] as const,
  customer: (id: string) => ['customers', id] as const,
  beads: ['beads'] as const,
  bead: (id: string) => ['beads', id] as const,
  todos: ['todos'] as const,
  orders: ['orders'] as const,
  order: (id: string) => ['orders', id] as const,
  billText: (orderId: string) => ['orders', orderId, 'bill-text'] as const,
  pillow: ['pillow'] as const,
};

/** Keys to refresh after anything that changes orders or their lines. */
export const orderDependentKeys = [queryKeys.orders, queryKeys.pillow, queryKeys.customers];
