import { PostgresAdapter, type Updateable } from 'kysely';
import { beadNameKey } from '../../shared/domain/bead-name.ts';
import type { BeadRow, BeadsTable, Db } from '../db/database.ts';

/** A new bead row; name_key is always derived from the name here, so the two can never disagree. */
export type BeadInsert = Omit<
  BeadRow,
  'is_deleted' | 'name_key' | 'photo_id' | 'stock' | 'stock_counted_at' | 'stock_last_count'
> & {
  is_deleted: number;
  /** The cover photo (migration 0009); new beads have none. */
  photo_id?: string | null;
  /** Stock (migration 0011): kept by the stock service from the movements; new beads are not counted. */
  stock?: number | null;
  stock_counted_at?: string | null;
  stock_last_count?: number | null;
};

const withKey = (row: BeadInsert) => ({ ...row, name_key: beadNameKey(row.name) });

/** Well below SQLite's bound-parameter limit (7 columns a row). */
const INSERT_CHUNK = 500;

/** In name order (the unique index): nearly Danish order, so the service's Danish sort has little left to do. */
export function listBeads(db: Db, options: { includeDeleted: boolean }): Promise<BeadRow[]> {
  return db
    .selectFrom('beads')
    .selectAll()
    .$if(!options.includeDeleted, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('is_deleted', '=', 0),
          eb.exists(eb.selectFrom('todos').select('todos.id').whereRef('todos.bead_id', '=', 'beads.id')),
        ]),
      ),
    )
    .orderBy('name')
    .execute();
}

export function findBeadById(db: Db, id: string): Promise<BeadRow | undefined> {
  return db.selectFrom('beads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The bead whose name equals `name` ignoring case (Danish), found by the unique name_key. */
export function findBeadByNameKey(db: Db, nameKey: string): Promise<BeadRow | undefined> {
  return db.selectFrom('beads').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
}

export async function insertBead(db: Db, row: BeadInsert): Promise<void> {
  await db.insertInto('beads').values(withKey(row)).execute();
}

/**
 * Inserts the bead unless a bead with the same name ignoring case exists (the unique index
 * beads_name_key_uq decides, so racing requests agree: PostgreSQL waits for the other transaction, then
 * does nothing). Returns true when this call inserted the row.
 */
export async function insertBeadIfNameFree(db: Db, row: BeadInsert): Promise<boolean> {
  const result = await db
    .insertInto('beads')
    .values(withKey(row))
    .onConflict((oc) => oc.column('name_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertBeads(db: Db, rows: readonly BeadInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('beads')
      .values(rows.slice(i, i + INSERT_CHUNK).map(withKey))
      .execute();
  }
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

/**
 * Sets the bead's cover photo (null: none). Run in the transaction that changed its photos: the statement
 * bumps the beads table's version (migration 0003) even when the cover stays, so list answers that show covers
 * and the bead's page get a new ETag. Returns false when no bead has that id.
 */
export async function updateBeadCover(db: Db, id: string, photoId: string | null): Promise<boolean> {
  const result = await db
    .updateTable('beads')
    .set({ photo_id: photoId })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The bead row locked until the transaction ends (PostgreSQL: FOR UPDATE), so that two uploads to one bead
 * count its photos one after the other. SQLite has one writer already.
 */
export function findBeadByIdForUpdate(db: Db, id: string): Promise<BeadRow | undefined> {
  const query = db.selectFrom('beads').selectAll().where('id', '=', id);
  return (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).executeTakeFirst();
}
