/**
 * Checks a backup file the way a restore would need it: it opens as a SQLite database by itself,
 * `PRAGMA integrity_check` says ok, the shop's tables are there, and their row counts are read. Run in a
 * worker thread: on a big shop (80 MB) the integrity check takes seconds, which the server's event loop must
 * not wait for. With `selfContained`, the file is first switched from write-ahead logging (which SQLite's
 * backup API copies from the live database) to a rollback journal, so it opens anywhere, read-only too (a
 * full USB stick, a synced folder), with no -wal or -shm file beside it. With `share`, the photos' pictures
 * are then moved out of it into the shared pictures' folder (backup-pictures.ts), its secondary indexes kept as
 * their statements only, and the file made small again;
 * with `pictures`, every picture the backup names is read there and compared with its name.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SHOP_TABLES, type ShopTable } from '../../shared/schemas/api-data.ts';
import { INDEXES_TABLE, PICTURES_TABLE } from './backup-pictures.ts';

/** A backup's rows, or the live database's, in each of the shop's tables (a backup without them is not ours). */
export type RowCounts = Record<ShopTable, number>;

export type VerifyFailure = {
  kind: 'unreadable' | 'damaged' | 'notShop' | 'pictures';
  detail: string;
  /** With kind 'pictures': the named pictures missing from the folder, and those whose content is not their name. */
  missing?: string[];
  damaged?: string[];
};

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
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { file, selfContained, tables, share, pictures, table: picturesTable, indexesTable } = workerData;
const nameOf = (bytes) => crypto.createHash('sha256').update(bytes).digest().subarray(0, 16).toString('base64url') + '.webp';
const hasTable = (db, name) => !!db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name);
// Each picture once in the store: written by a temporary name, flushed and renamed; one already there is kept
// when its content is its name (a damaged one is written again).
function sharePictures(db, store) {
  if (!hasTable(db, 'photos') || hasTable(db, picturesTable)) return;
  let made = false;
  const put = (bytes) => {
    const name = nameOf(bytes);
    const target = path.join(store, name);
    let whole = false;
    try { whole = nameOf(fs.readFileSync(target)) === name; } catch {}
    if (!whole) {
      // The folder only once there is a picture to keep (a shop without photos has none).
      if (!made) { fs.mkdirSync(store, { recursive: true }); made = true; }
      const temporary = target + '.' + process.pid + '.tmp';
      try {
        const fd = fs.openSync(temporary, 'w');
        try { fs.writeSync(fd, bytes); fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
        fs.renameSync(temporary, target);
      } catch (error) {
        fs.rmSync(temporary, { force: true });
        throw error;
      }
    }
    return name;
  };
  const named = [];
  for (const row of db.prepare('select id, display, thumb from photos').iterate()) {
    named.push([row.id, put(row.display), put(row.thumb)]);
  }
  if (made) {
    try { const dir = fs.openSync(store, 'r'); try { fs.fsyncSync(dir); } finally { fs.closeSync(dir); } } catch {}
  }
  db.transaction(() => {
    db.exec('create table ' + picturesTable + ' (photo_id text primary key, display text not null, thumb text not null)');
    const insert = db.prepare('insert into ' + picturesTable + ' (photo_id, display, thumb) values (?, ?, ?)');
    for (const row of named) insert.run(row[0], row[1], row[2]);
    db.exec("update photos set display = x'', thumb = x''");
    // The secondary indexes (a third of the rows' bytes) are kept as their statements; a restore makes them
    // again. The constraints' own indexes (sql is null) stay.
    db.exec('create table ' + indexesTable + ' (name text primary key, sql text not null)');
    const indexes = db.prepare("select name, sql from sqlite_master where type = 'index' and sql is not null").all();
    const keep = db.prepare('insert into ' + indexesTable + ' (name, sql) values (?, ?)');
    for (const index of indexes) {
      keep.run(index.name, index.sql);
      db.exec('drop index "' + index.name.replaceAll('"', '""') + '"');
    }
  })();
  db.exec('vacuum');
}
function checkPictures(db, store) {
  const missing = [];
  const damaged = [];
  if (!hasTable(db, picturesTable)) return null;
  const names = new Set();
  for (const row of db.prepare('select display, thumb from ' + picturesTable).iterate()) {
    names.add(row.display);
    names.add(row.thumb);
  }
  for (const name of names) {
    let bytes;
    try { bytes = fs.readFileSync(path.join(store, name)); } catch { missing.push(name); continue; }
    if (nameOf(bytes) !== name) damaged.push(name);
  }
  if (missing.length === 0 && damaged.length === 0) return null;
  return {
    kind: 'pictures',
    detail: missing.length + ' missing, ' + damaged.length + ' damaged of ' + names.size + ' pictures in ' + store,
    missing,
    damaged,
  };
}
let db;
try {
  if (selfContained) {
    const writable = new Database(file, { fileMustExist: true });
    try {
      writable.pragma('journal_mode = DELETE');
      if (share) sharePictures(writable, share);
    } finally { writable.close(); }
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
      const problem = pictures ? checkPictures(db, pictures) : null;
      if (problem) parentPort.postMessage({ failure: problem });
      else if (!pictures && hasTable(db, picturesTable)) {
        parentPort.postMessage({ failure: { kind: 'pictures', detail: 'no pictures folder given', missing: [], damaged: [] } });
      } else parentPort.postMessage({ counts });
    }
  }
} catch (error) {
  parentPort.postMessage({ failure: { kind: 'damaged', detail: String(error && error.message) } });
} finally {
  db.close();
}
`;

/**
 * Checks `file` in a worker thread; resolves with its row counts, rejects with a BackupVerifyError. `pictures`:
 * the shared pictures' folder the backup's named pictures are checked in (required when it names any);
 * `share`: the folder to move its pictures into first (with `selfContained`, for a backup just taken).
 */
export function verifyBackupFile(
  file: string,
  options: { selfContained?: boolean; share?: string; pictures?: string } = {},
): Promise<RowCounts> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`(() => {${WORKER}})()`, {
      eval: true,
      workerData: {
        file,
        selfContained: options.selfContained ?? false,
        share: options.share ?? null,
        pictures: options.pictures ?? null,
        table: PICTURES_TABLE,
        indexesTable: INDEXES_TABLE,
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
