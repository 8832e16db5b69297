import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { listBackups, pruneBackups, takeBackup } from './backup.service.ts';
import { copyBackup } from './backup-copy.ts';
import { brokenPictures, namedPictures, pictureName, pictureStore } from './backup-pictures.ts';
import { BackupVerifyError, verifyBackupFile } from './backup-verify.ts';
import { RestoreError, restoreBackup } from './restore.service.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-pictures-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A live database with the shop's tables and the photos table of migration 0009. */
function liveShop(dir: string): SqliteDatabase.Database {
  const db = new SqliteDatabase(path.join(dir, 'naalepuden.sqlite'));
  db.pragma('journal_mode = WAL');
  for (const table of ['customers', 'beads', 'todos', 'orders', 'order_lines'])
    db.exec(`create table ${table} (id text primary key)`);
  db.exec(`create table photos (id text primary key check (length(id) = 22), display blob not null,
    thumb blob not null, width integer not null, height integer not null, created_at text not null)`);
  // Secondary indexes, as the migrations make (a backup keeps them as statements, a restore makes them again).
  db.exec('create index photos_created_idx on photos (created_at)');
  db.exec('create unique index customers_id_uq on customers (id)');
  db.prepare("insert into customers (id) values ('c1')").run();
  return db;
}

type Photo = { id: string; display: Buffer; thumb: Buffer };
/** A photo of random bytes (incompressible, like WebP): 40 kB display, 4 kB thumbnail. */
function addPhoto(db: SqliteDatabase.Database): Photo {
  const display = crypto.randomBytes(40_000);
  const thumb = crypto.randomBytes(4_000);
  const id = pictureName(display).slice(0, 22);
  db.prepare(
    "insert into photos (id, display, thumb, width, height, created_at) values (?, ?, ?, 1600, 1200, '2026-01-01')",
  ).run(id, display, thumb);
  return { id, display, thumb };
}

let second = 0;
const nextClock = () => {
  second += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second));
  return () => at;
};
const storeFiles = (dir: string) => fs.readdirSync(pictureStore(dir)).sort();
const bytesOf = (dir: string) =>
  fs.readdirSync(dir, { recursive: true }).reduce((sum, name) => {
    const stat = fs.statSync(path.join(dir, String(name)));
    return stat.isFile() ? sum + stat.size : sum;
  }, 0);

function photosIn(file: string): Map<string, { display: Buffer; thumb: Buffer }> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const rows = db.prepare('select id, display, thumb from photos').all() as Photo[];
    return new Map(rows.map((row) => [row.id, { display: row.display, thumb: row.thumb }]));
  } finally {
    db.close();
  }
}

