import { DENMARK, type PostalAddress } from '../../shared/domain/address.ts';
import { sortByName } from '../../shared/domain/collation.ts';
import { customerNameKey, isHiddenCustomer, normalizeName } from '../../shared/domain/customer-name.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { CustomerUpdate } from '../../shared/schemas/customer.ts';
import { texts } from '../../shared/texts.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { refusingDuplicate } from '../db/constraint-errors.ts';
import type { CustomerRecord, CustomerRow, Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, invalidError, notFoundError } from '../errors.ts';
import {
  countCustomerUsage,
  deleteCustomerRow,
  findCustomerById,
  findCustomerByIdForUpdate,
  findExistingCustomerIds,
  insertCustomer,
  insertCustomers,
  listArchivedCustomerIds,
  listVisibleCustomers,
  updateCustomerColumns,
} from './customers.repository.ts';

export function toCustomer(row: CustomerRow | CustomerRecord): Customer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone ?? null,
    email: row.email ?? null,
    address: row.address ?? null,
    address2: row.address2 ?? null,
    postcode: row.postcode ?? null,
    city: row.city ?? null,
    countryCode: row.country_code ?? DENMARK,
    addressNeedsCheck: Boolean(row.address_needs_check),
    archived: row.archived_at != null,
    archivedAt: row.archived_at ?? null,
  };
}

/**
 * Visible customers sorted by name in Danish collation (Æ, Ø, Å after Z): those in the lists and pickers, or
 * with `archived` the archived ones (the 'Arkiverede kunder' view).
 */
export async function listCustomers(db: Db, options: { archived?: boolean } = {}): Promise<Customer[]> {
  return sortByName(
    (await listVisibleCustomers(db, options.archived ?? false)).map(toCustomer),
    (c) => c.name,
  );
}

/** Ids of archived customers: screens that list customers' orders (the pillow) leave theirs out. */
export function archivedCustomerIds(db: Db): Promise<Set<string>> {
  return listArchivedCustomerIds(db);
}

export async function getCustomer(db: Db, id: string): Promise<Customer> {
  const row = await findCustomerById(db, id);
  if (!row) throw notFoundError(apiErrors.customerNotFound);
  return toCustomer(row);
}

/**
 * The customer, refused (409, Danish) when archived: she gets no new order lines or todos until she is
 * brought back. Her existing orders and todos stay as they are.
 */
