import { beadNameKey } from '../../shared/domain/bead-name.ts';
import { isHiddenBead } from '../../shared/domain/bead-rules.ts';
import { sortByName } from '../../shared/domain/collation.ts';
import { normalizeName } from '../../shared/domain/customer-name.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import { isSaleType, type SaleType } from '../../shared/domain/sale-type.ts';
import type { Bead } from '../../shared/schemas/api-beads.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { isUniqueViolation, refusingDuplicate } from '../db/constraint-errors.ts';
import type { BeadRow, Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import {
  type BeadInsert,
  findBeadById,
  findBeadByIdForUpdate,
  findBeadByNameKey,
  insertBead,
  insertBeadIfNameFree,
  insertBeads,
  listBeads,
  updateBead,
  updateBeadCover,
} from './beads.repository.ts';

export type { BeadInsert };

export function toBead(
  row: Pick<BeadRow, 'id' | 'name' | 'price_ore' | 'sale_type' | 'is_deleted'> & {
    photo_id?: string | null;
    stock?: number | null;
  },
): Bead {
  return {
    id: row.id,
    name: row.name,
    priceOre: row.price_ore,
    saleType: isSaleType(row.sale_type) ? row.sale_type : null,
    isDeleted: Boolean(row.is_deleted),
    photoId: row.photo_id ?? null,
    stock: row.stock === null || row.stock === undefined ? null : Number(row.stock),
  };
}

/** Beads sorted by name (Danish collation); soft-deleted beads only when asked for. */
export async function listBeadsSorted(db: Db, options: { includeDeleted: boolean }): Promise<Bead[]> {
  return sortByName((await listBeads(db, options)).map(toBead), (bead) => bead.name);
}

export async function getBead(db: Db, id: string): Promise<Bead> {
  const row = await findBeadById(db, id);
  if (!row) throw notFoundError(apiErrors.beadNotFound);
  return toBead(row);
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
 * The bead with this name ignoring case (docs/product/beads.md: bead names are unique ignoring case,
 * in Danish).
 */
function findBeadRowByName(db: Db, name: string): Promise<BeadRow | undefined> {
  return findBeadByNameKey(db, beadNameKey(name));
}

/**
 * Creates a bead; names are unique ignoring case, guarded by the unique index on beads.name_key
 * (also when two requests race).
 */
async function createBead(db: Db, input: NewBead): Promise<Bead> {
  const row = newBeadRow(input);
  return inTransaction(db, async (trx) => {
    await refusingDuplicate(insertBead(trx, row), apiErrors.beadNameTaken);
    recordChange(trx, { entity: 'bead', id: row.id, action: 'create' });
    return toBead(row);
  });
}

/**
 * 'Tilføj ny nål' with the name (in any case) of a hidden bead — soft-deleted, or a 0-kr bead from the todo
 * dialog — brings that bead back with the new price and offer (its order lines and todos keep pointing at
 * it) instead of refusing a name the owner cannot see. The name of a visible bead is refused.
 */
export async function addBead(db: Db, input: NewBead): Promise<{ bead: Bead; restored: boolean }> {
  const existing = await findBeadRowByName(db, input.name);
  if (!existing || !isHiddenBead(toBead(existing)))
    return { bead: await createBead(db, input), restored: false };
  return {
    bead: await updateBeadFields(db, existing.id, {
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
  if (inserted) {
    recordChange(db, { entity: 'bead', id: row.id, action: 'create' });
    return { beadId: row.id, created: toBead(row) };
  }
  const existing = await findBeadRowByName(db, name);
  if (existing?.is_deleted) return { beadId: existing.id, created: null };
  throw conflictError(apiErrors.newBeadNameTaken);
}

export type BeadPatch = { priceOre?: number; saleType?: SaleType | null; isDeleted?: boolean };

export async function updateBeadFields(db: Db, id: string, patch: BeadPatch): Promise<Bead> {
  return inTransaction(db, async (trx) => {
    const found = await updateBead(trx, id, {
      ...(patch.priceOre === undefined ? {} : { price_ore: patch.priceOre }),
      ...(patch.saleType === undefined ? {} : { sale_type: patch.saleType }),
      ...(patch.isDeleted === undefined ? {} : { is_deleted: patch.isDeleted ? 1 : 0 }),
    });
    if (!found) throw notFoundError(apiErrors.beadNotFound);
    const bead = await getBead(trx, id);
    const action = patch.isDeleted === false ? 'restore' : patch.priceOre === undefined ? 'update' : 'price';
    recordChange(trx, {
      entity: 'bead',
      id,
      action,
      data: { priceOre: bead.priceOre, saleType: bead.saleType },
    });
    return bead;
  });
}

/** Soft delete: the bead stays for old order lines and todos but leaves the lists. */
export async function softDeleteBead(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await updateBead(trx, id, { is_deleted: 1 }))) throw notFoundError(apiErrors.beadNotFound);
    recordChange(trx, { entity: 'bead', id, action: 'delete' });
  });
}

/** Bulk insert of ready-made rows (the seed scripts): no checks, the caller makes them valid and unique. */
export function insertBeadRows(db: Db, rows: readonly BeadInsert[]): Promise<void> {
  return insertBeads(db, rows);
}

/**
 * The bead, locked for the rest of the transaction `trx` (photos: two uploads to one bead count its photos one
 * after the other); a missing or deleted bead is refused as not found, as its page shows it.
 */
export async function lockListedBead(trx: Db, id: string): Promise<Bead> {
  const row = await findBeadByIdForUpdate(trx, id);
  if (!row || row.is_deleted) throw notFoundError(apiErrors.beadNotFound);
  return toBead(row);
}

/** Sets the bead's cover photo in the caller's transaction (the photos module keeps it, decision 0016). */
export async function setBeadCover(trx: Db, id: string, photoId: string | null): Promise<void> {
  if (!(await updateBeadCover(trx, id, photoId))) throw notFoundError(apiErrors.beadNotFound);
}
