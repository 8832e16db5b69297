/**
 * The parcels' queries: orders with their customer's name and postal address, in one status (the
 * dialog's list, through orders_open_idx) or by id (the PDF, the CSV). The old app's hidden `{name}` customers
 * are left out, as on every list.
 */
import type { ExpressionBuilder } from 'kysely';
import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { Database, Db } from '../db/database.ts';

const CHUNK = 500;

export type ParcelRow = {
  id: string;
  customer_id: string | null;
  created_at: string;
  status: string;
  home_delivery: number | boolean;
  pickup: number | boolean;
  number: string | null;
  postage_ore: number | null;
  customer_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  address2: string | null;
  postcode: string | null;
  city: string | null;
  country_code: string | null;
  address_needs_check: number | boolean | null;
};

function visibleCustomer(eb: ExpressionBuilder<Database, 'orders' | 'customers'>) {
  return eb.or([eb('customers.name', 'is', null), eb('customers.name', '<>', HIDDEN_CUSTOMER_NAME)]);
}

function parcelRows(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .select([
      'orders.id as id',
      'orders.customer_id as customer_id',
      'orders.created_at as created_at',
      'orders.status as status',
      'orders.home_delivery as home_delivery',
      'orders.pickup as pickup',
      'orders.number as number',
      'orders.postage_ore as postage_ore',
      'customers.name as customer_name',
      'customers.email as email',
      'customers.phone as phone',
      'customers.address as address',
      'customers.address2 as address2',
      'customers.postcode as postcode',
      'customers.city as city',
      'customers.country_code as country_code',
      'customers.address_needs_check as address_needs_check',
    ])
    .where(visibleCustomer);
}

/** The orders in `status` with their customers' addresses, in no particular order. */
export function listParcelRowsInStatus(db: Db, status: string): Promise<ParcelRow[]> {
  return parcelRows(db).where('orders.status', '=', status).execute();
}

/** The orders with these ids (unknown ones left out), in no particular order. */
export async function listParcelRowsByIds(db: Db, ids: readonly string[]): Promise<ParcelRow[]> {
  const rows: ParcelRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(
      ...(await parcelRows(db)
        .where('orders.id', 'in', ids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return rows;
}