export async function getCustomerForNewWork(db: Db, id: string): Promise<Customer> {
  const customer = await getCustomer(db, id);
  if (customer.archived) throw conflictError(apiErrors.customerArchived);
  return customer;
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

/** A contact field as stored: an empty one (or null) means not known. */
const contactValue = (value: string | null | undefined) => (value ? value : null);

/** The customer's postal address as the labels and the shipping file read it. */
export function postalAddressOf(customer: Customer): PostalAddress {
  return {
    address: customer.address,
    address2: customer.address2,
    postcode: customer.postcode,
    city: customer.city,
    countryCode: customer.countryCode,
    needsCheck: customer.addressNeedsCheck,
  };
}

/** The columns a PATCH may change, as stored. */
type Editable = Pick<
  CustomerRecord,
  'name' | 'name_key' | 'phone' | 'email' | 'address' | 'address2' | 'postcode' | 'city' | 'country_code'
> & { address_needs_check: number };

const EDITABLE = [
  'name',
  'name_key',
  'phone',
  'email',
  'address',
  'address2',
  'postcode',
  'city',
  'country_code',
  'address_needs_check',
] as const satisfies ReadonlyArray<keyof Editable>;

/**
 * Renames the customer and/or sets her contact details (input already cleaned by customerUpdateSchema). A field
 * left out stays; '' or null clears a contact field. The address's fields come together (the schema says so) and
 * saving them takes away 'Tjek adressen'. A new name follows the same rules as adding: the unique name_key refuses
 * a case-insensitive duplicate with the spec's message, also when two renames race. Writes and records nothing
 * when nothing differs.
 */
export async function updateCustomer(db: Db, id: string, input: CustomerUpdate): Promise<Customer> {
  const name = input.name === undefined ? undefined : normalizeName(input.name);
  if (name !== undefined && (name === '' || isHiddenCustomer(name)))
    throw invalidError({
      code: 'VALIDATION',
      message: name ? texts.customers.nameReserved : texts.customers.nameRequired,
    });
  return inTransaction(db, async (trx) => {
    const row = await findCustomerById(trx, id);
    if (!row) throw notFoundError(apiErrors.customerNotFound);
    const before: Editable = { ...row, address_needs_check: row.address_needs_check ? 1 : 0 };
    const next: Editable = { ...before };
    if (name !== undefined) Object.assign(next, { name, name_key: customerNameKey(name) });
    for (const field of ['phone', 'email'] as const) {
      if (input[field] !== undefined) next[field] = contactValue(input[field]);
    }
    if (input.countryCode !== undefined) {
      Object.assign(next, {
        address: contactValue(input.address),
        address2: contactValue(input.address2),
        postcode: contactValue(input.postcode),
        city: contactValue(input.city),
        country_code: input.countryCode,
        address_needs_check: 0,
      });
    }
    const columns = EDITABLE.filter((column) => next[column] !== before[column]);
    if (columns.length === 0) return toCustomer(row);
    await refusingDuplicate(
      updateCustomerColumns(trx, id, Object.fromEntries(columns.map((column) => [column, next[column]]))),
      apiErrors.customerNameTaken,
    );
    const fields = columns.filter((column) => column !== 'name_key');
    recordChange(trx, { entity: 'customer', id, action: 'update', data: { fields } });
    return toCustomer({ ...row, ...next });
  });
}

/**
 * Archives the customer: she leaves the lists, the pickers and the pillow; her orders and todos stay. Archiving
 * an archived customer changes nothing (and keeps the first date).
 */
export function archiveCustomer(db: Db, id: string): Promise<Customer> {
  return setArchived(db, id, true);
}

/** Brings an archived customer back into the lists. */
export function unarchiveCustomer(db: Db, id: string): Promise<Customer> {
  return setArchived(db, id, false);
}

function setArchived(db: Db, id: string, archived: boolean): Promise<Customer> {
  return inTransaction(db, async (trx) => {
    const row = await findCustomerById(trx, id);
    if (!row) throw notFoundError(apiErrors.customerNotFound);
    if ((row.archived_at !== null) === archived) return toCustomer(row);
    const archivedAt = archived ? nowIso() : null;
    await updateCustomerColumns(trx, id, { archived_at: archivedAt });
    recordChange(trx, { entity: 'customer', id, action: archived ? 'archive' : 'unarchive' });
    return toCustomer({ ...row, archived_at: archivedAt });
  });
}

/**
 * Deletes a customer who has no orders and no todos (a typo, a customer added twice); anyone with history is
 * archived instead. The row is locked first, so an order or todo added for her at the same moment either
 * waits and is then seen here (refused), or finds her gone.
 */
export function deleteCustomer(db: Db, id: string): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await findCustomerByIdForUpdate(trx, id);
    if (!row) throw notFoundError(apiErrors.customerNotFound);
    const usage = await countCustomerUsage(trx, id);
    if (usage.orders > 0) throw conflictError(apiErrors.customerHasOrders);
    if (usage.todos > 0) throw conflictError(apiErrors.customerHasTodos);
    await deleteCustomerRow(trx, id);
    recordChange(trx, { entity: 'customer', id, action: 'delete' });
  });
}

/** Bulk insert of ready-made rows (the seed scripts): no checks, the caller makes them valid and unique. */
export function insertCustomerRows(db: Db, rows: readonly CustomerRow[]): Promise<void> {
  return insertCustomers(db, rows);
}
