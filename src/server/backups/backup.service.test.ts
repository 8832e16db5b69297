import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupKind } from '../../shared/schemas/api-data.ts';
import {
  backupFileName,
  KEEP_BACKUPS,
  listBackups,
  nextNightlyRun,
  parseBackupFileName,
  pruneBackups,
  takeBackup,
} from './backup.service.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-backup-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function liveDatabase(dir: string): SqliteDatabase.Database {
  const db = new SqliteDatabase(path.join(dir, 'live.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('create table customers (id text primary key, name text not null)');
  // The shop's other tables: a backup is checked to hold them (backup-verify.ts).
  for (const table of ['beads', 'todos', 'orders', 'order_lines'])
    db.exec(`create table ${table} (id text primary key)`);
  return db;
}

describe('nextNightlyRun', () => {
  const next = (iso: string) => nextNightlyRun(new Date(iso)).toISOString();

  it('is 03:00 in Copenhagen: today before three, tomorrow from three on', () => {
    expect(next('2026-11-22T01:30:00.000Z')).toBe('2026-11-22T02:00:00.000Z');
    expect(next('2026-11-22T02:00:00.000Z')).toBe('2026-11-23T02:00:00.000Z');
    expect(next('2026-11-22T22:59:00.000Z')).toBe('2026-11-23T02:00:00.000Z');
    // Summer time: 03:00 CEST is 01:00 UTC.
    expect(next('2026-07-01T00:30:00.000Z')).toBe('2026-07-01T01:00:00.000Z');
  });

  it('crosses month and year ends and daylight-saving changes', () => {
    expect(next('2026-12-31T12:00:00.000Z')).toBe('2027-01-01T02:00:00.000Z');
    // 29 March 2026: clocks jump from 02:00 to 03:00 CEST.
    expect(next('2026-03-29T00:30:00.000Z')).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 02:00-03:00 happens twice; 03:00 CET once.
    expect(next('2026-10-25T00:30:00.000Z')).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('backup files', () => {
  it('names a backup by its time and kind, and reads the name back', () => {
    const at = new Date('2026-11-22T02:00:00.123Z');
    const name = backupFileName(at, 'nightly');
    expect(name).toBe('naalepuden-2026-11-22T02-00-00-123Z-nightly.sqlite');
    expect(parseBackupFileName(name)).toEqual({ createdAt: at.toISOString(), kind: 'nightly' });
    expect(parseBackupFileName(`${name}.partial`)).toBeNull();
    expect(parseBackupFileName('naalepuden.sqlite')).toBeNull();
  });

  it('takes a consistent copy of a live database and keeps only the newest 14 nightly ones', async () => {
    const dir = tempDir();
    const backups = path.join(dir, 'backups');
    const db = liveDatabase(dir);
    let tick = Date.parse('2026-01-01T00:00:00.000Z');
    const clock = () => {
      tick += 60_000;
      return new Date(tick);
    };
    for (let i = 0; i < KEEP_BACKUPS.nightly + 3; i++) {
      db.prepare('insert into customers values (?, ?)').run(`c${i}`, `Kunde ${i} æøå`);
      await takeBackup(db, backups, 'nightly', clock);
    }
    const list = listBackups(backups);
    expect(list).toHaveLength(KEEP_BACKUPS.nightly);
    expect(fs.readdirSync(backups).filter((f) => f.endsWith('.partial'))).toEqual([]);
    // Newest first, and the newest holds every row written before it.
    const newest = new SqliteDatabase(path.join(backups, list[0]!.name), { readonly: true });
    expect(newest.prepare('select count(*) as n from customers').get()).toEqual({
      n: KEEP_BACKUPS.nightly + 3,
    });
    expect(newest.pragma('integrity_check', { simple: true })).toBe('ok');
    newest.close();
    expect(list.at(-1)!.createdAt < list[0]!.createdAt).toBe(true);
    db.close();
  });

  it('keeps backups per kind: 14 nightly, 5 start-up, 5 manual, and the newest before a restore', async () => {
    const dir = tempDir();
    const backups = path.join(dir, 'backups');
    fs.mkdirSync(backups);
    let tick = Date.parse('2026-01-01T00:00:00.000Z');
    const file = (kind: BackupKind) => {
      tick += 60_000;
      const name = backupFileName(new Date(tick), kind);
      fs.writeFileSync(path.join(backups, name), 'x');
      return name;
    };
    const firstBeforeRestore = file('beforeRestore');
    const nightly = Array.from({ length: 20 }, () => file('nightly'));
    // Restarts and manual copies after the restore must not push its safety copy out.
    const start = Array.from({ length: 20 }, () => file('start'));
    const manual = Array.from({ length: 20 }, () => file('manual'));
    pruneBackups(backups);
    const kept = new Set(listBackups(backups).map((b) => b.name));
    expect(kept).toContain(firstBeforeRestore);
    expect(nightly.filter((n) => kept.has(n))).toEqual(nightly.slice(-14));
    expect(start.filter((n) => kept.has(n))).toEqual(start.slice(-5));
    expect(manual.filter((n) => kept.has(n))).toEqual(manual.slice(-5));
    expect(kept.size).toBe(1 + 14 + 5 + 5);

    // Several restores: the newest beforeRestore copies stay, the oldest go (5 of them are kept).
    const restores = Array.from({ length: 7 }, () => file('beforeRestore'));
    pruneBackups(backups);
    const afterRestores = new Set(listBackups(backups).map((b) => b.name));
    expect(afterRestores).not.toContain(firstBeforeRestore);
    expect(restores.filter((n) => afterRestores.has(n))).toEqual(restores.slice(-KEEP_BACKUPS.beforeRestore));
    expect(KEEP_BACKUPS).toEqual({ nightly: 14, start: 5, manual: 5, beforeRestore: 5 });
  });

  it('never prunes the only beforeRestore copy, whatever is taken after it', async () => {
    const dir = tempDir();
    const backups = path.join(dir, 'backups');
    const db = liveDatabase(dir);
    let tick = Date.parse('2026-01-01T00:00:00.000Z');
    const clock = () => {
      tick += 60_000;
      return new Date(tick);
    };
    const safety = await takeBackup(db, backups, 'beforeRestore', clock);
    for (let i = 0; i < 20; i++) await takeBackup(db, backups, i % 2 ? 'manual' : 'start', clock);
    expect(listBackups(backups).map((b) => b.name)).toContain(safety.name);
    db.close();
  });
});
