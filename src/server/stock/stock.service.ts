/**
 * Stock per bead (docs/product/stock.md, decision 0018): every movement is a row, and the bead's stock is kept
 * by the rule of domain/stock.ts in the same transaction as what moves it. The orders service calls
 * recordSale / recordReturn for the lines it adds and deletes, the todos service recordTodoTaken; her own
 * movements (Optælling, Modtaget, Ret) come through moveStock, and the latest one can be undone
 * (undoStockMovement; what a delivery that filled orders did to them is the deliveries module's to take back).
 *
 * Exactness under concurrency: every write locks the bead's row first (PostgreSQL: FOR UPDATE; SQLite has one
 * writer at a time), a sale or return moves a counted bead's stock relatively (stock + delta) and takes its
 * moment after the lock, and a count sums the other movements after it got the lock. So a sale that waited for
 * a count lands after it by moment and by arithmetic, and one the count waited for is in its sum.
 */
import { nowIso } from '../../shared/domain/dates.ts';
import { runningStock, type StockFact, type StockKind, stockValueOre } from '../../shared/domain/stock.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { StockMovement, StockMoveResult, StockUndoResult } from '../../shared/schemas/api-stock.ts';
import type { StockMove } from '../../shared/schemas/stock.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db, StockMovementRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import {
  addToStock,
  countFilledOrders,
  countSalesOfDelivery,
  deleteMovementWithItsSales,
  findCountAtOrBefore,
  findExistingMovementIds,
  findFirstCountAt,
  findLatestCount,
  findLatestOwnMovement,
  findMovement,
  findStockOfBeads,
  insertMovement,
  insertMovements,
  listCountedBeads,
  listMovementFactsFrom,
  listNewestMovements,
  listStockedBeads,
  lockBeadRow,
  type StockMovementInsert,
  selectAllMovements,
  setMovementData,
  setStock,
  sumMovementsFrom,
} from './stock.repository.ts';

/** How far back a count's own moment is believed: a count queued offline is sent within the week its key lives. */
export const COUNTED_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How many movements the bead's page lists. */
export const STOCK_HISTORY_LIMIT = 30;

const OWN_KINDS: ReadonlySet<string> = new Set(['count', 'received', 'adjust']);

/** Where a sale or return comes from: its order and customer, and the delivery that made it. */
export type SaleRef = { orderId: string; customerId: string | null; deliveryId?: string };

function movement(
  beadId: string,
  kind: StockKind,
  quantity: number,
  at: string,
  extra: Partial<StockMovementInsert> = {},
): StockMovementInsert {
  return {
    id: crypto.randomUUID(),
    bead_id: beadId,
    kind,
    quantity,
    at,
    recorded_at: nowIso(),
    reason: null,
    order_id: null,
    customer_id: null,
    delivery_id: null,
    data: null,
    ...extra,
  };
}

/**
 * Locks the bead's row for the rest of the transaction `trx` (see the top of this file). The orders service
 * takes it before it locks the order, so every path locks bead before order and two writes cannot deadlock.
 */
export async function lockBeadForStock(trx: Db, beadId: string): Promise<void> {
  await lockBeadRow(trx, beadId);
}

/** A movement that is not a count: written, and a counted bead's stock moved by it (relatively). */
async function recordRelative(trx: Db, row: StockMovementInsert): Promise<number | null> {
  await insertMovement(trx, row);
  const stock = await addToStock(trx, row.bead_id, row.quantity);
  // A bead never counted shows no stock, so nothing on screen changed; the movement still counts later.
  if (stock !== null) recordChange(trx, { entity: 'stock', id: row.bead_id, action: 'moved' });
  return stock;
}

/**
 * `units` beads sold on the order (bead lines added, also by completing a todo). Never refused: the stock may
 * go below 0. Recorded for a bead not counted too, so a count made offline before it arrives subtracts it.
 */
export async function recordSale(trx: Db, beadId: string, units: number, ref: SaleRef): Promise<void> {
  await lockBeadRow(trx, beadId);
  await recordRelative(
    trx,
    movement(beadId, 'sale', -units, nowIso(), {
      order_id: ref.orderId,
      customer_id: ref.customerId,
      delivery_id: ref.deliveryId ?? null,
    }),
  );
}

/** A bead line deleted from an active order: the bead is back on the shelf. */
export async function recordReturn(trx: Db, beadId: string, ref: SaleRef): Promise<void> {
  await lockBeadRow(trx, beadId);
  await recordRelative(
    trx,
    movement(beadId, 'return', 1, nowIso(), { order_id: ref.orderId, customer_id: ref.customerId }),
  );
}

/** A todo without a customer completed: its amount left the shelf. */
export async function recordTodoTaken(trx: Db, beadId: string, amount: number): Promise<void> {
  await lockBeadRow(trx, beadId);
  await recordRelative(trx, movement(beadId, 'todo', -amount, nowIso()));
}

