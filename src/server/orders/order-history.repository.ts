import type { Selectable } from 'kysely';
import type { Db, OrderHistoryTable } from '../db/database.ts';

export type OrderHistoryRow = Selectable<OrderHistoryTable>;
export type OrderHistoryInsert = Omit<OrderHistoryRow, 'seq'>;

/** How many ids go into one `in (…)` (SQLite's default limit of bound values is 999). */
const ID_CHUNK = 500;

export async function insertOrderHistory(db: Db, rows: readonly OrderHistoryInsert[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('order_history')
      .values([...rows])
      .execute();
}

/** The history of these orders, oldest first; `kinds` narrows it (a shipment's undo reads the status changes). */
export async function listHistoryOfOrders(
  db: Db,
  orderIds: readonly string[],
  kinds: readonly OrderHistoryRow['kind'][] = ['status', 'home_delivery'],
): Promise<OrderHistoryRow[]> {
  const rows: OrderHistoryRow[] = [];
  for (let start = 0; start < orderIds.length; start += ID_CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('order_history')
        .selectAll()
        .where('order_id', 'in', orderIds.slice(start, start + ID_CHUNK))
        .where('kind', 'in', [...kinds])
        .orderBy('seq')
        .execute()),
    );
  }
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
}

/** The status changes that 'Markér som sendt' made for one shipment, oldest first. */
export function listShipmentChanges(db: Db, shipmentId: string): Promise<OrderHistoryRow[]> {
  return db
    .selectFrom('order_history')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('seq')
    .execute();
}

/** Ids of the orders whose status changed to `status` within [from, until). */
export async function listOrderIdsChangedTo(
  db: Db,
  status: string,
  from: string,
  until: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('order_history')
    .select('order_id')
    .distinct()
    .where('kind', '=', 'status')
    .where('to_value', '=', status)
    .where('at', '>=', from)
    .where('at', '<', until)
    .execute();
  return rows.map((row) => row.order_id);
}
