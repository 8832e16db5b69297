import type { Updateable } from 'kysely';
import type { BeadRow, BeadsTable, Db } from '../db/database.ts';

export type BeadInsert = Omit<BeadRow, 'is_deleted'> & { is_deleted: number };

/** In name order (the unique index): nearly Danish order, so the service's Danish sort has little left to do. */
export function listBeads(db: Db, options: { includeDeleted: boolean }): Promise<BeadRow[]> {
  return db
    .selectFrom('beads')
    .selectAll()
    .$if(!options.includeDeleted, (qb) => qb.where('is_deleted', '=', 0))
    .orderBy('name')
    .execute();
}

export function findBeadById(db: Db, id: string): Promise<BeadRow | undefined> {
  return db.selectFrom('beads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names of the beads in the catalogue (not deleted), for the todo dialog's case-insensitive check. */
export async function listBeadNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('beads').select('name').where('is_deleted', '=', 0).execute();
  return rows.map((row) => row.name);
}

/** Soft-deleted beads (few), so a name typed again can bring one back instead of clashing with it. */
export function listDeletedBeads(db: Db): Promise<BeadRow[]> {
  return db.selectFrom('beads').selectAll().where('is_deleted', '=', 1).execute();
}

export async function insertBead(db: Db, row: BeadInsert): Promise<void> {
  await db.insertInto('beads').values(row).execute();
}

export async function insertBeads(db: Db, rows: readonly BeadInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('beads')
    .values([...rows])
    .execute();
}

/** Returns false when no bead has that id. */
export async function updateBead(
  db: Db,
  id: string,
  patch: Pick<Updateable<BeadsTable>, 'price_ore' | 'sale_type' | 'is_deleted'>,
): Promise<boolean> {
  if (Object.keys(patch).length === 0) return (await findBeadById(db, id)) !== undefined;
  const result = await db.updateTable('beads').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
