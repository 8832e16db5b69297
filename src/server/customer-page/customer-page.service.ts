/**
 * The customer page's answer: the customer with her orders and todos. It sits above the customers, orders and
 * todos services (which the orders and todos services themselves use), so the modules import in one direction.
 */
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import { getCustomer } from '../customers/customers.service.ts';
import type { Db } from '../db/database.ts';
import { listOrdersOfCustomerPriced } from '../orders/orders.service.ts';
import { listTodos } from '../todos/todos.service.ts';

export async function getCustomerDetail(db: Db, id: string): Promise<CustomerDetail> {
  const customer = await getCustomer(db, id);
  const [orders, todos] = await Promise.all([
    listOrdersOfCustomerPriced(db, id),
    listTodos(db, { customerId: id }),
  ]);
  return { ...customer, orders, todos };
}
