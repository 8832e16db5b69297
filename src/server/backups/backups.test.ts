/**
 * Every backup is self-contained and checked when written, copied to BACKUP_COPY_DIR (atomically,
 * checked, pruned per kind), and a copy folder that is missing, a file or read-only never stops a backup; what
 * happened is in the health Indstillinger and the banner read. Real SQLite files, real folders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { canMountTmpfs, mountTmpfs } from '../../../tests/support/tmpfs.ts';
import { KEEP_BACKUPS, listBackups } from './backup.service.ts';
import { BackupVerifyError, verifyBackupFile } from './backup-verify.ts';
import { COPY_STALE_MS, createBackups, readState } from './backups.ts';

const dirs: string[] = [];
const dbs: SqliteDatabase.Database[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) {
    fs.chmodSync(dir, 0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-backups-'));
  dirs.push(dir);
  return dir;
}

/** A live shop database in WAL mode, as the server has it, with a few rows. */
function liveShop(dataDir: string): SqliteDatabase.Database {
  const db = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'));
  dbs.push(db);
  db.pragma('journal_mode = WAL');
  for (const table of ['customers', 'beads', 'todos', 'orders', 'order_lines'])
    db.exec(`create table ${table} (id text primary key, name text)`);
  for (let i = 0; i < 5; i++) db.prepare('insert into customers values (?, ?)').run(`c${i}`, `Kunde ${i}`);
  db.prepare('insert into orders values (?, ?)').run('o1', 'ordre');
  return db;
}

const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    info: (_o: object, msg: string) => lines.push(msg),
    error: (_o: object, msg: string) => lines.push(msg),
  };
};

function clockFrom(iso: string) {
  let tick = Date.parse(iso);
  return {
    now: () => new Date(tick),
    advance: (ms: number) => {
      tick += ms;
    },
    clock: () => {
      tick += 1000;
      return new Date(tick);
    },
  };
}

describe('a backup', () => {
  it('is self-contained (a rollback journal, no -wal) and opens read-only in a read-only folder', async () => {
    const dataDir = tempDir();
    const backups = createBackups({
      sqlite: liveShop(dataDir),
      dataDir,
      copyDir: undefined,
      log: quietLog(),
    });
    const backup = await backups.take('manual');
    const file = path.join(dataDir, 'backups', backup.name);
    const probe = new SqliteDatabase(file, { readonly: true });
    expect(probe.pragma('journal_mode', { simple: true })).toBe('delete');
    probe.close();
    const readOnly = tempDir();
    fs.copyFileSync(file, path.join(readOnly, backup.name));
    fs.chmodSync(readOnly, 0o500);
    expect(await verifyBackupFile(path.join(readOnly, backup.name))).toMatchObject({
      customers: 5,
      orders: 1,
    });
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toEqual([backup.name]);
    expect(backups.health().lastVerified).toMatchObject({ name: backup.name, counts: { customers: 5 } });
  });

  it('that is not a shop database is refused by the check', async () => {
    const dir = tempDir();
    const other = new SqliteDatabase(path.join(dir, 'other.sqlite'));
    other.exec('create table notes (id text)');
    other.close();
    await expect(verifyBackupFile(path.join(dir, 'other.sqlite'))).rejects.toBeInstanceOf(BackupVerifyError);
    fs.writeFileSync(path.join(dir, 'garbage.sqlite'), 'not a database at all, just text '.repeat(200));
    await expect(verifyBackupFile(path.join(dir, 'garbage.sqlite'))).rejects.toMatchObject({
      failure: { kind: expect.stringMatching(/unreadable|damaged/) },
    });
  });
});

