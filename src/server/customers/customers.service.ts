import { sortByName } from '../../shared/domain/collation.ts';
import { customerNameKey, isHiddenCustomer, normalizeName } from '../../shared/domain/customer-name.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import type { Customer, CustomerDetail } from '../../shared/schemas/api-customers.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { texts } from '../../shared/texts.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { CustomerRow, Db } from '../db/database.ts';
import { apiError } from '../http/api-errors.ts';
import { AppError } from '../http/errors.ts';
import { listOrdersOfCustomerPriced } from '../orders/orders.service.ts';
import { listTodos } from '../todos/todos.service.ts';
import { findCustomerById, insertCustomer, listVisibleCustomers } from './customers.repository.ts';

export function toCustomer(row: Pick<CustomerRow, 'id' | 'name'>): Customer {
  return { id: row.id, name: row.name };
}

/** Visible customers sorted by name in Danish collation (Æ, Ø, Å after Z). */
export async function listCustomers(db: Db): Promise<Customer[]> {
  return sortByName((await listVisibleCustomers(db)).map(toCustomer), (c) => c.name);
}

export async function getCustomer(db: Db, id: string): Promise<Customer> {
  const row = await findCustomerById(db, id);
  if (!row) throw apiError(404, apiErrors.customerNotFound);
  return toCustomer(row);
}

export async function getCustomerDetail(db: Db, id: string): Promise<CustomerDetail> {
  const customer = await getCustomer(db, id);
  const [orders, todos] = await Promise.all([
    listOrdersOfCustomerPriced(db, id),
    listTodos(db, { customerId: id }),
  ]);
  return { ...customer, orders, todos };
}

/**
 * Creates a customer with a trimmed name. Uniqueness is case-insensitive in Danish (Åse = åse): the unique
 * index on name_key refuses a duplicate, also when two requests race.
 */
export async function createCustomer(db: Db, input: { name: string }): Promise<Customer> {
  const name = normalizeName(input.name);
  // The schema refuses it already; a caller that skips the schema must not create a customer who vanishes.
  if (isHiddenCustomer(name)) throw new AppError(400, 'VALIDATION', texts.customers.nameReserved);
  const row: CustomerRow = {
    id: crypto.randomUUID(),
    name,
    name_key: customerNameKey(name),
    created_at: nowIso(),
  };
  try {
    await insertCustomer(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError(409, apiErrors.customerNameTaken);
    throw error;
  }
  return toCustomer(row);
}
