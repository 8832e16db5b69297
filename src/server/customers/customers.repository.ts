import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { CustomerRow, Db } from '../db/database.ts';

/**
 * Every customer except the old app's hidden test rows, in name_key order (the unique index). That is
 * nearly Danish order, so the service's Danish sort (engines collate differently) has little left to do.
 */
export function listVisibleCustomers(db: Db): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('name', '<>', HIDDEN_CUSTOMER_NAME)
    .orderBy('name_key')
    .execute();
}

export function findCustomerById(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
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
