import { z } from 'zod';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';
import { orderSchema } from './api-orders.ts';
import { todoSchema } from './api-todos.ts';

/**
 * A customer. Contact details are null when not known; `archived` customers are left out of the
 * lists and pickers (GET /api/customers?archived=true lists them), and `archivedAt` says since when. The postal
 * address: `address` ('Adresse'), `address2`, `postcode`, `city`, `countryCode` ('DK' unless another
 * country), and `addressNeedsCheck` ('Tjek adressen': `address` holds an old free text that could not be read).
 */
export const customerSchema = z.object({
  id: apiIdSchema,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string(),
  addressNeedsCheck: z.boolean(),
  archived: z.boolean(),
  archivedAt: isoInstantSchema.nullable(),
});

/**
 * GET /api/customers: sorted by name in Danish collation, without hidden '{name}' rows and without archived
 * customers (or only archived ones with ?archived=true).
 */
export const customerListSchema = z.array(customerSchema);

/** GET /api/customers/:id: the customer with every order (newest first, priced) and its todos. */
export const customerDetailSchema = customerSchema.extend({
  orders: z.array(orderSchema),
  todos: z.array(todoSchema),
});

export type Customer = z.infer<typeof customerSchema>;
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
