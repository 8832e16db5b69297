import type { BeadPhotosTable, Db, PhotosTable } from '../db/database.ts';

/** A bead's photo as listed: the link and the display image's size (never the bytes). */
export type BeadPhotoRow = BeadPhotosTable & { width: number; height: number };

/** Stores a picture unless one with the same content (id) is stored already. */
export async function insertPhotoIfAbsent(db: Db, row: PhotosTable): Promise<void> {
  await db
    .insertInto('photos')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The bead's photos, lowest position first (ties: the one added first); deleted ones only when asked for. */
export function listBeadPhotoRows(
  db: Db,
  beadId: string,
  options: { includeDeleted: boolean } = { includeDeleted: false },
): Promise<BeadPhotoRow[]> {
  return db
    .selectFrom('bead_photos')
    .innerJoin('photos', 'photos.id', 'bead_photos.photo_id')
    .selectAll('bead_photos')
    .select(['photos.width', 'photos.height'])
    .where('bead_photos.bead_id', '=', beadId)
    .$if(!options.includeDeleted, (qb) => qb.where('bead_photos.deleted_at', 'is', null))
    .orderBy('bead_photos.position')
    .orderBy('bead_photos.added_at')
    .orderBy('bead_photos.photo_id')
    .execute();
}

export async function insertBeadPhoto(db: Db, row: BeadPhotosTable): Promise<void> {
  await db.insertInto('bead_photos').values(row).execute();
}

export async function updateBeadPhoto(
  db: Db,
  beadId: string,
  photoId: string,
  patch: Partial<Pick<BeadPhotosTable, 'position' | 'deleted_at'>>,
): Promise<void> {
  await db
    .updateTable('bead_photos')
    .set(patch)
    .where('bead_id', '=', beadId)
    .where('photo_id', '=', photoId)
    .execute();
}

/**
 * Removes the links deleted before `before` (their "Fortryd" is long gone), then every picture no link names
 * any more. Returns how many pictures went.
 */
export async function purgeDeletedPhotos(db: Db, before: string): Promise<number> {
  await db.deleteFrom('bead_photos').where('deleted_at', '<', before).execute();
  const result = await db
    .deleteFrom('photos')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bead_photos')
            .select('bead_photos.photo_id')
            .whereRef('bead_photos.photo_id', '=', 'photos.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One version of a picture (the bytes), or undefined when no picture has that id. */
export async function findPhotoBytes(
  db: Db,
  id: string,
  version: 'display' | 'thumb',
): Promise<Buffer | undefined> {
  const row = await db.selectFrom('photos').select(version).where('id', '=', id).executeTakeFirst();
  return row?.[version];
}

/** Every bead's photos that are not deleted, bead by bead in their order (the export's manifest). */
export function listLiveBeadPhotoRows(db: Db): Promise<BeadPhotoRow[]> {
  return db
    .selectFrom('bead_photos')
    .innerJoin('photos', 'photos.id', 'bead_photos.photo_id')
    .selectAll('bead_photos')
    .select(['photos.width', 'photos.height'])
    .where('bead_photos.deleted_at', 'is', null)
    .orderBy('bead_photos.bead_id')
    .orderBy('bead_photos.position')
    .orderBy('bead_photos.added_at')
    .orderBy('bead_photos.photo_id')
    .execute();
}

/** Whole pictures by id (both versions), for the export: a few at a time, never the whole table at once. */
export function findPhotos(db: Db, ids: readonly string[]): Promise<PhotosTable[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('photos').selectAll().where('id', 'in', ids).execute();
}

/** Which of the ids are stored pictures. */
export async function findExistingPhotoIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('photos').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** How many pictures and links the shop holds (tests: nothing half-written stays). */
export async function countPhotoRows(db: Db): Promise<{ photos: number; beadPhotos: number }> {
  const count = async (table: 'photos' | 'bead_photos') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { photos: await count('photos'), beadPhotos: await count('bead_photos') };
}
