/**
 * The shop's backups as the server keeps them: every backup (start, nightly, manual, before a
 * restore) is checked when written and copied to BACKUP_COPY_DIR when set; a restore drill reads the newest
 * copy every night; what happened is kept in DATA_DIR/backup-state.json for Indstillinger → Sikkerhedskopier
 * and the banner. Nothing here ever stops the shop or blocks a write: failures are recorded and logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type { Backup, BackupHealth, BackupKind } from '../../shared/schemas/api-data.ts';
import { backupDirectory, listBackups, nextNightlyRun, takeBackup } from './backup.service.ts';
import { BackupCopyError, copyBackup } from './backup-copy.ts';
import { brokenPictures, checkPictures, namedPictures, pictureStore } from './backup-pictures.ts';
import { type RowCounts, verifyBackupFile } from './backup-verify.ts';

/** A copy older than this needs the owner's attention. */
export const COPY_STALE_MS = 2 * 24 * 60 * 60 * 1000;
/** Less free space than this on the data folder's disk is shown as a warning. */
export const LOW_DISK_BYTES = 200 * 1024 * 1024;

type State = {
  copy?: { lastCopyAt?: string; lastCopyName?: string; lastFailure?: BackupHealth['copy']['lastFailure'] };
  lastVerified?: { at: string; name: string; counts: RowCounts };
  lastVerifyFailure?: { at: string; detail: string };
  lastCheck?: { at: string; name: string; counts: RowCounts };
  /** Shared pictures a check found damaged (content not its name); Indstillinger names the backups naming them. */
  damagedPictures?: string[];
};

/** The state after a check of pictures: `whole` ones are no longer damaged, `damaged` ones are. */
export function recordPictureCheck(state: State, whole: Iterable<string>, damaged: Iterable<string>): State {
  const next = new Set(state.damagedPictures ?? []);
  for (const name of whole) next.delete(name);
  for (const name of damaged) next.add(name);
  return { ...state, damagedPictures: [...next] };
}

export function stateFile(dataDir: string): string {
  return path.join(dataDir, 'backup-state.json');
}

export function readState(dataDir: string): State {
  try {
    return JSON.parse(fs.readFileSync(stateFile(dataDir), 'utf8')) as State;
  } catch {
    return {};
  }
}

/** Written by temporary name and rename; a full disk only loses the newest entry (it is in memory and the log). */
export function writeState(dataDir: string, state: State): void {
  const file = stateFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, JSON.stringify(state, null, 2));
    fs.renameSync(temporary, file);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * The data folder's backups for Indstillinger, newest first, each with how many of the pictures it names are
 * missing from the shared folder or were found damaged by a check (only when any are: it cannot be restored).
 */
export function listedBackups(dataDir: string): Backup[] {
  const dir = backupDirectory(dataDir);
  const backups = listBackups(dir);
  const broken = brokenPictures(dir, backups, new Set(readState(dataDir).damagedPictures ?? []));
  return backups.map((backup) => {
    const count = broken.get(backup.name);
    return count ? { ...backup, brokenPictures: count } : backup;
  });
}

