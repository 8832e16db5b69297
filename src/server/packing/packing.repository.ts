/**
 * The packing screen's queries: orders in Skal pakkes (status `paid`) of visible customers, oldest
 * first and paged by key; the pick list summed in SQL; the tick per line (order_lines.packed_at, migration 0007).
 */
import { type ExpressionBuilder, sql } from 'kysely';
import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { Database, Db } from '../db/database.ts';

const TO_PACK = 'paid';
const CHUNK = 500;

/** An order to pack: its key for paging and the customer's contact details. */
export type PaidOrderRow = {
  id: string;
  created_at: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  address2: string | null;
  postcode: string | null;
  city: string | null;
  country_code: string | null;
  address_needs_check: number | boolean | null;
};

/** Where the previous page ended: oldest first by creation time, then id. */
export type PageKey = { createdAt: string; id: string };

// Orders of customers named exactly '{name}' (test rows from the old app) are hidden, as on every list. An
// archived customer's paid order stays: she has paid and waits for her beads.
function visibleCustomer(eb: ExpressionBuilder<Database, 'orders' | 'customers'>) {
  return eb.or([eb('customers.name', 'is', null), eb('customers.name', '<>', HIDDEN_CUSTOMER_NAME)]);
}

function paidOrders(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .where('orders.status', '=', TO_PACK)
    .where(visibleCustomer);
}

/** Up to `limit` orders to pack after `after`, oldest first (orders_open_idx: status, created_at). */
export function listPaidOrders(db: Db, after: PageKey | null, limit: number): Promise<PaidOrderRow[]> {
  return paidOrders(db)
    .select([
      'orders.id as id',
      'orders.created_at as created_at',
      'customers.phone as phone',
      'customers.email as email',
      'customers.address as address',
      'customers.address2 as address2',
      'customers.postcode as postcode',
      'customers.city as city',
      'customers.country_code as country_code',
      'customers.address_needs_check as address_needs_check',
    ])
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('orders.created_at', '>', after!.createdAt),
          eb.and([eb('orders.created_at', '=', after!.createdAt), eb('orders.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}

export async function countPaidOrders(db: Db): Promise<number> {
  const row = await paidOrders(db)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ticked lines of these orders. */
export async function listPackedLines(
  db: Db,
  orderIds: readonly string[],
): Promise<Array<{ id: string; order_id: string }>> {
  const rows: Array<{ id: string; order_id: string }> = [];
  for (let i = 0; i < orderIds.length; i += CHUNK) {
    const found = await db
      .selectFrom('order_lines')
      .select(['id', 'order_id'])
      .where('order_id', 'in', orderIds.slice(i, i + CHUNK))
      .where('packed_at', 'is not', null)
      .execute();
    for (const row of found) rows.push(row);
  }
  return rows;
}

/** One item of the pick list for one customer: her units and the item's units over every customer. */
export type PickRow = {
  item_key: string;
  name: string;
  customer_id: string | null;
  customer_name: string | null;
  units: number | string | bigint;
  item_units: number | string | bigint;
};

/**
 * Bead lines of every order to pack, counted per bead and customer, with the bead's total over all
 * customers (a window sum over the groups: SQLite ≥ 3.25 and PostgreSQL alike). A line's bead name is the
 * bead's (deleted beads keep theirs).
 */
export function pickListBeadRows(db: Db): Promise<PickRow[]> {
  return paidOrders(db)
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .innerJoin('beads', 'beads.id', 'order_lines.bead_id')
    .select((eb) => [
      'order_lines.bead_id as item_key',
      'beads.name as name',
      'orders.customer_id as customer_id',
      'customers.name as customer_name',
      eb.fn.countAll<number | string | bigint>().as('units'),
      sql<number | string | bigint>`sum(count(*)) over (partition by order_lines.bead_id)`.as('item_units'),
    ])
    .groupBy(['order_lines.bead_id', 'beads.name', 'orders.customer_id', 'customers.name'])
    .execute() as Promise<PickRow[]>;
}

/** Free lines of every order to pack, counted per text and customer, with the text's total. */
export function pickListFreeRows(db: Db): Promise<PickRow[]> {
  return paidOrders(db)
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .where('order_lines.bead_id', 'is', null)
    .select((eb) => [
      sql<string>`coalesce(order_lines.text, '')`.as('item_key'),
      sql<string>`coalesce(order_lines.text, '')`.as('name'),
      'orders.customer_id as customer_id',
      'customers.name as customer_name',
      eb.fn.countAll<number | string | bigint>().as('units'),
      sql<number | string | bigint>`sum(count(*)) over (partition by coalesce(order_lines.text, ''))`.as(
        'item_units',
      ),
    ])
    .groupBy([sql`coalesce(order_lines.text, '')`, 'orders.customer_id', 'customers.name'])
    .execute() as Promise<PickRow[]>;
}

/** The line if it belongs to the order, with the order's status and the line's tick. */
export function findLineOfOrder(
  db: Db,
  orderId: string,
  lineId: string,
): Promise<{ status: string; packed_at: string | null } | undefined> {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['orders.status as status', 'order_lines.packed_at as packed_at'])
    .where('order_lines.id', '=', lineId)
    .where('order_lines.order_id', '=', orderId)
    .executeTakeFirst();
}

export async function orderExists(db: Db, orderId: string): Promise<boolean> {
  return (
    (await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()) !== undefined
  );
}

/**
 * Ticks (a time) or unticks (null) the line, only while its order is to be packed and only if that changes
 * it. Returns false when nothing was written.
 */
export async function updateLinePacked(
  db: Db,
  orderId: string,
  lineId: string,
  packedAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ packed_at: packedAt })
    .where('id', '=', lineId)
    .where('order_id', '=', orderId)
    .where('packed_at', packedAt === null ? 'is not' : 'is', null)
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('status', '=', TO_PACK))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
