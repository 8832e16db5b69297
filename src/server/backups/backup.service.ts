/**
 * SQLite backups with SQLite's online backup API (better-sqlite3's `db.backup(file)`): it copies the live
 * database page by page from the server's own connection, so writes made during the copy are carried into
 * it and the copy is a consistent snapshot while the app is in use. One is taken at start and one every
 * night at 03:00 (Copenhagen time) into `<DATA_DIR>/backups/` (backups.ts schedules them and copies them to
 * BACKUP_COPY_DIR). Old copies are pruned per kind (KEEP_BACKUPS),
 * so many restarts or manual copies never push out the nightly ones or the copy saved before a restore. A copy is written
 * under a temporary name and renamed when complete, so a half-written file is never listed or restored. The
 * photos' pictures are kept once across backups, beside them (backup-pictures.ts).
 * On PostgreSQL there are no built-in backups: use pg_dump (README).
 */
import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { copenhagenParts } from '../../shared/domain/dates.ts';
import type { Backup, BackupKind } from '../../shared/schemas/api-data.ts';
import { pictureStore, prunePictures, removeStalePictures } from './backup-pictures.ts';
import {
  BackupVerifyError,
  countsOutOfRange,
  liveRowCounts,
  type RowCounts,
  verifyBackupFile,
} from './backup-verify.ts';

/** How many of each kind stay: the newest of each kind, counted separately. */
export const KEEP_BACKUPS: Readonly<Record<BackupKind, number>> = {
  nightly: 14,
  start: 5,
  manual: 5,
  // At least the newest; a few, so restoring twice by mistake still leaves the data from before the first.
  beforeRestore: 5,
};
export const NIGHTLY_HOUR = 3;

const NAME =
  /^naalepuden-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(start|nightly|manual|beforeRestore)\.sqlite$/;

export function backupDirectory(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** 'naalepuden-2026-11-22T02-00-00-000Z-nightly.sqlite': sorts by time, names its kind. */
export function backupFileName(at: Date, kind: BackupKind): string {
  return `naalepuden-${at.toISOString().replaceAll(':', '-').replace('.', '-')}-${kind}.sqlite`;
}

/** The backup a file name describes, or null for other files. */
export function parseBackupFileName(name: string): { createdAt: string; kind: BackupKind } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, stamp = '', kind] = match;
  const iso = stamp.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z');
  return { createdAt: iso, kind: kind as BackupKind };
}

/** Backups in the folder, newest first. */
export function listBackups(dir: string): Backup[] {
  if (!fs.existsSync(dir)) return [];
  const backups: Backup[] = [];
  for (const name of fs.readdirSync(dir)) {
    const parsed = parseBackupFileName(name);
    if (!parsed) continue;
    backups.push({ name, ...parsed, sizeBytes: fs.statSync(path.join(dir, name)).size });
  }
  return backups.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/**
 * Deletes all but the newest `keep[kind]` backups of each kind, then the shared pictures no kept backup names
 * any more; returns the backups' names deleted. Called only once a new backup is complete (renamed into place),
 * and one backup is taken at a time, so no picture of a backup under way is ever deleted.
 */
export function pruneBackups(
  dir: string,
  keep: Readonly<Record<BackupKind, number>> = KEEP_BACKUPS,
): string[] {
  const seen: Record<BackupKind, number> = { nightly: 0, start: 0, manual: 0, beforeRestore: 0 };
  const old: string[] = [];
  const kept: Backup[] = [];
  // Newest first: the first `keep[kind]` of each kind stay.
  for (const backup of listBackups(dir)) {
    seen[backup.kind] += 1;
    if (seen[backup.kind] > Math.max(1, keep[backup.kind])) old.push(backup.name);
    else kept.push(backup);
  }
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  prunePictures(dir, kept);
  return old;
}

/**
 * Takes one online backup of the live database into `dir`, checks it and prunes old ones. The copy is made
 * self-contained (a rollback journal, not the live database's write-ahead log), then checked in a worker
 * thread (integrity_check, the shop's tables, their rows between the live counts before and after), and only
 * then renamed into place: a backup that fails, on a full disk for one, leaves no file behind.
 */
export async function takeBackup(
  sqlite: SqliteDatabase.Database,
  dir: string,
  kind: BackupKind,
  clock: () => Date = () => new Date(),
): Promise<Backup & { counts: RowCounts }> {
  fs.mkdirSync(dir, { recursive: true });
  const at = clock();
  const name = backupFileName(at, kind);
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  const removePartial = () => {
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(`${partial}${suffix}`, { force: true });
  };
  removePartial();
  let counts: RowCounts;
  try {
    const before = liveRowCounts(sqlite);
    await sqlite.backup(partial);
    const after = liveRowCounts(sqlite);
    const store = pictureStore(dir);
    counts = await verifyBackupFile(partial, { selfContained: true, share: store, pictures: store });
    const off = countsOutOfRange(counts, before, after);
    if (off.length > 0) {
      throw new BackupVerifyError({
        kind: 'damaged',
        detail: `row counts differ from the live database: ${off.join(', ')}`,
      });
    }
    fs.renameSync(partial, file);
  } catch (error) {
    removePartial();
    throw error;
  }
  pruneBackups(dir);
  return { name, kind, createdAt: at.toISOString(), sizeBytes: fs.statSync(file).size, counts };
}

/**
 * Half-written backups left by a process that was killed mid-copy: never listed, but they take disk space.
 * Removed at start (only this process writes backups into the data folder: it holds the folder's lock).
 */
export function removeStalePartials(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const stale = fs.readdirSync(dir).filter((name) => /\.sqlite\.partial(-journal|-wal|-shm)?$/.test(name));
  for (const name of stale) fs.rmSync(path.join(dir, name), { force: true });
  return [...stale, ...removeStalePictures(dir)];
}

/** The instant when the shop's clock (Europe/Copenhagen) shows the given date and whole hour. */
function copenhagenInstant(year: number, month: number, day: number, hour: number): Date {
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  // Two corrections settle the offset (+1 h or +2 h), also next to a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const p = copenhagenParts(new Date(guess));
    guess += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return new Date(guess);
}

/**
 * The next 03:00 on the shop's clock (Europe/Copenhagen, whatever the server's time zone, which is often UTC
 * in a container) strictly after `now`. 03:00 exists exactly once on every day, daylight-saving days too.
 */
export function nextNightlyRun(now: Date, hour = NIGHTLY_HOUR): Date {
  const today = copenhagenParts(now);
  const tonight = copenhagenInstant(today.year, today.month, today.day, hour);
  if (tonight.getTime() > now.getTime()) return tonight;
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return copenhagenInstant(
    tomorrow.getUTCFullYear(),
    tomorrow.getUTCMonth() + 1,
    tomorrow.getUTCDate(),
    hour,
  );
}