describe('backups keep each picture once', () => {
  it('three backups name the same pictures, kept once: the backup files hold none of their bytes', async () => {
    const live = tempDir();
    const db = liveShop(live);
    const photos = Array.from({ length: 12 }, () => addPhoto(db));
    const dir = path.join(live, 'backups');
    const first = await takeBackup(db, dir, 'manual', nextClock());
    const one = bytesOf(dir);
    await takeBackup(db, dir, 'manual', nextClock());
    await takeBackup(db, dir, 'nightly', nextClock());
    // 24 pictures, each once, named by its content.
    const expected = photos.flatMap((p) => [pictureName(p.display), pictureName(p.thumb)]).sort();
    expect(storeFiles(dir)).toEqual(expected);
    expect(namedPictures(path.join(dir, first.name))?.sort()).toEqual(expected);
    expect(bytesOf(dir)).toBeLessThanOrEqual(1.6 * one);
    // The backup file itself has the rows (a few pages), not the pictures' 528 kB.
    expect(first.sizeBytes).toBeLessThan(100_000);
    db.close();
  });

  it('pruning deletes the pictures no kept backup names, and nothing when a kept backup cannot be read', async () => {
    const live = tempDir();
    const db = liveShop(live);
    const gone = addPhoto(db);
    const stays = addPhoto(db);
    const dir = path.join(live, 'backups');
    await takeBackup(db, dir, 'manual', nextClock());
    db.prepare('delete from photos where id = ?').run(gone.id);
    await takeBackup(db, dir, 'manual', nextClock());
    // Both backups are kept (5 manual): the deleted photo's pictures stay for the older one.
    expect(storeFiles(dir)).toHaveLength(4);

    const newest = listBackups(dir)[0]!;
    const unreadable = path.join(dir, 'naalepuden-2020-01-01T00-00-00-000Z-start.sqlite');
    fs.writeFileSync(unreadable, 'no database');
    pruneBackups(dir, { manual: 1, nightly: 1, start: 1, beforeRestore: 1 });
    expect(storeFiles(dir)).toHaveLength(4);

    fs.rmSync(unreadable);
    pruneBackups(dir, { manual: 1, nightly: 1, start: 1, beforeRestore: 1 });
    expect(listBackups(dir).map((b) => b.name)).toEqual([newest.name]);
    expect(storeFiles(dir)).toEqual([pictureName(stays.display), pictureName(stays.thumb)].sort());
    db.close();
  });

  it('restore puts every picture back; a missing or damaged one refuses the whole restore', async () => {
    const live = tempDir();
    const db = liveShop(live);
    const photos = [addPhoto(db), addPhoto(db)];
    const dir = path.join(live, 'backups');
    const backup = await takeBackup(db, dir, 'manual', nextClock());
    db.close();

    const target = tempDir();
    const dbFile = path.join(target, 'naalepuden.sqlite');
    await restoreBackup({ backupFile: path.join(dir, backup.name), dbFile, dataDir: target });
    const restored = photosIn(dbFile);
    for (const photo of photos) {
      expect(restored.get(photo.id)?.display.equals(photo.display)).toBe(true);
      expect(restored.get(photo.id)?.thumb.equals(photo.thumb)).toBe(true);
    }
    const schema = (file: string) => {
      const opened = new SqliteDatabase(file, { readonly: true });
      try {
        return opened
          .prepare('select type, name, sql from sqlite_master where sql is not null order by name')
          .all();
      } finally {
        opened.close();
      }
    };
    // The backup file kept its indexes as statements only; the restored database is the live one's schema.
    const backupFile = path.join(dir, backup.name);
    expect(schema(backupFile).filter((row) => (row as { type: string }).type === 'index')).toEqual([]);
    expect(schema(dbFile)).toEqual(schema(path.join(live, 'naalepuden.sqlite')));

    const before = fs.readFileSync(dbFile);
    const thumb = path.join(pictureStore(dir), pictureName(photos[1]!.thumb));
    const saved = fs.readFileSync(thumb);
    fs.rmSync(thumb);
    const missing = restoreBackup({ backupFile: path.join(dir, backup.name), dbFile, dataDir: target });
    await expect(missing).rejects.toThrow(RestoreError);
    await expect(missing).rejects.toThrow(/1 af dens fotos mangler/);
    const damaged = Buffer.from(saved);
    damaged[100] = damaged[100]! ^ 0xff;
    fs.writeFileSync(thumb, damaged);
    await expect(
      restoreBackup({ backupFile: path.join(dir, backup.name), dbFile, dataDir: target }),
    ).rejects.toThrow(/1 af dens fotos er beskadigede/);
    // Nothing restored half, and no safety copy taken for a restore that never happened.
    expect(fs.readFileSync(dbFile).equals(before)).toBe(true);
    expect(fs.existsSync(path.join(target, 'backups'))).toBe(false);
  });

  it('the check reads every named picture: a missing and a damaged one are found and counted per backup', async () => {
    const live = tempDir();
    const db = liveShop(live);
    const [a, b] = [addPhoto(db), addPhoto(db)];
    const dir = path.join(live, 'backups');
    const older = await takeBackup(db, dir, 'manual', nextClock());
    db.prepare('delete from photos where id = ?').run(b!.id);
    const newer = await takeBackup(db, dir, 'manual', nextClock());
    const store = pictureStore(dir);
    await expect(verifyBackupFile(path.join(dir, older.name), { pictures: store })).resolves.toBeDefined();

    fs.rmSync(path.join(store, pictureName(b!.display)));
    const thumbA = path.join(store, pictureName(a!.thumb));
    fs.writeFileSync(thumbA, Buffer.concat([fs.readFileSync(thumbA), Buffer.from([0])]));
    const failure = await verifyBackupFile(path.join(dir, older.name), { pictures: store }).catch(
      (error: BackupVerifyError) => error.failure,
    );
    expect(failure).toMatchObject({
      kind: 'pictures',
      missing: [pictureName(b!.display)],
      damaged: [pictureName(a!.thumb)],
    });
    // Without its folder a backup that names pictures is not passed.
    await expect(verifyBackupFile(path.join(dir, newer.name))).rejects.toThrow(BackupVerifyError);
    // The list: a missing picture by the folder alone, a damaged one as a check recorded it.
    const listed = listBackups(dir);
    expect(brokenPictures(dir, listed)).toEqual(new Map([[older.name, 1]]));
    expect(brokenPictures(dir, listed, new Set([pictureName(a!.thumb)]))).toEqual(
      new Map([
        [newer.name, 1],
        [older.name, 2],
      ]),
    );
    // The next backup writes the damaged picture again (the shop still has the photo).
    await takeBackup(db, dir, 'manual', nextClock());
    expect(pictureName(fs.readFileSync(thumbA))).toBe(pictureName(a!.thumb));
    db.close();
  });

  it('a backup from before (its photos inside) is still checked and restored, and prunes nothing of others', async () => {
    const live = tempDir();
    const db = liveShop(live);
    const photo = addPhoto(db);
    const dir = path.join(live, 'backups');
    fs.mkdirSync(dir);
    const oldName = 'naalepuden-2025-06-01T01-00-00-000Z-nightly.sqlite';
    await db.backup(path.join(dir, oldName));
    const plain = new SqliteDatabase(path.join(dir, oldName));
    plain.pragma('journal_mode = DELETE');
    plain.close();
    expect(namedPictures(path.join(dir, oldName))).toEqual([]);
    await takeBackup(db, dir, 'manual', nextClock());
    db.close();
    expect(storeFiles(dir)).toHaveLength(2);
    await expect(
      verifyBackupFile(path.join(dir, oldName), { pictures: pictureStore(dir) }),
    ).resolves.toMatchObject({ customers: 1 });

    const target = tempDir();
    const dbFile = path.join(target, 'naalepuden.sqlite');
    await restoreBackup({ backupFile: path.join(dir, oldName), dbFile, dataDir: target });
    expect(photosIn(dbFile).get(photo.id)?.display.equals(photo.display)).toBe(true);
  });

  it('the copy folder gets each picture once, checked; one damaged there is copied again', async () => {
    const live = tempDir();
    const copyDir = tempDir();
    const db = liveShop(live);
    const photo = addPhoto(db);
    const dir = path.join(live, 'backups');
    const first = await takeBackup(db, dir, 'manual', nextClock());
    await copyBackup(path.join(dir, first.name), copyDir);
    const copied = path.join(pictureStore(copyDir), pictureName(photo.display));
    expect(fs.readFileSync(copied).equals(photo.display)).toBe(true);
    const firstWrite = fs.statSync(copied).mtimeMs;

    addPhoto(db);
    const second = await takeBackup(db, dir, 'manual', nextClock());
    await new Promise((resolve) => setTimeout(resolve, 20));
    await copyBackup(path.join(dir, second.name), copyDir);
    expect(storeFiles(copyDir)).toEqual(storeFiles(dir));
    expect(fs.statSync(copied).mtimeMs).toBe(firstWrite);

    fs.writeFileSync(copied, Buffer.alloc(10));
    const third = await takeBackup(db, dir, 'manual', nextClock());
    await copyBackup(path.join(dir, third.name), copyDir);
    expect(fs.readFileSync(copied).equals(photo.display)).toBe(true);
    expect(listBackups(copyDir)).toHaveLength(3);
    db.close();
  });
});
