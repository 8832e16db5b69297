import { PostgresAdapter, sql, type Updateable } from 'kysely';
import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { Db, OrderLineRow, OrderRow, OrdersTable } from '../db/database.ts';

/** Rows or ids per statement: well below SQLite's and PostgreSQL's bound-parameter limits. */
const LINE_CHUNK = 500;

export type OrderWithCustomerRow = OrderRow & { customer_name: string | null };

/** An order line with the bead's current facts (null for free lines). */
export type OrderLineJoinedRow = OrderLineRow & {
  bead_name: string | null;
  bead_price_ore: number | null;
  bead_sale_type: string | null;
  /** The bead's cover photo (migration 0009), shown beside the line. */
  bead_photo_id: string | null;
};

/**
 * A new order row; `postage_ore` (frozen postage, migration 0005) is left out for an active order, and so is
 * what a new order does not have yet (a copied reminder, migration 0008; the bill and its money, 0014).
 */
export type OrderInsert = Pick<OrderRow, 'id' | 'customer_id' | 'created_at' | 'status'> & {
  home_delivery: number;
  postage_ore?: number | null;
  reminder_copied_at?: string | null;
  number?: string | null;
  billed_at?: string | null;
  bill_void?: number;
  vat_registered?: number;
  settled_at?: string | null;
  pickup?: number;
  discount_kind?: 'kr' | 'pct' | null;
  discount_value?: number | null;
};

export function selectOrdersWithCustomer(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .selectAll('orders')
    .select('customers.name as customer_name');
}

/** Leaves out the orders of the hidden test customer `{name}` (docs/product/customers.md); keeps orders without one. */
function ofVisibleCustomer(query: ReturnType<typeof selectOrdersWithCustomer>) {
  return query.where((eb) =>
    eb.or([eb('customers.name', 'is', null), eb('customers.name', '<>', HIDDEN_CUSTOMER_NAME)]),
  );
}

export function findOrderById(db: Db, id: string): Promise<OrderWithCustomerRow | undefined> {
  return selectOrdersWithCustomer(db).where('orders.id', '=', id).executeTakeFirst();
}

export function findActiveOrderOfCustomer(
  db: Db,
  customerId: string,
): Promise<OrderWithCustomerRow | undefined> {
  return selectOrdersWithCustomer(db)
    .where('orders.customer_id', '=', customerId)
    .where('orders.status', '=', 'active')
    .executeTakeFirst();
}

/**
 * Orders that are not shipped, newest first, without hidden customers' orders. The predicate matches the
 * partial index orders_open_idx, so this does not read shipped history.
 */
export function listOpenOrders(db: Db): Promise<OrderWithCustomerRow[]> {
  return ofVisibleCustomer(selectOrdersWithCustomer(db))
    .where('orders.status', '<>', 'shipped')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}

/** Active orders of visible customers (the pillow). */
export function listActiveOrdersOfVisibleCustomers(db: Db): Promise<OrderWithCustomerRow[]> {
  return selectOrdersWithCustomer(db)
    .where('orders.status', '=', 'active')
    .where('orders.customer_id', 'is not', null)
    .where('customers.name', '<>', HIDDEN_CUSTOMER_NAME)
    .execute();
}

