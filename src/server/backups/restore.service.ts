/**
 * Restores a SQLite backup over the database file while no server runs (the CLI checks the lock first).
 * The backup is copied next to the database, checked there (`PRAGMA integrity_check` and our tables), the
 * current database is saved as a 'beforeRestore' backup, and only then the checked copy is renamed over the
 * database file: a rename within one folder is atomic, so the database is always either the old or the new.
 * The photos' pictures a backup names are put back into the copy before that, each checked against its name,
 * and the secondary indexes it kept as statements are made again.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SHOP_TABLES } from '../../shared/schemas/api-data.ts';
import { backupTexts } from '../../shared/texts/backups.ts';
import { texts } from '../../shared/texts.ts';
import { backupDirectory, takeBackup } from './backup.service.ts';
import { INDEXES_TABLE, PICTURES_TABLE, pictureName, pictureStore } from './backup-pictures.ts';

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

function removeSidecars(file: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

function fsyncPath(target: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(target, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Throws a RestoreError unless the file is an intact SQLite database with the shop's tables. */
export function verifyDatabaseFile(file: string): void {
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { fileMustExist: true });
  } catch (error) {
    throw new RestoreError(texts.data.cli.backupDamaged((error as Error).message));
  }
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const result = rows.map((row) => row.integrity_check).join('; ');
    if (result !== 'ok') throw new RestoreError(texts.data.cli.backupDamaged(result));
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>
      ).map((row) => row.name),
    );
    if (!SHOP_TABLES.every((table) => tables.has(table)))
      throw new RestoreError(texts.data.cli.notNaalepuden);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(texts.data.cli.backupDamaged((error as Error).message));
  } finally {
    db.close();
  }
}

/**
 * Puts the pictures a backup names (backup-pictures.ts) back into its photos, in the staged copy, and makes its
 * secondary indexes again: every picture is
 * read from `store` and compared with its name first, and one missing or damaged refuses the whole restore
 * (nothing is restored half). A backup from before shared pictures holds them already.
 */
export function restorePictures(staged: string, store: string): void {
  const db = new SqliteDatabase(staged, { fileMustExist: true });
  try {
    const named = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(PICTURES_TABLE);
    if (!named) return;
    const rows = db.prepare(`select photo_id, display, thumb from ${PICTURES_TABLE}`).all() as Array<{
      photo_id: string;
      display: string;
      thumb: string;
    }>;
    const read = new Map<string, Buffer>();
    let missing = 0;
    let damaged = 0;
    for (const name of new Set(rows.flatMap((row) => [row.display, row.thumb]))) {
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(path.join(store, name));
      } catch {
        missing += 1;
        continue;
      }
      if (pictureName(bytes) === name) read.set(name, bytes);
      else damaged += 1;
    }
    if (missing + damaged > 0) {
      throw new RestoreError(
        backupTexts.cli.picturesBroken(backupTexts.cli.picturesProblem(missing, damaged, store)),
      );
    }
    const update = db.prepare('update photos set display = ?, thumb = ? where id = ?');
    const indexed = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(INDEXES_TABLE);
    const indexes = indexed
      ? (db.prepare(`select sql from ${INDEXES_TABLE}`).all() as Array<{ sql: string }>)
      : [];
    try {
      db.transaction(() => {
        for (const row of rows) update.run(read.get(row.display), read.get(row.thumb), row.photo_id);
        db.exec(`drop table ${PICTURES_TABLE}`);
        // The secondary indexes the backup kept as statements, made again from the rows.
        for (const index of indexes) db.exec(index.sql);
        if (indexed) db.exec(`drop table ${INDEXES_TABLE}`);
      })();
    } catch (error) {
      throw new RestoreError(texts.data.cli.backupDamaged((error as Error).message));
    }
  } finally {
    db.close();
  }
}

/** Saves the current database (if any) as a backup; returns its file name, or null when there was none. */
async function saveCurrent(dbFile: string, dataDir: string): Promise<string | null> {
  if (!fs.existsSync(dbFile)) return null;
  const current = new SqliteDatabase(dbFile, { fileMustExist: true });
  try {
    const backup = await takeBackup(current, backupDirectory(dataDir), 'beforeRestore');
    return backup.name;
  } catch {
    // A damaged database cannot be backed up page by page; keep its files as they are instead.
    const dir = backupDirectory(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const name = `${path.basename(dbFile)}.damaged-${Date.now()}`;
    fs.copyFileSync(dbFile, path.join(dir, name));
    if (fs.existsSync(`${dbFile}-wal`)) fs.copyFileSync(`${dbFile}-wal`, path.join(dir, `${name}-wal`));
    return name;
  } finally {
    // Closing the last connection folds the write-ahead log into the file and deletes it.
    current.close();
  }
}

export async function restoreBackup(options: {
  backupFile: string;
  dbFile: string;
  dataDir: string;
}): Promise<{ savedCurrent: string | null }> {
  const { backupFile, dbFile, dataDir } = options;
  if (!fs.existsSync(backupFile)) throw new RestoreError(texts.data.cli.fileNotFound(backupFile));
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const staged = `${dbFile}.restoring`;
  removeSidecars(staged);
  // Copy first: pruning after the safety backup below may delete the very backup being restored.
  fs.copyFileSync(backupFile, staged);
  try {
    verifyDatabaseFile(staged);
    restorePictures(staged, pictureStore(path.dirname(backupFile)));
    removeSidecars(staged);
    fsyncPath(staged);
    const savedCurrent = await saveCurrent(dbFile, dataDir);
    // A write-ahead log left beside the old file would be replayed into the new one: remove it first.
    removeSidecars(dbFile);
    fs.renameSync(staged, dbFile);
    fsyncPath(path.dirname(dbFile));
    return { savedCurrent };
  } finally {
    fs.rmSync(staged, { force: true });
    removeSidecars(staged);
  }
}
