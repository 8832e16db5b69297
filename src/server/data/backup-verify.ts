/**
 * Checks a backup file the way a restore would need it: it opens as a SQLite database by itself,
 * `PRAGMA integrity_check` says ok, the shop's tables are there, and their row counts are read. Run in a
 * worker thread: on a big shop (80 MB) the integrity check takes seconds, which the server's event loop must
 * not wait for. With `selfContained`, the file is first switched from write-ahead logging (which SQLite's
 * backup API copies from the live database) to a rollback journal, so it opens anywhere, read-only too (a
 * full USB stick, a synced folder), with no -wal or -shm file beside it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The shop's tables: a backup without them is not Nålepuden's, and their rows are counted. */
export const SHOP_TABLES = ['customers', 'beads', 'todos', 'orders', 'order_lines'] as const;
export type ShopTable = (typeof SHOP_TABLES)[number];
export type RowCounts = Record<ShopTable, number>;

export type VerifyFailure = { kind: 'unreadable' | 'damaged' | 'notShop'; detail: string };

export class BackupVerifyError extends Error {
  constructor(public readonly failure: VerifyFailure) {
    super(`${failure.kind}: ${failure.detail}`);
    this.name = 'BackupVerifyError';
  }
}

const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');

// CommonJS, evaluated by the worker: no TypeScript loader is needed there (tests, tsx, plain node alike).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const { file, selfContained, tables } = workerData;
let db;
try {
  if (selfContained) {
    const writable = new Database(file, { fileMustExist: true });
    try { writable.pragma('journal_mode = DELETE'); } finally { writable.close(); }
  }
  db = new Database(file, { readonly: true, fileMustExist: true });
} catch (error) {
  parentPort.postMessage({ failure: { kind: 'unreadable', detail: String(error && error.message) } });
  return;
}
try {
  const result = db.pragma('integrity_check').map((row) => row.integrity_check).join('; ');
  if (result !== 'ok') {
    parentPort.postMessage({ failure: { kind: 'damaged', detail: result } });
  } else {
    const present = new Set(db.prepare("select name from sqlite_master where type = 'table'").all().map((row) => row.name));
    const missing = tables.filter((table) => !present.has(table));
    if (missing.length > 0) {
      parentPort.postMessage({ failure: { kind: 'notShop', detail: 'missing ' + missing.join(', ') } });
    } else {
      const counts = {};
      for (const table of tables) counts[table] = db.prepare('select count(*) as n from ' + table).get().n;
      parentPort.postMessage({ counts });
    }
  }
} catch (error) {
  parentPort.postMessage({ failure: { kind: 'damaged', detail: String(error && error.message) } });
} finally {
  db.close();
}
`;

/** Checks `file` in a worker thread; resolves with its row counts, rejects with a BackupVerifyError. */
export function verifyBackupFile(
  file: string,
  options: { selfContained?: boolean } = {},
): Promise<RowCounts> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`(() => {${WORKER}})()`, {
      eval: true,
      workerData: {
        file,
        selfContained: options.selfContained ?? false,
        tables: SHOP_TABLES,
        module: betterSqlite3,
      },
    });
    let settled = false;
    worker.once('message', (message: { counts?: RowCounts; failure?: VerifyFailure }) => {
      settled = true;
      if (message.counts) resolve(message.counts);
      else reject(new BackupVerifyError(message.failure ?? { kind: 'damaged', detail: 'no answer' }));
    });
    worker.once('error', (error) => {
      if (!settled) reject(new BackupVerifyError({ kind: 'unreadable', detail: error.message }));
      settled = true;
    });
    worker.once('exit', () => {
      if (!settled) reject(new BackupVerifyError({ kind: 'unreadable', detail: 'the check stopped' }));
    });
  });
}

/** The live database's row counts (the server's own connection; a few milliseconds). */
export function liveRowCounts(sqlite: { prepare(sql: string): { get(): unknown } }): RowCounts {
  const counts = {} as RowCounts;
  for (const table of SHOP_TABLES) {
    counts[table] = (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  }
  return counts;
}

/**
 * The backup's counts must lie between the live counts just before and just after it was taken (writes may
 * happen meanwhile; a backup missing rows cannot pass unless the shop changed by as much at that moment).
 * Returns the tables that do not, empty when the backup agrees.
 */
export function countsOutOfRange(backup: RowCounts, before: RowCounts, after: RowCounts): ShopTable[] {
  return SHOP_TABLES.filter((table) => {
    const low = Math.min(before[table], after[table]);
    const high = Math.max(before[table], after[table]);
    return backup[table] < low || backup[table] > high;
  });
}