/**
 * Sets the bead's stock from its movements by the rule: the latest count plus every other movement at or after
 * its moment; no count, no stock. Run with the bead locked.
 */
async function recomputeStock(trx: Db, beadId: string): Promise<number | null> {
  const latest = await findLatestCount(trx, beadId);
  if (!latest) {
    await setStock(trx, beadId, { stock: null, counted_at: null, last_count: null });
    return null;
  }
  const stock = latest.quantity + (await sumMovementsFrom(trx, beadId, latest.at));
  await setStock(trx, beadId, { stock, counted_at: latest.at, last_count: latest.quantity });
  return stock;
}

/** A count's moment: when she typed it, believed up to a week back and never in the future. */
function countMoment(countedAt: string | undefined, now: number): string {
  const claimed = countedAt === undefined ? now : Date.parse(countedAt);
  return new Date(Math.min(now, Math.max(claimed, now - COUNTED_AT_MAX_AGE_MS))).toISOString();
}

/** The bead, locked, as long as it is in the catalogue (a deleted bead is not found, as its page shows). */
async function lockListedBeadForStock(trx: Db, beadId: string): Promise<void> {
  const row = await lockBeadRow(trx, beadId);
  if (!row || row.is_deleted) throw notFoundError(apiErrors.beadNotFound);
}

/** Optælling, Modtaget or Ret on the bead: one movement, and the stock after it. */
export function moveStock(
  db: Db,
  beadId: string,
  move: StockMove,
  clock: () => Date = () => new Date(),
): Promise<StockMoveResult> {
  return inTransaction(db, async (trx) => {
    await lockListedBeadForStock(trx, beadId);
    const now = clock().getTime();
    let stock: number | null;
    let row: StockMovementInsert;
    if (move.kind === 'count') {
      row = movement(beadId, 'count', move.quantity, countMoment(move.countedAt, now));
      await insertMovement(trx, row);
      stock = await recomputeStock(trx, beadId);
    } else {
      row = movement(beadId, move.kind, move.quantity, new Date(now).toISOString(), {
        reason: move.kind === 'adjust' ? move.reason : null,
      });
      await insertMovement(trx, row);
      stock = await addToStock(trx, beadId, row.quantity);
    }
    recordChange(trx, { entity: 'stock', id: beadId, action: 'moved' });
    return { beadId, movementId: row.id, stock };
  });
}

/**
 * A delivery ('Modtaget') written in the caller's transaction, before 'Læg i kundernes ordrer' completes the
 * todos with it (its sales name it as their delivery). Returns its id; `setDeliveryUndo` keeps what its
 * 'Fortryd' needs once the todos are done.
 */
export async function recordDelivery(trx: Db, beadId: string, quantity: number): Promise<string> {
  await lockListedBeadForStock(trx, beadId);
  const row = movement(beadId, 'received', quantity, nowIso());
  await recordRelative(trx, row);
  recordChange(trx, { entity: 'stock', id: beadId, action: 'moved' });
  return row.id;
}

export async function setDeliveryUndo(trx: Db, deliveryId: string, data: unknown): Promise<void> {
  await setMovementData(trx, deliveryId, JSON.stringify(data));
}

/** The bead's stock now (the delivery's answer). */
export async function currentStock(db: Db, beadId: string): Promise<number | null> {
  return (await findStockOfBeads(db, [beadId])).get(beadId) ?? null;
}

/** A movement she may undo: hers, and her latest on the bead. Locks the bead. */
async function lockUndoableMovement(trx: Db, id: string): Promise<StockMovementRow> {
  const row = await findMovement(trx, id);
  if (!row) throw notFoundError(apiErrors.stockMovementNotFound);
  await lockBeadRow(trx, row.bead_id);
  if (!OWN_KINDS.has(row.kind)) throw conflictError(apiErrors.stockNotOwn);
  const latest = await findLatestOwnMovement(trx, row.bead_id);
  if (latest?.id !== row.id) throw conflictError(apiErrors.stockNotLatest);
  return row;
}

/** Whether the movement is a delivery that filled orders (its undo puts the todos back: the deliveries module). */
async function isFillingDelivery(trx: Db, row: StockMovementRow): Promise<boolean> {
  return row.kind === 'received' && (row.data !== null || (await countSalesOfDelivery(trx, row.id)) > 0);
}

/**
 * Takes back a movement found by lockUndoableMovement, with the sales its delivery made (their lines are
 * taken back first, by undoStockMovement's `undoFilledOrders`), and sets the stock by the rule again.
 */
async function removeMovement(trx: Db, row: StockMovementRow): Promise<number | null> {
  await deleteMovementWithItsSales(trx, row.id);
  const stock = await recomputeStock(trx, row.bead_id);
  recordChange(trx, { entity: 'stock', id: row.bead_id, action: 'undone' });
  return stock;
}

