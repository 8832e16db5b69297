import { beadNameKey } from '../../shared/domain/bead-name.ts';
import { sortByName } from '../../shared/domain/collation.ts';
import { normalizeName } from '../../shared/domain/customer-name.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import { isSaleType, type SaleType } from '../../shared/domain/sale-type.ts';
import type { AddBeadToCustomersResult, Bead, BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { findExistingCustomerIds } from '../customers/customers.repository.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { BeadRow, Db, TodoRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { apiError } from '../http/api-errors.ts';
import { insertOrderLines } from '../orders/orders.repository.ts';
import { assertRoomForLines, getOrCreateActiveOrderRow } from '../orders/orders.service.ts';
import { listTodosOfBeads } from '../todos/todos.repository.ts';
import {
  type BeadInsert,
  findBeadById,
  findBeadByNameKey,
  insertBead,
  insertBeadIfNameFree,
  listBeads,
  updateBead,
} from './beads.repository.ts';

export function toBead(row: Pick<BeadRow, 'id' | 'name' | 'price_ore' | 'sale_type' | 'is_deleted'>): Bead {
  return {
    id: row.id,
    name: row.name,
    priceOre: row.price_ore,
    saleType: isSaleType(row.sale_type) ? row.sale_type : null,
    isDeleted: Boolean(row.is_deleted),
  };
}

function withTodos(bead: Bead, todos: readonly TodoRow[]): BeadWithTodos {
  return {
    ...bead,
    todos: todos.map((todo) => ({ id: todo.id, customerId: todo.customer_id, amount: todo.amount })),
  };
}

/** Beads sorted by name (Danish collation) with their todos; soft-deleted beads only when asked for. */
export async function listBeadsWithTodos(
  db: Db,
  options: { includeDeleted: boolean },
): Promise<BeadWithTodos[]> {
  const [rows, todos] = await Promise.all([listBeads(db, options), listTodosOfBeads(db)]);
  const todosByBead = new Map<string, TodoRow[]>();
  for (const todo of todos) {
    const list = todosByBead.get(todo.bead_id);
    if (list) list.push(todo);
    else todosByBead.set(todo.bead_id, [todo]);
  }
  return sortByName(
    rows.map((row) => withTodos(toBead(row), todosByBead.get(row.id) ?? [])),
    (bead) => bead.name,
  );
}

export async function getBeadRow(db: Db, id: string): Promise<BeadRow> {
  const row = await findBeadById(db, id);
  if (!row) throw apiError(404, apiErrors.beadNotFound);
  return row;
}

export async function getBead(db: Db, id: string): Promise<BeadWithTodos> {
  const bead = toBead(await getBeadRow(db, id));
  return withTodos(bead, await listTodosOfBeads(db, [id]));
}

export type NewBead = { name: string; priceOre: number; saleType: SaleType | null };

function newBeadRow(input: NewBead): BeadInsert {
  return {
    id: crypto.randomUUID(),
    name: normalizeName(input.name),
    price_ore: input.priceOre,
    sale_type: input.saleType,
    is_deleted: 0,
    created_at: nowIso(),
  };
}

/**
 * A bead out of the owner's sight: soft-deleted, or typed in the todo dialog and still without a price
 * (0 kr is only that state: every price a person sets is above 0).
 */
function isHiddenBead(row: BeadRow): boolean {
  return Boolean(row.is_deleted) || row.price_ore === 0;
}

/** The bead with this name ignoring case (PRODUCT.md: bead names are unique ignoring case, in Danish). */
export function findBeadRowByName(db: Db, name: string): Promise<BeadRow | undefined> {
  return findBeadByNameKey(db, beadNameKey(name));
}

/**
 * Creates a bead; names are unique ignoring case, guarded by the unique index on beads.name_key
 * (also when two requests race).
 */
export async function createBead(
  db: Db,
  input: NewBead,
  duplicate: typeof apiErrors.beadNameTaken | typeof apiErrors.newBeadNameTaken = apiErrors.beadNameTaken,
): Promise<Bead> {
  const row = newBeadRow(input);
  try {
    await insertBead(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError(409, duplicate);
    throw error;
  }
  return toBead(row);
}

/**
 * 'Tilføj ny nål' with the name (in any case) of a hidden bead — soft-deleted, or a 0-kr bead from the todo
 * dialog — brings that bead back with the new price and offer (its order lines and todos keep pointing at
 * it) instead of refusing a name the owner cannot see. The name of a visible bead is refused.
 */
export async function addBead(db: Db, input: NewBead): Promise<{ bead: Bead; restored: boolean }> {
  const hidden = await findBeadRowByName(db, input.name);
  if (!hidden || !isHiddenBead(hidden)) return { bead: await createBead(db, input), restored: false };
  return {
    bead: await updateBeadFields(db, hidden.id, {
      priceOre: input.priceOre,
      saleType: input.saleType,
      isDeleted: false,
    }),
    restored: true,
  };
}

/**
 * The todo dialog's new bead: created at 0 kr unless a bead of that name (ignoring case) exists. A soft-deleted
 * one is taken up again (completing the todo puts it back in the catalogue); any other refuses the name.
 * Race-safe: the insert does nothing when the unique name_key is taken, and the winner's row is read back.
 */
export async function takeNewBeadNameForTodo(
  db: Db,
  name: string,
): Promise<{ beadId: string; created: Bead | null }> {
  const row = newBeadRow({ name, priceOre: 0, saleType: null });
  let inserted: boolean;
  try {
    inserted = await insertBeadIfNameFree(db, row);
  } catch (error) {
    // SQLite still has 0001's exact-match unique index on beads.name, which may answer before name_key does.
    if (!isUniqueViolation(error)) throw error;
    inserted = false;
  }
  if (inserted) return { beadId: row.id, created: toBead(row) };
  const existing = await findBeadRowByName(db, name);
  if (existing?.is_deleted) return { beadId: existing.id, created: null };
  throw apiError(409, apiErrors.newBeadNameTaken);
}

export type BeadPatch = { priceOre?: number; saleType?: SaleType | null; isDeleted?: boolean };

export async function updateBeadFields(db: Db, id: string, patch: BeadPatch): Promise<Bead> {
  const found = await updateBead(db, id, {
    ...(patch.priceOre === undefined ? {} : { price_ore: patch.priceOre }),
    ...(patch.saleType === undefined ? {} : { sale_type: patch.saleType }),
    ...(patch.isDeleted === undefined ? {} : { is_deleted: patch.isDeleted ? 1 : 0 }),
  });
  if (!found) throw apiError(404, apiErrors.beadNotFound);
  return toBead(await getBeadRow(db, id));
}

/** Soft delete: the bead stays for old order lines and todos but leaves the lists. */
export async function softDeleteBead(db: Db, id: string): Promise<void> {
  if (!(await updateBead(db, id, { is_deleted: 1 }))) throw apiError(404, apiErrors.beadNotFound);
}

/**
 * Adds one line of the bead to each customer's active order (created when needed), all in one
 * transaction: an unknown customer or bead leaves every order as it was.
 */
export async function addBeadToCustomers(
  db: Db,
  beadId: string,
  customerIds: readonly string[],
): Promise<AddBeadToCustomersResult> {
  const unique = [...new Set(customerIds)];
  return inTransaction(db, async (trx) => {
    await getBeadRow(trx, beadId);
    const existing = await findExistingCustomerIds(trx, unique);
    if (unique.some((id) => !existing.has(id))) throw apiError(404, apiErrors.customerNotFound);
    const added: AddBeadToCustomersResult['added'] = [];
    const addedAt = nowIso();
    for (const customerId of unique) {
      const { row } = await getOrCreateActiveOrderRow(trx, customerId);
      await assertRoomForLines(trx, row.id, 1);
      added.push({ customerId, orderId: row.id, lineId: crypto.randomUUID() });
    }
    await insertOrderLines(
      trx,
      added.map((a) => ({
        id: a.lineId,
        order_id: a.orderId,
        bead_id: beadId,
        text: null,
        price_ore: null,
        sale_type: null,
        added_at: addedAt,
      })),
    );
    return { added };
  });
}