export function listOrdersOfCustomer(db: Db, customerId: string): Promise<OrderWithCustomerRow[]> {
  return selectOrdersWithCustomer(db)
    .where('orders.customer_id', '=', customerId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}

/**
 * Creates the customer's active order unless one exists. `on conflict do nothing` against the partial
 * unique index orders_one_active_per_customer makes concurrent callers agree on one order (PostgreSQL waits
 * for the other transaction, then does nothing). Returns true when this call inserted the row.
 */
export async function insertActiveOrderIfNone(db: Db, row: OrderInsert): Promise<boolean> {
  const result = await db
    .insertInto('orders')
    .values({ ...row, status: 'active' })
    .onConflict((oc) =>
      // The index predicate must be the literal of the index definition: SQLite does not match a parameter.
      oc.column('customer_id').where(sql<boolean>`status = 'active'`).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertOrders(db: Db, rows: readonly OrderInsert[]): Promise<void> {
  // Chunked: SQLite limits the bound parameters of one statement.
  for (let i = 0; i < rows.length; i += LINE_CHUNK) {
    await db
      .insertInto('orders')
      .values(rows.slice(i, i + LINE_CHUNK))
      .execute();
  }
}

/**
 * Updates an order only if its status is still `expectedStatus` (optimistic check: a concurrent status
 * change makes this return false instead of freezing or unfreezing the wrong prices).
 */
export async function updateOrderIfStatus(
  db: Db,
  id: string,
  expectedStatus: string,
  patch: Pick<
    Updateable<OrdersTable>,
    | 'status'
    | 'home_delivery'
    | 'postage_ore'
    | 'pickup'
    | 'discount_kind'
    | 'discount_value'
    | 'settled_at'
    | 'number'
    | 'billed_at'
    | 'bill_void'
    | 'vat_registered'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lines of the given orders with their beads' current facts, in the order they were added. */
export async function listLinesOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderLineJoinedRow[]> {
  const rows: OrderLineJoinedRow[] = [];
  for (let i = 0; i < orderIds.length; i += LINE_CHUNK) {
    const chunk = orderIds.slice(i, i + LINE_CHUNK);
    // A loop, not push(...rows): spreading a large array into a call overflows the stack.
    const found = await db
      .selectFrom('order_lines')
      .leftJoin('beads', 'beads.id', 'order_lines.bead_id')
      .selectAll('order_lines')
      .select([
        'beads.name as bead_name',
        'beads.price_ore as bead_price_ore',
        'beads.sale_type as bead_sale_type',
        'beads.photo_id as bead_photo_id',
      ])
      .where('order_lines.order_id', 'in', chunk)
      .orderBy('order_lines.added_at')
      .orderBy('order_lines.id')
      .execute();
    for (const row of found) rows.push(row);
  }
  return rows;
}

export async function insertOrderLines(db: Db, rows: readonly OrderLineRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += LINE_CHUNK) {
    await db
      .insertInto('order_lines')
      .values(rows.slice(i, i + LINE_CHUNK))
      .execute();
  }
}

/**
 * Locks the order's row until the transaction ends, so that two transactions adding lines to the same order
 * count and insert one after the other. PostgreSQL: SELECT … FOR UPDATE (the second waits for the first's
 * commit, then counts anew: READ COMMITTED takes a fresh snapshot per statement). SQLite has no FOR UPDATE
 * and needs none: it has one writer at a time, and this app one connection.
 */
export async function lockOrder(db: Db, orderId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
}

/** How many lines the order holds (the service keeps it within MAX_LINES_PER_ORDER). */
export async function countLinesOfOrder(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('order_lines')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findOrderLineById(db: Db, id: string): Promise<OrderLineRow | undefined> {
  return db.selectFrom('order_lines').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the line only while its order is active; returns false otherwise (or when the line is gone). */
export async function deleteOrderLineOfActiveOrder(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('order_lines')
    .where('id', '=', id)
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('status', '=', 'active'))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Copies each bead line's current bead price and sale type into the line (the orders leave active).
 * `onlyUnpriced` keeps lines that already carry a frozen price (an import of our own export).
 */
export async function freezeBeadLinePrices(
  db: Db,
  orderIds: readonly string[],
  options: { onlyUnpriced?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < orderIds.length; i += LINE_CHUNK) {
    await db
      .updateTable('order_lines')
      .set((eb) => ({
        price_ore: eb
          .selectFrom('beads')
          .select('beads.price_ore')
          .whereRef('beads.id', '=', 'order_lines.bead_id'),
        sale_type: eb
          .selectFrom('beads')
          .select('beads.sale_type')
          .whereRef('beads.id', '=', 'order_lines.bead_id'),
      }))
      .where('order_id', 'in', orderIds.slice(i, i + LINE_CHUNK))
      .where('bead_id', 'is not', null)
      .$if(options.onlyUnpriced === true, (qb) => qb.where('price_ore', 'is', null))
      .execute();
  }
}

/** Clears the frozen price of each bead line (the order returns to active and follows the beads again). */
export async function unfreezeBeadLinePrices(db: Db, orderId: string): Promise<void> {
  await db
    .updateTable('order_lines')
    .set({ price_ore: null, sale_type: null })
    .where('order_id', '=', orderId)
    .where('bead_id', 'is not', null)
    .execute();
}

/** The orders with these ids, with their customer's name, in no particular order (unknown ids left out). */
export async function listOrdersByIds(db: Db, ids: readonly string[]): Promise<OrderWithCustomerRow[]> {
  const rows: OrderWithCustomerRow[] = [];
  for (let i = 0; i < ids.length; i += LINE_CHUNK) {
    const found = await selectOrdersWithCustomer(db)
      .where('orders.id', 'in', ids.slice(i, i + LINE_CHUNK))
      .execute();
    for (const row of found) rows.push(row);
  }
  return rows;
}

/**
 * Shipped orders among these ids, newest first (the month's shipped orders, found in the change log), without
 * the hidden test customer's, as every other list of orders.
 */
export async function listShippedOrdersByIds(
  db: Db,
  ids: readonly string[],
): Promise<OrderWithCustomerRow[]> {
  const rows: OrderWithCustomerRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await ofVisibleCustomer(selectOrdersWithCustomer(db))
        .where('orders.id', 'in', ids.slice(i, i + 500))
        .where('orders.status', '=', 'shipped')
        .execute()),
    );
  }
  return rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/**
 * Freezes the postage of the given orders that have none yet (orders imported as no longer active): each gets
 * the current price for its delivery.
 */
export async function freezeUnsetPostage(
  db: Db,
  orderIds: readonly string[],
  prices: { postageOre: number; postageHomeOre: number },
): Promise<void> {
  for (let i = 0; i < orderIds.length; i += LINE_CHUNK) {
    const chunk = orderIds.slice(i, i + LINE_CHUNK);
    for (const [homeDelivery, postage] of [
      [0, prices.postageOre],
      [1, prices.postageHomeOre],
    ] as const) {
      await db
        .updateTable('orders')
        .set({ postage_ore: postage })
        .where('id', 'in', chunk)
        .where('status', '<>', 'active')
        .where('postage_ore', 'is', null)
        .where('home_delivery', '=', homeDelivery)
        .execute();
    }
  }
}

/** Deletes these lines of the order while it is active; returns how many went (the caller checks it is all). */
export async function deleteLinesOfActiveOrder(
  db: Db,
  orderId: string,
  lineIds: readonly string[],
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < lineIds.length; i += LINE_CHUNK) {
    const result = await db
      .deleteFrom('order_lines')
      .where('order_id', '=', orderId)
      .where('id', 'in', lineIds.slice(i, i + LINE_CHUNK))
      .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('status', '=', 'active'))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Deletes the order when it is active, holds no line and has no number (a numbered order is kept for the books,
 * docs/product/money.md); returns whether it did.
 */
export async function deleteEmptyActiveOrder(db: Db, orderId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('orders')
    .where('id', '=', orderId)
    .where('status', '=', 'active')
    .where('number', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('order_lines').select('id').whereRef('order_lines.order_id', '=', 'orders.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
