import { sortByName } from '../../shared/domain/collation.ts';
import { customerNameKey, isHiddenCustomer, normalizeName } from '../../shared/domain/customer-name.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { texts } from '../../shared/texts.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { refusingDuplicate } from '../db/constraint-errors.ts';
import type { CustomerRow, Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { invalidError, notFoundError } from '../errors.ts';
import {
  findCustomerById,
  findExistingCustomerIds,
  insertCustomer,
  insertCustomers,
  listVisibleCustomers,
} from './customers.repository.ts';

export function toCustomer(row: Pick<CustomerRow, 'id' | 'name'>): Customer {
  return { id: row.id, name: row.name };
}

/** Visible customers sorted by name in Danish collation (Æ, Ø, Å after Z). */
export async function listCustomers(db: Db): Promise<Customer[]> {
  return sortByName((await listVisibleCustomers(db)).map(toCustomer), (c) => c.name);
}

export async function getCustomer(db: Db, id: string): Promise<Customer> {
  const row = await findCustomerById(db, id);
  if (!row) throw notFoundError(apiErrors.customerNotFound);
  return toCustomer(row);
}

/** Refuses (not found) unless every one of the customers exists. */
export async function assertCustomersExist(db: Db, ids: readonly string[]): Promise<void> {
  const existing = await findExistingCustomerIds(db, ids);
  if (ids.some((id) => !existing.has(id))) throw notFoundError(apiErrors.customerNotFound);
}

/**
 * Creates a customer with a trimmed name. Uniqueness is case-insensitive in Danish (Åse = åse): the unique
 * index on name_key refuses a duplicate, also when two requests race.
 */
export async function createCustomer(db: Db, input: { name: string }): Promise<Customer> {
  const name = normalizeName(input.name);
  // The schema refuses it already; a caller that skips the schema must not create a customer who vanishes.
  if (isHiddenCustomer(name))
    throw invalidError({ code: 'VALIDATION', message: texts.customers.nameReserved });
  const row: CustomerRow = {
    id: crypto.randomUUID(),
    name,
    name_key: customerNameKey(name),
    created_at: nowIso(),
  };
  return inTransaction(db, async (trx) => {
    await refusingDuplicate(insertCustomer(trx, row), apiErrors.customerNameTaken);
    recordChange(trx, { entity: 'customer', id: row.id, action: 'create' });
    return toCustomer(row);
  });
}

/** Bulk insert of ready-made rows (the seed scripts): no checks, the caller makes them valid and unique. */
export function insertCustomerRows(db: Db, rows: readonly CustomerRow[]): Promise<void> {
  return insertCustomers(db, rows);
}
