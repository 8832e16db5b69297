/**
 * A bead's photos (decision 0016): adding the pictures an upload made (photo-pipeline.ts), "Slet foto" and its
 * "Fortryd", the order (the first is the cover), and the pictures themselves for the photo URLs. Every write
 * runs in one transaction that locks the bead, keeps its cover (beads.photo_id) and records the change, so a
 * refused or killed write leaves nothing behind.
 */
import { nowIso } from '../../shared/domain/dates.ts';
import { MAX_PHOTOS_PER_BEAD } from '../../shared/domain/limits.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { BeadPhoto, BeadPhotos, PhotoSize } from '../../shared/schemas/api-photos.ts';
import { lockListedBead, setBeadCover } from '../beads/beads.service.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, invalidError, notFoundError } from '../errors.ts';
import { type ProcessedPhoto, shareJpeg } from './photo-pipeline.ts';
import {
  type BeadPhotoRow,
  countPhotoRows,
  findPhotoBytes,
  insertBeadPhoto,
  insertPhotoIfAbsent,
  listBeadPhotoRows,
  purgeDeletedPhotos,
  updateBeadPhoto,
} from './photos.repository.ts';

/** How long a deleted photo can be brought back ("Fortryd", also from a phone that was offline meanwhile). */
export const PHOTO_UNDO_MS = 24 * 60 * 60 * 1000;

const toBeadPhoto = (row: BeadPhotoRow): BeadPhoto => ({
  id: row.photo_id,
  width: row.width,
  height: row.height,
});

/** The bead's photos that are not deleted, in their order (the first is the cover). */
export async function listBeadPhotos(db: Db, beadId: string): Promise<BeadPhoto[]> {
  return (await listBeadPhotoRows(db, beadId)).map(toBeadPhoto);
}

/** The database's own guard on the number of photos (migration 0009's triggers), on either engine. */
function isPhotoLimitError(error: unknown): boolean {
  return error instanceof Error && /bead_photos_limit/.test(error.message);
}

/**
 * After a change of the bead's photos, in its transaction: the cover follows the first photo (the statement
 * also raises the beads table's version, so cached lists and the bead's page refresh), old deleted photos
 * are purged, and the change is recorded. Returns the photos as every photo route answers them.
 */
async function afterChange(trx: Db, beadId: string): Promise<BeadPhotos> {
  const photos = await listBeadPhotos(trx, beadId);
  await setBeadCover(trx, beadId, photos[0]?.id ?? null);
  await purgeDeletedPhotos(trx, new Date(Date.now() - PHOTO_UNDO_MS).toISOString());
  recordChange(trx, { entity: 'bead', id: beadId, action: 'photos' });
  return { beadId, photos };
}

/**
 * Adds an upload's photos after the bead's others, all or none: a bead that would have more than
 * MAX_PHOTOS_PER_BEAD is refused (409). A photo the bead has already stays where it is; one deleted from it
 * comes back at the end.
 */
export async function addBeadPhotos(
  db: Db,
  beadId: string,
  uploads: readonly ProcessedPhoto[],
): Promise<BeadPhotos> {
  try {
    return await inTransaction(db, async (trx) => {
      await lockListedBead(trx, beadId);
      const rows = await listBeadPhotoRows(trx, beadId, { includeDeleted: true });
      const live = new Set(rows.filter((row) => row.deleted_at === null).map((row) => row.photo_id));
      const known = new Set(rows.map((row) => row.photo_id));
      const fresh = [...new Map(uploads.map((photo) => [photo.id, photo])).values()].filter(
        (photo) => !live.has(photo.id),
      );
      if (live.size + fresh.length > MAX_PHOTOS_PER_BEAD) throw conflictError(apiErrors.photoBeadFull);
      let position = Math.max(-1, ...rows.map((row) => row.position)) + 1;
      const now = nowIso();
      for (const photo of fresh) {
        await insertPhotoIfAbsent(trx, {
          id: photo.id,
          display: photo.display,
          thumb: photo.thumb,
          width: photo.width,
          height: photo.height,
          created_at: now,
        });
        if (known.has(photo.id)) {
          await updateBeadPhoto(trx, beadId, photo.id, { deleted_at: null, position });
        } else {
          await insertBeadPhoto(trx, {
            bead_id: beadId,
            photo_id: photo.id,
            position,
            added_at: now,
            deleted_at: null,
          });
        }
        position += 1;
      }
      return afterChange(trx, beadId);
    });
  } catch (error) {
    if (isPhotoLimitError(error)) throw conflictError(apiErrors.photoBeadFull);
    throw error;
  }
}