/** The delivery's 'Fortryd' facts, as setDeliveryUndo kept them (null: it filled none, or an import). */
export function deliveryUndoData(row: StockMovementRow): unknown {
  return row.data === null ? null : JSON.parse(row.data);
}

/**
 * Takes back what a delivery that filled orders did besides its stock (the lines it added, the todos it
 * completed) in the undo's transaction, and says how many todos it put back. The deliveries module's
 * (deliveries.service.ts): it changes todos and orders, which lie above stock; app.ts hands it to stock's routes.
 */
export type UndoFilledOrders = (trx: Db, delivery: StockMovementRow) => Promise<number>;

/**
 * 'Fortryd' of her latest own movement of a bead, in one transaction: a delivery that filled orders first has
 * `undoFilledOrders` take back its lines and todos (it refuses with 409 when the orders changed since, and nothing
 * changes); then the movement goes, with its sales, and the stock follows the rule again.
 */
export function undoStockMovement(
  db: Db,
  movementId: string,
  undoFilledOrders: UndoFilledOrders,
): Promise<StockUndoResult> {
  return inTransaction(db, async (trx) => {
    const row = await lockUndoableMovement(trx, movementId);
    const restoredTodos = (await isFillingDelivery(trx, row)) ? await undoFilledOrders(trx, row) : 0;
    return { beadId: row.bead_id, stock: await removeMovement(trx, row), restoredTodos };
  });
}

/**
 * 'Lagerhistorik': the bead's newest movements from its first count on (before it there was no stock), newest
 * first, each with the stock right after it by the rule, and 'Fortryd' on her latest own one.
 */
export async function stockHistory(db: Db, beadId: string): Promise<StockMovement[]> {
  const firstAt = await findFirstCountAt(db, beadId);
  if (firstAt === undefined) return [];
  const rows = await listNewestMovements(db, beadId, firstAt, STOCK_HISTORY_LIMIT);
  const oldest = rows.at(-1);
  if (!oldest) return [];
  const start = await findCountAtOrBefore(db, beadId, oldest.at);
  const facts: StockFact[] = (await listMovementFactsFrom(db, beadId, start?.at ?? firstAt)).map((fact) => ({
    id: fact.id,
    kind: fact.kind as StockKind,
    quantity: fact.quantity,
    at: fact.at,
    recordedAt: fact.recorded_at,
  }));
  const after = runningStock(facts);
  const latestOwn = await findLatestOwnMovement(db, beadId);
  const filled = await countFilledOrders(
    db,
    rows.filter((row) => row.kind === 'received').map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as StockKind,
    quantity: row.quantity,
    at: row.at,
    reason: row.reason,
    customerName: row.customer_name,
    orderId: row.order_id,
    filledOrders: filled.get(row.id) ?? 0,
    stockAfter: after.get(row.id) ?? null,
    undoable: row.id === latestOwn?.id,
  }));
}

/** Every counted bead's latest count: when, and the number (the counting screen). */
export async function listLatestCounts(
  db: Db,
): Promise<Array<{ beadId: string; countedAt: string; lastCount: number }>> {
  return (await listCountedBeads(db)).flatMap((row) =>
    row.stock_counted_at === null || row.stock_last_count === null
      ? []
      : [{ beadId: row.id, countedAt: row.stock_counted_at, lastCount: Number(row.stock_last_count) }],
  );
}

/** What the counted beads on the shelf are worth at today's prices (Salg), and how many beads are counted. */
export async function stockValue(db: Db): Promise<{ valueOre: number; countedBeads: number }> {
  const rows = await listStockedBeads(db);
  const valueOre = rows.reduce(
    (sum, row) => sum + stockValueOre(Number(row.stock ?? 0), row.price_ore, row.sale_type),
    0,
  );
  return { valueOre, countedBeads: rows.length };
}

/** The stock of these beads (null: not counted), for Salg's top beads. */
export function stockOfBeads(db: Db, ids: readonly string[]): Promise<Map<string, number | null>> {
  return findStockOfBeads(db, ids);
}

/**
 * The import's movements (our own export since version 3), in the import's transaction: written as they were,
 * then each bead they touch gets its stock from all its movements by the rule. No change of their own: the
 * import records one for everything.
 */
export async function importStockMovements(trx: Db, rows: readonly StockMovementRow[]): Promise<void> {
  await insertMovements(trx, rows);
  for (const beadId of [...new Set(rows.map((row) => row.bead_id))].sort()) {
    await lockBeadRow(trx, beadId);
    await recomputeStock(trx, beadId);
  }
}

/** Which of these movement ids the shop holds (the import). */
export function existingMovementIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return findExistingMovementIds(db, ids);
}

/** Every movement, oldest first (the export). */
export function allStockMovements(db: Db): Promise<StockMovementRow[]> {
  return selectAllMovements(db);
}
