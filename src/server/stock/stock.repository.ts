/**
 * Stock's database code (docs/product/stock.md, migration 0011): the movements and the three stock columns of
 * beads, which only the stock service writes, in the transaction of the movement.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db, StockMovementRow } from '../db/database.ts';

export type StockMovementInsert = StockMovementRow;

/** A movement with its sale's customer's current name, for the history. */
export type StockMovementListed = StockMovementRow & { customer_name: string | null };

/** Rows or ids per statement: well below both engines' parameter limits. */
const CHUNK = 500;

/**
 * The bead's row, locked until the transaction ends (PostgreSQL: FOR UPDATE): every stock write takes this lock
 * before it reads or moves the stock, so two processes adding lines of one bead move it one after the other
 * and a count sums the movements of every write that held the lock before it. SQLite has one writer already.
 */
export function lockBeadRow(
  db: Db,
  beadId: string,
): Promise<{ id: string; is_deleted: number | boolean; stock: number | null } | undefined> {
  const query = db.selectFrom('beads').select(['id', 'is_deleted', 'stock']).where('id', '=', beadId);
  return (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertMovement(db: Db, row: StockMovementInsert): Promise<void> {
  await db.insertInto('stock_movements').values(row).execute();
}

export async function insertMovements(db: Db, rows: readonly StockMovementInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('stock_movements')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/**
 * Adds `delta` to a counted bead's stock in one statement (relative, so writes that wait for each other's lock
 * never lose one); a bead never counted stays uncounted. Returns the new stock, or null when it is not counted.
 */
export async function addToStock(db: Db, beadId: string, delta: number): Promise<number | null> {
  const row = await db
    .updateTable('beads')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', beadId)
    .where('stock', 'is not', null)
    .returning('stock')
    .executeTakeFirst();
  return row?.stock === undefined || row.stock === null ? null : Number(row.stock);
}

export async function setStock(
  db: Db,
  beadId: string,
  values: { stock: number | null; counted_at: string | null; last_count: number | null },
): Promise<void> {
  await db
    .updateTable('beads')
    .set({ stock: values.stock, stock_counted_at: values.counted_at, stock_last_count: values.last_count })
    .where('id', '=', beadId)
    .execute();
}

/** The bead's latest count by the rule's order (moment, then when recorded, then id). */
export function findLatestCount(db: Db, beadId: string): Promise<StockMovementRow | undefined> {
  return db
    .selectFrom('stock_movements')
    .selectAll()
    .where('bead_id', '=', beadId)
    .where('kind', '=', 'count')
    .orderBy('at', 'desc')
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The sum of the bead's movements other than counts at or after `at` (the rule's "on top of the count"). */
export async function sumMovementsFrom(db: Db, beadId: string, at: string): Promise<number> {
  const row = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('total'))
    .where('bead_id', '=', beadId)
    .where('kind', '<>', 'count')
    .where('at', '>=', at)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function setMovementData(db: Db, id: string, data: string): Promise<void> {
  await db.updateTable('stock_movements').set({ data }).where('id', '=', id).execute();
}

export function findMovement(db: Db, id: string): Promise<StockMovementRow | undefined> {
  return db.selectFrom('stock_movements').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Her latest own movement of the bead (count, received, adjust): the one 'Fortryd' may take back. */
export function findLatestOwnMovement(db: Db, beadId: string): Promise<StockMovementRow | undefined> {
  return db
    .selectFrom('stock_movements')
    .selectAll()
    .where('bead_id', '=', beadId)
    .where('kind', 'in', ['count', 'received', 'adjust'])
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The movement and every sale its delivery made (delivery_id). */
export async function deleteMovementWithItsSales(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stock_movements').where('delivery_id', '=', id).execute();
  await db.deleteFrom('stock_movements').where('id', '=', id).execute();
}

export async function countSalesOfDelivery(db: Db, deliveryId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The earliest count's moment: the history starts there (before it the bead had no stock to move). */
export async function findFirstCountAt(db: Db, beadId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.min<string>('at').as('at'))
    .where('bead_id', '=', beadId)
    .where('kind', '=', 'count')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

function selectListed(db: Db) {
  return db
    .selectFrom('stock_movements')
    .leftJoin('customers', 'customers.id', 'stock_movements.customer_id')
    .selectAll('stock_movements')
    .select('customers.name as customer_name');
}

/** The bead's newest `limit` movements from `from` on, newest first in the rule's order. */
export function listNewestMovements(
  db: Db,
  beadId: string,
  from: string,
  limit: number,
): Promise<StockMovementListed[]> {
  return selectListed(db)
    .where('stock_movements.bead_id', '=', beadId)
    .where('stock_movements.at', '>=', from)
    .orderBy('stock_movements.at', 'desc')
    .orderBy(sql`case when stock_movements.kind = 'count' then 0 else 1 end`, 'desc')
    .orderBy('stock_movements.recorded_at', 'desc')
    .orderBy('stock_movements.id', 'desc')
    .limit(limit)
    .execute();
}

/** The latest count at or before `at` (where the running stock of a window of the history starts). */
export function findCountAtOrBefore(
  db: Db,
  beadId: string,
  at: string,
): Promise<StockMovementRow | undefined> {
  return db
    .selectFrom('stock_movements')
    .selectAll()
    .where('bead_id', '=', beadId)
    .where('kind', '=', 'count')
    .where('at', '<=', at)
    .orderBy('at', 'desc')
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The bead's movements from `from` on (the rule's facts for a running count). */
export function listMovementFactsFrom(
  db: Db,
  beadId: string,
  from: string,
): Promise<Array<Pick<StockMovementRow, 'id' | 'kind' | 'quantity' | 'at' | 'recorded_at'>>> {
  return db
    .selectFrom('stock_movements')
    .select(['id', 'kind', 'quantity', 'at', 'recorded_at'])
    .where('bead_id', '=', beadId)
    .where('at', '>=', from)
    .execute();
}

/** Per delivery, how many orders its 'Læg i kundernes ordrer' filled. */
export async function countFilledOrders(
  db: Db,
  deliveryIds: readonly string[],
): Promise<Map<string, number>> {
  const filled = new Map<string, number>();
  if (deliveryIds.length === 0) return filled;
  const rows = await db
    .selectFrom('stock_movements')
    .select(['delivery_id', (eb) => eb.fn.count<number | string>('order_id').distinct().as('n')])
    .where('delivery_id', 'in', [...deliveryIds])
    .groupBy('delivery_id')
    .execute();
  for (const row of rows) if (row.delivery_id) filled.set(row.delivery_id, Number(row.n));
  return filled;
}

/** Every counted bead's latest count (the counting screen). */
export function listCountedBeads(
  db: Db,
): Promise<Array<{ id: string; stock_counted_at: string | null; stock_last_count: number | null }>> {
  return db
    .selectFrom('beads')
    .select(['id', 'stock_counted_at', 'stock_last_count'])
    .where('stock', 'is not', null)
    .execute();
}

/** Counted beads in the catalogue with beads on the shelf, with today's price (Salg's stock value). */
export function listStockedBeads(
  db: Db,
): Promise<Array<{ id: string; stock: number | null; price_ore: number; sale_type: string | null }>> {
  return db
    .selectFrom('beads')
    .select(['id', 'stock', 'price_ore', 'sale_type'])
    .where('stock', 'is not', null)
    .where('is_deleted', '=', 0)
    .execute();
}

/** The counted beads among `ids` with their stock (Salg's top beads). */
export async function findStockOfBeads(db: Db, ids: readonly string[]): Promise<Map<string, number | null>> {
  const found = new Map<string, number | null>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('beads')
      .select(['id', 'stock'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.set(row.id, row.stock === null ? null : Number(row.stock));
  }
  return found;
}

/** Every movement, oldest first (the export). */
export function selectAllMovements(db: Db): Promise<StockMovementRow[]> {
  return db
    .selectFrom('stock_movements')
    .selectAll()
    .orderBy('at')
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
}

/** Which of these movement ids exist (the import). */
export async function findExistingMovementIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('stock_movements')
      .select('id')
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
