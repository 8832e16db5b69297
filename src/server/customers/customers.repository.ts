import { PostgresAdapter, type Updateable } from 'kysely';
import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { CustomerRecord, CustomerRow, CustomersTable, Db } from '../db/database.ts';

/**
 * Every customer except the old app's hidden test rows, in name_key order (the unique index). That is
 * nearly Danish order, so the service's Danish sort (engines collate differently) has little left to do.
 * Archived customers only when `archived` is true, else only those that are not.
 */
export function listVisibleCustomers(db: Db, archived = false): Promise<CustomerRecord[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('name', '<>', HIDDEN_CUSTOMER_NAME)
    .where('archived_at', archived ? 'is not' : 'is', null)
    .orderBy('name_key')
    .execute();
}

/** Ids of the archived customers (the pillow leaves their active orders out). */
export async function listArchivedCustomerIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('customers').select('id').where('archived_at', 'is not', null).execute();
  return new Set(rows.map((row) => row.id));
}

export function findCustomerById(db: Db, id: string): Promise<CustomerRecord | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The customer row locked for the rest of the transaction (PostgreSQL: FOR UPDATE, which waits for and then
 * blocks a concurrent insert of an order or todo that references her; SQLite has one writer already).
 */
export function findCustomerByIdForUpdate(db: Db, id: string): Promise<CustomerRecord | undefined> {
  const query = db.selectFrom('customers').selectAll().where('id', '=', id);
  return (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).executeTakeFirst();
}

/** Sets the given columns; the number of rows changed (0 when the customer does not exist). */
export async function updateCustomerColumns(
  db: Db,
  id: string,
  columns: Updateable<CustomersTable>,
): Promise<number> {
  const result = await db.updateTable('customers').set(columns).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many orders and todos refer to the customer (deleting her is allowed only when both are 0). */
export async function countCustomerUsage(db: Db, id: string): Promise<{ orders: number; todos: number }> {
  const [orders, todos] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: Number(orders.n), todos: Number(todos.n) };
}

export async function deleteCustomerRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('customers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findExistingCustomerIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('customers').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertCustomer(db: Db, row: CustomerRow): Promise<void> {
  await db.insertInto('customers').values(row).execute();
}

/** Bulk insert for seed scripts and factories. */
export async function insertCustomers(db: Db, rows: readonly CustomerRow[]): Promise<void> {
  // Chunked: SQLite limits the bound parameters of one statement.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('customers')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