export function freeBytes(dir: string): number | null {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type Backups = {
  /** Takes, checks and copies one backup; rejects when the backup itself failed (the copy never rejects). */
  take(kind: BackupKind): Promise<{ name: string; kind: BackupKind; createdAt: string; sizeBytes: number }>;
  /** Restores the newest copy (or backup) into a temporary file and reads it; records the result. */
  drill(): Promise<void>;
  health(now?: Date): BackupHealth;
  /** A backup now and every night at 03:00 (then the drill) until stop(). */
  startSchedule(): Promise<void>;
  stop(): Promise<void>;
};

export function createBackups(options: {
  sqlite: SqliteDatabase.Database;
  dataDir: string;
  copyDir: string | undefined;
  log: Log;
  clock?: () => Date;
}): Backups {
  const clock = options.clock ?? (() => new Date());
  const { dataDir, copyDir, log } = options;
  const dir = backupDirectory(dataDir);
  let state = readState(dataDir);
  const save = (next: State) => {
    state = next;
    writeState(dataDir, state);
  };
  // One backup at a time (a manual one may be asked for while the nightly one runs): a backup prunes the
  // shared pictures no complete backup names, which must never include those of one under way.
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const copy = async (file: string) => {
    if (!copyDir) return;
    try {
      const name = await copyBackup(file, copyDir);
      save({ ...state, copy: { lastCopyAt: clock().toISOString(), lastCopyName: name } });
      log.info({ copy: path.join(copyDir, name) }, 'backup copied');
    } catch (error) {
      const reason = error instanceof BackupCopyError ? error.reason : 'other';
      save({ ...state, copy: { ...state.copy, lastFailure: { at: clock().toISOString(), reason } } });
      log.error({ err: error, copyDir }, 'backup copy failed');
    }
  };

  const take: Backups['take'] = (kind) => {
    const work = running.then(async () => {
      try {
        const backup = await takeBackup(options.sqlite, dir, kind, clock);
        // Its pictures were just read whole (one found damaged is written again): no longer damaged. The
        // damaged ones a check found meanwhile (npm run restore -- --check writes the file) are kept.
        const checked = { ...state, damagedPictures: readState(dataDir).damagedPictures };
        save({
          ...recordPictureCheck(checked, namedPictures(path.join(dir, backup.name)) ?? [], []),
          lastVerified: { at: backup.createdAt, name: backup.name, counts: backup.counts },
          lastVerifyFailure: undefined,
        });
        await copy(path.join(dir, backup.name));
        const { counts: _counts, ...listed } = backup;
        return listed;
      } catch (error) {
        save({
          ...state,
          lastVerifyFailure: { at: clock().toISOString(), detail: (error as Error).message },
        });
        throw error;
      }
    });
    running = work.catch(() => undefined);
    return work;
  };

  const drill: Backups['drill'] = async () => {
    const source = (copyDir && listBackups(copyDir)[0] && copyDir) || dir;
    const newest = listBackups(source)[0];
    if (!newest) return;
    const temporary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-drill-')), newest.name);
    try {
      await fs.promises.copyFile(path.join(source, newest.name), temporary);
      const counts = await verifyBackupFile(temporary, { pictures: pictureStore(source) });
      save({ ...state, lastCheck: { at: clock().toISOString(), name: newest.name, counts } });
      log.info({ backup: newest.name, counts }, 'restore drill passed');
    } catch (error) {
      log.error({ err: error, backup: newest.name }, 'restore drill failed');
    } finally {
      fs.rmSync(path.dirname(temporary), { recursive: true, force: true });
    }
    // Every picture a kept backup names, read in both folders; Indstillinger names each backup of the data
    // folder that names a missing or damaged one (the next backup writes a damaged one again while the shop
    // still has the photo).
    for (const folder of copyDir ? [dir, copyDir] : [dir]) {
      const names = new Set<string>();
      for (const backup of listBackups(folder)) {
        for (const name of namedPictures(path.join(folder, backup.name)) ?? []) names.add(name);
      }
      const check = await checkPictures(pictureStore(folder), names);
      if (folder === dir) save(recordPictureCheck(state, names, check.damaged));
      if (check.missing.length + check.damaged.length > 0) {
        log.error({ folder, ...check }, 'backup pictures missing or damaged');
      }
    }
  };

  const schedule = () => {
    if (stopped) return;
    const delay = Math.max(1000, nextNightlyRun(clock()).getTime() - clock().getTime());
    timer = setTimeout(() => {
      running = take('nightly')
        .then(
          () => drill(),
          (error) => log.error({ err: error }, 'backup failed'),
        )
        .then(schedule);
    }, delay);
    // The schedule alone must never keep the process alive (tests, CLIs).
    timer.unref();
  };

  return {
    take,
    drill,
    health(now = clock()) {
      const free = freeBytes(dataDir);
      const lastCopyAt = state.copy?.lastCopyAt ?? null;
      const lastFailure = state.copy?.lastFailure ?? null;
      const failing = lastFailure !== null && (lastCopyAt === null || lastFailure.at > lastCopyAt);
      const old = lastCopyAt === null || now.getTime() - Date.parse(lastCopyAt) > COPY_STALE_MS;
      return {
        copy: {
          directory: copyDir ?? null,
          lastCopyAt,
          lastCopyName: state.copy?.lastCopyName ?? null,
          lastFailure: failing ? lastFailure : null,
          needsAttention: copyDir !== undefined && (failing || old),
        },
        lastVerified: state.lastVerified ?? null,
        lastVerifyFailure:
          state.lastVerifyFailure &&
          (!state.lastVerified || state.lastVerifyFailure.at > state.lastVerified.at)
            ? state.lastVerifyFailure
            : null,
        lastCheck: state.lastCheck ?? null,
        disk: { freeBytes: free, low: free !== null && free < LOW_DISK_BYTES, databaseBytes: null },
      };
    },
    async startSchedule() {
      await take('start').then(
        (backup) => log.info({ backup: backup.name }, 'backup taken'),
        (error) => log.error({ err: error }, 'backup failed'),
      );
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
