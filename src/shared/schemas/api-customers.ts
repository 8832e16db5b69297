import { z } from 'zod';
import { apiIdSchema } from './api-common.ts';
import { orderSchema } from './api-orders.ts';
import { todoSchema } from './api-todos.ts';

export const customerSchema = z.object({ id: apiIdSchema, name: z.string() });

/** GET /api/customers: sorted by name in Danish collation, without hidden '{name}' rows. */
export const customerListSchema = z.array(customerSchema);

/** GET /api/customers/:id: the customer with every order (newest first, priced) and its todos. */
export const customerDetailSchema = customerSchema.extend({
  orders: z.array(orderSchema),
  todos: z.array(todoSchema),
});

export type Customer = z.infer<typeof customerSchema>;
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
