/**
 * The import of an export with photos (decision 0016): the zip's JSON goes through the import as a JSON file
 * would, and in the same transaction each bead's photos are put back (photo-archive.service.ts), read from the
 * zip one picture at a time. Used by `npm run import -- eksport.zip` and POST /api/data/import.zip.
 */
import { MAX_IMPORT_BYTES, MAX_PHOTO_BYTES } from '../../shared/domain/limits.ts';
import type { ImportReport } from '../../shared/schemas/api-data.ts';
import { photoTexts } from '../../shared/texts/photos.ts';
import { texts } from '../../shared/texts.ts';
import type { Db } from '../db/database.ts';
import { invalidError } from '../errors.ts';
import { EXPORT_JSON_ENTRY, PHOTO_MANIFEST_ENTRY } from '../export/export-zip.ts';
import { parsePhotoManifest, photoEntryNames } from '../photos/photo-archive.service.ts';
import { type ImportOptions, importData } from './import.service.ts';
import { openZip, ZipReadError, type ZipReader } from './zip-reader.ts';

const t = photoTexts.archive;
/** A manifest of thousands of beads is a few hundred kB. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

const refuse = (message: string) => invalidError({ code: 'IMPORT_FILE_INVALID', message });

/**
 * `maxJsonBytes`: the largest JSON export read from the zip (over the network the import's own 50 MB; the
 * laptop's `npm run import` reads a big shop's, ~70 MB for ten years).
 */
export async function importZipFile(
  db: Db,
  file: string,
  options: ImportOptions & { maxJsonBytes?: number },
): Promise<ImportReport> {
  const maxJsonBytes = options.maxJsonBytes ?? MAX_IMPORT_BYTES;
  let zip: ZipReader;
  try {
    zip = openZip(file);
  } catch (error) {
    // The reader's detail (English, for developers) stays out of the Danish message.
    throw refuse(error instanceof ZipReadError ? t.unreadable : t.notZip);
  }
  try {
    if (!zip.has(EXPORT_JSON_ENTRY)) throw refuse(t.noExport);
    if ((zip.size(EXPORT_JSON_ENTRY) ?? 0) > maxJsonBytes) {
      throw refuse(texts.data.fileTooLarge(Math.round(maxJsonBytes / 1024 / 1024)));
    }
    let input: unknown;
    let manifestInput: unknown = null;
    try {
      input = JSON.parse(zip.read(EXPORT_JSON_ENTRY, maxJsonBytes).toString('utf8'));
      if (zip.has(PHOTO_MANIFEST_ENTRY)) {
        manifestInput = JSON.parse(zip.read(PHOTO_MANIFEST_ENTRY, MAX_MANIFEST_BYTES).toString('utf8'));
      }
    } catch (error) {
      throw refuse(error instanceof ZipReadError ? t.unreadable : texts.data.fileNotJson);
    }
    const manifest = parsePhotoManifest(manifestInput);
    const read = (id: string) => {
      const names = photoEntryNames(id);
      try {
        return {
          display: zip.read(names.display, MAX_PHOTO_BYTES),
          thumb: zip.read(names.thumb, MAX_PHOTO_BYTES),
        };
      } catch {
        return null;
      }
    };
    const { maxJsonBytes: _limit, ...importOptions } = options;
    return await importData(db, input, {
      ...importOptions,
      photos: manifest ? { manifest, read } : undefined,
    });
  } finally {
    zip.close();
  }
}
