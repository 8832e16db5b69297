/**
 * The export with photos (decision 0016): a zip with the same JSON file as GET /api/data/export.json
 * (`naalepuden-eksport.json`, unchanged, so every reader of the JSON export reads it) and a `photos/` folder
 * (photo-archive.service.ts). Made as a stream: the pictures are read a few at a time and written as they go
 * (stored, not deflated: WebP is compressed already), so a big shop's hundreds of MB never sit in memory.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../db/database.ts';
import { buildPhotoManifest, photoEntryNames, photosInBatches } from '../photos/photo-archive.service.ts';
import { buildExport } from './export.service.ts';

/** The JSON export's name inside the zip. */
export const EXPORT_JSON_ENTRY = 'naalepuden-eksport.json';
export const PHOTO_MANIFEST_ENTRY = 'photos/photos.json';

/**
 * The zip as a stream. The JSON and the manifest are read first (a failure there rejects, before anything is
 * sent); the pictures follow while the stream is read.
 */
export async function exportZip(db: Db, clock: () => Date = () => new Date()): Promise<Readable> {
  const file = await buildExport(db, clock);
  const manifest = await buildPhotoManifest(db);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (name: string, bytes: Uint8Array, deflate: boolean) => {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    entry.mtime = clock();
    zip.add(entry);
    entry.push(bytes, true);
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  void (async () => {
    await add(EXPORT_JSON_ENTRY, Buffer.from(`${JSON.stringify(file, null, 2)}\n`), true);
    await add(PHOTO_MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), true);
    for await (const photo of photosInBatches(db, Object.keys(manifest.photos))) {
      const names = photoEntryNames(photo.id);
      await add(names.display, photo.display, false);
      await add(names.thumb, photo.thumb, false);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
