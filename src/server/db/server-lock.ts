/**
 * One process at a time per data folder. The server (and `npm run restore` while it works) holds an
 * operating-system lock on `DATA_DIR/server.lock` for its whole life: a small SQLite database opened with
 * `PRAGMA locking_mode = EXCLUSIVE` and written once, so its connection keeps SQLite's exclusive file lock
 * (fcntl on Linux and macOS, LockFileEx on Windows) until it is closed. The kernel drops such a lock when the
 * process ends in any way, SIGKILL and power loss included, so a stale lock cannot exist. A second opener
 * gets SQLITE_BUSY at once (busy timeout 0). Node has no flock; better-sqlite3 is already a dependency.
 *
 * Beside it, `DATA_DIR/server.pid` names the holding server's process, only to make the refusal message
 * helpful: the lock decides, the pid file is a hint (it may be missing or stale).
 *
 * It lives here, beside the database's opening (open-database.ts), because it guards the SQLite database in
 * DATA_DIR for one process: the server holds it (main.ts), and the commands that must not run beside a server
 * take it too (cli/restore.ts replaces the file, cli/dev.ts checks first). Below both, as main.ts and cli/ may
 * not import each other (docs/architecture.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export const LOCK_FILE = 'server.pid';
export const LOCK_DATABASE = 'server.lock';

/** The pid file that names the server holding the data folder. */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

export function lockDatabaseFile(dataDir: string): string {
  return path.join(dataDir, LOCK_DATABASE);
}

/** Another process holds the data folder; `pid` is the server named in the pid file, when it is alive. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `Another Nålepuden server is already using DATA_DIR ${dataDir}${pid === null ? '' : ` (process ${pid})`}; stop it first. (Or a restore is running: npm run restore.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process the pid file names (not this one), or null. A hint for messages only. */
export function runningServerPid(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

function openLockDatabase(dataDir: string): SqliteDatabase.Database {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(lockDatabaseFile(dataDir), { timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in EXCLUSIVE locking mode it is kept after the commit.
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)');
    db.exec('DELETE FROM holder');
    db.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    db.exec('COMMIT');
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Nothing to close.
    }
    if (isBusy(error)) throw new DataDirInUseError(dataDir, runningServerPid(dataDir));
    throw error;
  }
}

/** Open lock connections, referenced here so garbage collection can never close one (and drop its lock). */
const held = new Set<SqliteDatabase.Database>();

export type DataDirLock = {
  /** Closes the lock database (the OS lock goes with it) and removes our pid file. Idempotent. */
  release: () => void;
};

/**
 * Takes the data folder's lock or throws DataDirInUseError at once. `writePid`: the server names itself in
 * `server.pid` (removed again on release and on process exit); the restore CLI does not.
 */
export function lockDataDir(dataDir: string, options: { writePid?: boolean } = {}): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openLockDatabase(dataDir);
  const pidFile = lockFile(dataDir);
  if (options.writePid) fs.writeFileSync(pidFile, `${process.pid}\n`);
  held.add(db);
  let released = false;
  const removePidFile = () => {
    if (!options.writePid) return;
    try {
      if (fs.readFileSync(pidFile, 'utf8').trim() === String(process.pid))
        fs.rmSync(pidFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', removePidFile);
    removePidFile();
    held.delete(db);
    try {
      db.close();
    } catch {
      // The process is ending; the OS drops the lock anyway.
    }
  };
  process.once('exit', removePidFile);
  return { release };
}
