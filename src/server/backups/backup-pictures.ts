/**
 * The backups' shared pictures (decision 0016): a backup holds the shop's rows and names its photos' two
 * pictures in a table of its own (`backup_pictures`); the pictures themselves are kept once, in `photos/` beside
 * the backups (in DATA_DIR/backups and in BACKUP_COPY_DIR), shared by every backup that names them. A picture's
 * file name is made from its content (as a photo's id is), so a file is written once, by a temporary name and a
 * rename, and a check needs nothing but the file to know whether it is whole. A picture is deleted when no kept
 * backup names it any more. Backups made before this kept their pictures inside and name none.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Backup } from '../../shared/schemas/api-data.ts';

/** The table a backup names its pictures in: a photo's id and its two pictures' file names. */
export const PICTURES_TABLE = 'backup_pictures';
/**
 * The table a backup keeps its secondary indexes in, as their statements (they are a third of the rows'
 * bytes and are made again from the rows by a restore); only in backups that name their pictures.
 */
export const INDEXES_TABLE = 'backup_indexes';

/** The shared pictures' folder beside the backups in `dir`. */
export function pictureStore(dir: string): string {
  return path.join(dir, 'photos');
}

/** A picture's file name: the first 16 bytes of its SHA-256, base64url (as a photo's id), and `.webp`. */
export function pictureName(bytes: Uint8Array): string {
  return `${createHash('sha256').update(bytes).digest().subarray(0, 16).toString('base64url')}.webp`;
}

const PICTURE = /^[A-Za-z0-9_-]{22}\.webp$/;

/** The pictures a backup file names; [] for a backup from before shared pictures; null when unreadable. */
export function namedPictures(file: string): string[] | null {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const table = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(PICTURES_TABLE);
    if (!table) return [];
    const rows = db.prepare(`select display, thumb from ${PICTURES_TABLE}`).all() as Array<{
      display: string;
      thumb: string;
    }>;
    return rows.flatMap((row) => [row.display, row.thumb]);
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** Names read once per backup file: a backup never changes once it has its name. */
const namesCache = new Map<string, { mtimeMs: number; names: string[] }>();
function cachedNames(file: string): string[] | null {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = namesCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.names;
  const names = namedPictures(file);
  if (names) namesCache.set(file, { mtimeMs, names });
  return names;
}

/** The pictures in a store folder (no temporary files). */
function storedPictures(store: string): Set<string> {
  try {
    return new Set(fs.readdirSync(store).filter((name) => PICTURE.test(name)));
  } catch {
    return new Set();
  }
}

/**
 * Deletes the pictures in `dir`'s store that none of `backups` (the kept ones, complete: a backup is listed
 * only once renamed into place) names. When a kept backup cannot be read, nothing is deleted: its pictures
 * are unknown. Returns the names deleted.
 */
export function prunePictures(dir: string, backups: ReadonlyArray<Pick<Backup, 'name'>>): string[] {
  const store = pictureStore(dir);
  if (!fs.existsSync(store)) return [];
  const named = new Set<string>();
  for (const backup of backups) {
    const names = cachedNames(path.join(dir, backup.name));
    if (names === null) return [];
    for (const name of names) named.add(name);
  }
  const unused = [...storedPictures(store)].filter((name) => !named.has(name));
  for (const name of unused) fs.rmSync(path.join(store, name), { force: true });
  return unused;
}

/**
 * How many of each backup's named pictures are missing from its store, or were found damaged by a check
 * (`damaged`: picture names); only backups with a problem are in the map.
 */
export function brokenPictures(
  dir: string,
  backups: ReadonlyArray<Pick<Backup, 'name'>>,
  damaged: ReadonlySet<string> = new Set(),
): Map<string, number> {
  const broken = new Map<string, number>();
  const stored = storedPictures(pictureStore(dir));
  for (const backup of backups) {
    const names = cachedNames(path.join(dir, backup.name)) ?? [];
    const bad = names.filter((name) => !stored.has(name) || damaged.has(name)).length;
    if (bad > 0) broken.set(backup.name, bad);
  }
  return broken;
}

export type PictureCheck = { missing: string[]; damaged: string[] };

/** Reads every named picture in `store` and compares its content with its name. */
export async function checkPictures(store: string, names: Iterable<string>): Promise<PictureCheck> {
  const result: PictureCheck = { missing: [], damaged: [] };
  for (const name of new Set(names)) {
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(path.join(store, name));
    } catch {
      result.missing.push(name);
      continue;
    }
    if (pictureName(bytes) !== name) result.damaged.push(name);
  }
  return result;
}

/** Writes `bytes` as `target` by a temporary name, flushed, then renamed: never a half picture by its name. */
export async function writePictureFile(target: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    const handle = await fs.promises.open(temporary, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Copies the pictures `names` from one store to another where the other lacks them (or, in `replace`, holds a
 * damaged one), each read and checked against its name first: a damaged picture is never spread. Throws on
 * the first picture that cannot be copied (ENOSPC, a damaged source …).
 */
export async function copyPictures(
  from: string,
  to: string,
  names: Iterable<string>,
  replace: ReadonlySet<string> = new Set(),
): Promise<number> {
  const wanted = new Set(names);
  if (wanted.size === 0) return 0;
  await fs.promises.mkdir(to, { recursive: true });
  const present = storedPictures(to);
  let copied = 0;
  for (const name of wanted) {
    if (present.has(name) && !replace.has(name)) continue;
    const bytes = await fs.promises.readFile(path.join(from, name));
    if (pictureName(bytes) !== name) throw new Error(`picture ${name} is damaged in ${from}`);
    await writePictureFile(path.join(to, name), bytes);
    copied += 1;
  }
  return copied;
}

/** Temporary pictures left by a process killed mid-write: removed at start (like half-written backups). */
export function removeStalePictures(dir: string): string[] {
  const store = pictureStore(dir);
  if (!fs.existsSync(store)) return [];
  const stale = fs.readdirSync(store).filter((name) => name.endsWith('.tmp'));
  for (const name of stale) fs.rmSync(path.join(store, name), { force: true });
  return stale;
}