async function findLink(trx: Db, beadId: string, photoId: string): Promise<BeadPhotoRow> {
  const rows = await listBeadPhotoRows(trx, beadId, { includeDeleted: true });
  const row = rows.find((candidate) => candidate.photo_id === photoId);
  if (!row) throw notFoundError(apiErrors.photoNotOnBead);
  return row;
}

/** "Slet foto": the photo leaves the bead; "Fortryd" (restoreBeadPhoto) may bring it back for a day. */
export async function removeBeadPhoto(db: Db, beadId: string, photoId: string): Promise<BeadPhotos> {
  return inTransaction(db, async (trx) => {
    await lockListedBead(trx, beadId);
    const link = await findLink(trx, beadId, photoId);
    if (link.deleted_at === null) await updateBeadPhoto(trx, beadId, photoId, { deleted_at: nowIso() });
    return afterChange(trx, beadId);
  });
}

/** "Fortryd" after "Slet foto": the photo is back where it was, unless the bead has 6 photos meanwhile. */
export async function restoreBeadPhoto(db: Db, beadId: string, photoId: string): Promise<BeadPhotos> {
  try {
    return await inTransaction(db, async (trx) => {
      await lockListedBead(trx, beadId);
      const link = await findLink(trx, beadId, photoId);
      if (link.deleted_at !== null) {
        const live = (await listBeadPhotoRows(trx, beadId)).length;
        if (live >= MAX_PHOTOS_PER_BEAD) throw conflictError(apiErrors.photoBeadFull);
        await updateBeadPhoto(trx, beadId, photoId, { deleted_at: null });
      }
      return afterChange(trx, beadId);
    });
  } catch (error) {
    if (isPhotoLimitError(error)) throw conflictError(apiErrors.photoBeadFull);
    throw error;
  }
}

/** A new order of the bead's photos: every photo it has, each once; the first becomes the cover. */
export async function orderBeadPhotos(
  db: Db,
  beadId: string,
  photoIds: readonly string[],
): Promise<BeadPhotos> {
  return inTransaction(db, async (trx) => {
    await lockListedBead(trx, beadId);
    const live = (await listBeadPhotoRows(trx, beadId)).map((row) => row.photo_id);
    const same = new Set(photoIds);
    if (same.size !== photoIds.length || same.size !== live.length || live.some((id) => !same.has(id))) {
      throw invalidError(apiErrors.photoBadOrder);
    }
    for (const [position, photoId] of photoIds.entries())
      await updateBeadPhoto(trx, beadId, photoId, { position });
    return afterChange(trx, beadId);
  });
}

/** One version of a picture: the thumbnail, the display image, or a JPEG of it made to share. */
export async function photoFile(db: Db, photoId: string, size: PhotoSize): Promise<Buffer> {
  const bytes = await findPhotoBytes(db, photoId, size === 'thumb' ? 'thumb' : 'display');
  if (!bytes) throw notFoundError(apiErrors.photoNotFound);
  return size === 'jpeg' ? shareJpeg(bytes) : bytes;
}

/** How many pictures and bead links are stored (tests and the scripts check that nothing is left over). */
export function countPhotos(db: Db): Promise<{ photos: number; beadPhotos: number }> {
  return countPhotoRows(db);
}
