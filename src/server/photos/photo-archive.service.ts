/**
 * Bead photos in the export and the import (decision 0016): the export zip's `photos/` folder holds each
 * picture as `<id>.webp` (display) and `<id>-thumb.webp`, and `photos/photos.json` says which bead has which
 * photos in which order. The import puts a bead's photos back when the bead has none, checking every picture
 * by its first bytes (WebP, its size) and its content id, in the import's own transaction.
 */
import { imageSize, sniffImageKind } from '../../shared/domain/image-header.ts';
import { MAX_PHOTOS_PER_BEAD, PHOTO_DISPLAY_EDGE, PHOTO_THUMB_EDGE } from '../../shared/domain/limits.ts';
import { getBead, setBeadCover } from '../beads/beads.service.ts';
import type { Db, PhotosTable } from '../db/database.ts';
import { type ProcessedPhoto, photoIdOf } from './photo-pipeline.ts';
import {
  findPhotos,
  insertBeadPhoto,
  insertPhotoIfAbsent,
  listBeadPhotoRows,
  listLiveBeadPhotoRows,
} from './photos.repository.ts';

export const PHOTO_MANIFEST_FORMAT = 'naalepuden-photos';
export const PHOTO_MANIFEST_VERSION = 1;

/** `photos/photos.json`: each bead's photos in their order, with the display image's size. */
export type PhotoManifest = {
  format: typeof PHOTO_MANIFEST_FORMAT;
  version: typeof PHOTO_MANIFEST_VERSION;
  beads: Record<string, string[]>;
  photos: Record<string, { width: number; height: number }>;
};

/** The names of a picture's two files in the zip. */
export const photoEntryNames = (id: string) => ({
  display: `photos/${id}.webp`,
  thumb: `photos/${id}-thumb.webp`,
});

export async function buildPhotoManifest(db: Db): Promise<PhotoManifest> {
  const manifest: PhotoManifest = {
    format: PHOTO_MANIFEST_FORMAT,
    version: PHOTO_MANIFEST_VERSION,
    beads: {},
    photos: {},
  };
  for (const row of await listLiveBeadPhotoRows(db)) {
    const ids = manifest.beads[row.bead_id] ?? [];
    ids.push(row.photo_id);
    manifest.beads[row.bead_id] = ids;
    manifest.photos[row.photo_id] = { width: row.width, height: row.height };
  }
  return manifest;
}

/** The pictures with these ids, a few at a time (a big shop's photos are hundreds of MB together). */
export async function* photosInBatches(
  db: Db,
  ids: readonly string[],
  batch = 16,
): AsyncGenerator<PhotosTable> {
  for (let i = 0; i < ids.length; i += batch) {
    for (const photo of await findPhotos(db, ids.slice(i, i + batch))) yield photo;
  }
}

/** Reads a manifest; null when it is not ours (the import then reports the photos as left out). */
export function parsePhotoManifest(input: unknown): PhotoManifest | null {
  if (typeof input !== 'object' || input === null) return null;
  const manifest = input as Partial<PhotoManifest>;
  if (manifest.format !== PHOTO_MANIFEST_FORMAT || manifest.version !== PHOTO_MANIFEST_VERSION) return null;
  if (typeof manifest.beads !== 'object' || manifest.beads === null) return null;
  const beads: Record<string, string[]> = {};
  for (const [beadId, ids] of Object.entries(manifest.beads)) {
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return null;
    beads[beadId] = ids as string[];
  }
  return { format: PHOTO_MANIFEST_FORMAT, version: PHOTO_MANIFEST_VERSION, beads, photos: {} };
}

/** A picture from a file, checked as the pipeline would have made it; null when it is not. */
export function checkArchivedPhoto(
  id: string,
  display: Buffer,
  thumb: Buffer,
): Omit<PhotosTable, 'created_at'> | null {
  if (sniffImageKind(display) !== 'webp' || sniffImageKind(thumb) !== 'webp') return null;
  const size = imageSize(display);
  const thumbSize = imageSize(thumb);
  if (!size || size.width > PHOTO_DISPLAY_EDGE || size.height > PHOTO_DISPLAY_EDGE) return null;
  if (!thumbSize || thumbSize.width > PHOTO_THUMB_EDGE || thumbSize.height > PHOTO_THUMB_EDGE) return null;
  if (photoIdOf(display) !== id) return null;
  return { id, display, thumb, width: size.width, height: size.height };
}

export type PhotoImportResult = { photos: number; beads: number; leftOut: string[] };

/**
 * Puts the manifest's photos on their beads in the caller's transaction (the import's): only on a bead that
 * exists and has no photos yet (so importing a file again adds nothing), at most six, each
 * checked (`read` gives a picture's two files, or null). A deleted bead gets its photos too (they come back
 * with it). `leftOut`: the beads whose photos were not all put back.
 */
export async function importBeadPhotos(
  trx: Db,
  manifest: PhotoManifest,
  read: (id: string) => { display: Buffer; thumb: Buffer } | null,
  now: string,
): Promise<PhotoImportResult> {
  const result: PhotoImportResult = { photos: 0, beads: 0, leftOut: [] };
  for (const [beadId, ids] of Object.entries(manifest.beads)) {
    const bead = await getBead(trx, beadId).catch(() => null);
    if (!bead || (await listBeadPhotoRows(trx, beadId, { includeDeleted: true })).length > 0) {
      result.leftOut.push(beadId);
      continue;
    }
    const photos: Array<Omit<PhotosTable, 'created_at'>> = [];
    for (const id of [...new Set(ids)].slice(0, MAX_PHOTOS_PER_BEAD)) {
      const files = read(id);
      const photo = files && checkArchivedPhoto(id, files.display, files.thumb);
      if (photo) photos.push(photo);
    }
    if (photos.length < Math.min(ids.length, MAX_PHOTOS_PER_BEAD)) result.leftOut.push(beadId);
    for (const [position, photo] of photos.entries()) {
      await insertPhotoIfAbsent(trx, { ...photo, created_at: now });
      await insertBeadPhoto(trx, {
        bead_id: beadId,
        photo_id: photo.id,
        position,
        added_at: now,
        deleted_at: null,
      });
    }
    if (photos.length > 0) {
      await setBeadCover(trx, beadId, photos[0]!.id);
      result.photos += photos.length;
      result.beads += 1;
    }
  }
  return result;
}

/**
 * The seed scripts' photos (seed:demo, seed:large): stored as an upload would store them, in the seed's
 * transaction, with no change log (the seed fills an empty shop).
 */
export async function addSeedPhotos(
  trx: Db,
  beadId: string,
  photos: readonly ProcessedPhoto[],
  now: string,
): Promise<void> {
  for (const [position, photo] of photos.entries()) {
    await insertPhotoIfAbsent(trx, { ...photo, created_at: now });
    await insertBeadPhoto(trx, {
      bead_id: beadId,
      photo_id: photo.id,
      position,
      added_at: now,
      deleted_at: null,
    });
  }
  if (photos[0]) await setBeadCover(trx, beadId, photos[0].id);
}