describe('the copy folder (BACKUP_COPY_DIR)', () => {
  it('gets every backup, checked, under its own name, pruned per kind like the main folder', async () => {
    const dataDir = tempDir();
    const copyDir = tempDir();
    const time = clockFrom('2026-11-20T10:00:00.000Z');
    const backups = createBackups({
      sqlite: liveShop(dataDir),
      dataDir,
      copyDir,
      log: quietLog(),
      clock: time.clock,
    });
    for (let i = 0; i < KEEP_BACKUPS.start + 2; i++) await backups.take('start');
    const nightly = await backups.take('nightly');
    const copies = listBackups(copyDir);
    expect(copies.filter((b) => b.kind === 'start')).toHaveLength(KEEP_BACKUPS.start);
    expect(copies.map((b) => b.name)).toContain(nightly.name);
    expect(fs.readdirSync(copyDir).filter((name) => !name.endsWith('.sqlite'))).toEqual([]);
    expect(await verifyBackupFile(path.join(copyDir, nightly.name))).toMatchObject({ customers: 5 });
    const health = backups.health(time.now());
    expect(health.copy).toMatchObject({ directory: copyDir, lastCopyName: nightly.name, lastFailure: null });
    expect(health.copy.needsAttention).toBe(false);
    // Two days without a new copy: the banner asks for attention.
    time.advance(COPY_STALE_MS + 60_000);
    expect(backups.health(time.now()).copy.needsAttention).toBe(true);
  });

  it.each([
    ['missing', (dir: string) => path.join(dir, 'usb-disk-not-plugged-in'), 'missing'],
    [
      'a file',
      (dir: string) => {
        fs.writeFileSync(path.join(dir, 'a-file'), 'x');
        return path.join(dir, 'a-file');
      },
      'notFolder',
    ],
  ] as const)('that is %s never stops the backup, and says why', async (_name, make, reason) => {
    const dataDir = tempDir();
    const copyDir = make(tempDir());
    const log = quietLog();
    const backups = createBackups({ sqlite: liveShop(dataDir), dataDir, copyDir, log });
    const backup = await backups.take('manual');
    // The backup itself is there and good.
    expect(listBackups(path.join(dataDir, 'backups')).map((b) => b.name)).toEqual([backup.name]);
    const health = backups.health();
    expect(health.copy.lastFailure?.reason).toBe(reason);
    expect(health.copy.needsAttention).toBe(true);
    expect(log.lines).toContain('backup copy failed');
    // A missing folder is not created (a USB disk that is not there must not become a local folder).
    if (reason === 'missing') expect(fs.existsSync(copyDir)).toBe(false);
    // Kept across a restart of the server.
    expect(readState(dataDir).copy?.lastFailure?.reason).toBe(reason);
  });

  const tmpfs = canMountTmpfs();
  it.skipIf(!tmpfs.ok)(
    `that is read-only or full never stops the backup, and leaves nothing half-written${tmpfs.ok ? '' : ` (skipped: ${tmpfs.reason})`}`,
    async () => {
      const readOnly = mountTmpfs(4096);
      const full = mountTmpfs(256);
      try {
        readOnly.remountReadOnly();
        full.fill();
        for (const [disk, reason] of [
          [readOnly, 'noAccess'],
          [full, 'full'],
        ] as const) {
          const dataDir = tempDir();
          const backups = createBackups({
            sqlite: liveShop(dataDir),
            dataDir,
            copyDir: disk.dir,
            log: quietLog(),
          });
          const backup = await backups.take('manual');
          expect(listBackups(path.join(dataDir, 'backups')).map((b) => b.name)).toContain(backup.name);
          expect(backups.health().copy.lastFailure?.reason).toBe(reason);
          expect(fs.readdirSync(disk.dir).filter((name) => name.includes('.sqlite'))).toEqual([]);
        }
      } finally {
        readOnly.unmount();
        full.unmount();
      }
    },
  );

  it('is healthy again once a copy succeeds after a failure', async () => {
    const dataDir = tempDir();
    const parent = tempDir();
    const copyDir = path.join(parent, 'sky');
    const backups = createBackups({ sqlite: liveShop(dataDir), dataDir, copyDir, log: quietLog() });
    await backups.take('manual');
    expect(backups.health().copy.lastFailure?.reason).toBe('missing');
    fs.mkdirSync(copyDir);
    await backups.take('manual');
    expect(backups.health().copy).toMatchObject({ lastFailure: null, needsAttention: false });
  });
});

describe('the restore drill', () => {
  it('restores the newest copy into a temporary file, reads it, and records the check', async () => {
    const dataDir = tempDir();
    const copyDir = tempDir();
    const backups = createBackups({ sqlite: liveShop(dataDir), dataDir, copyDir, log: quietLog() });
    const backup = await backups.take('nightly');
    expect(backups.health().lastCheck).toBeNull();
    await backups.drill();
    expect(backups.health().lastCheck).toMatchObject({
      name: backup.name,
      counts: { customers: 5, orders: 1 },
    });
    // Nothing of the drill is left behind in the shop's folders.
    expect(fs.readdirSync(copyDir)).toEqual([backup.name]);
  });
});
