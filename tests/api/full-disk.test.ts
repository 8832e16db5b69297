/**
 * the full disk, for real: the server's data folder on a small tmpfs that is then filled to the last
 * block. Writes are refused with a Danish message (507 DISK_FULL) and the server stays up and keeps reading; a
 * backup that cannot be written leaves no file; Indstillinger's health says the disk is nearly full; once space
 * returns, writes work again without a restart, and nothing acknowledged is lost (also after a restart, with
 * integrity_check ok). Skipped, with the reason shown, where a tmpfs cannot be mounted.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackupList } from '../../src/shared/schemas/api-data.ts';
import { callApi, type ServerProcess, signInOwner, startServerProcess } from '../support/server-process.ts';
import { canMountTmpfs, mountTmpfs, type Tmpfs } from '../support/tmpfs.ts';

const tmpfs = canMountTmpfs();

describe.skipIf(!tmpfs.ok)(
  `a full disk under the data folder${tmpfs.ok ? '' : ` (skipped: ${tmpfs.reason})`}`,
  () => {
    let disk: Tmpfs | undefined;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      disk?.unmount();
    });

    it('refuses writes in Danish, keeps reading, leaves no half backup, and recovers without a restart', async () => {
      disk = mountTmpfs(48 * 1024);
      const dataDir = path.join(disk.dir, 'data');
      fs.mkdirSync(dataDir);
      server = await startServerProcess(dataDir, { HTTPS: 'off' });
      const cookie = await signInOwner(server.url);
      const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
        callApi(server!.url, cookie, method, url, body);

      const acknowledged: string[] = [];
      for (let i = 0; i < 20; i++) {
        const response = await call('POST', '/api/customers', { name: `Før ${i}` });
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { id: string }).id);
      }
      // The start backup has finished (its worker checks it) before the disk fills.
      await expect
        .poll(
          async () => ((await (await call('GET', '/api/data/backups')).json()) as BackupList).backups.length,
        )
        .toBeGreaterThan(0);

      disk.fill();
      const backupsDir = path.join(dataDir, 'backups');
      const before = fs.readdirSync(backupsDir);

      // Writes: refused in Danish, none acknowledged (a few may fit into the last free pages first).
      let refused: Response | undefined;
      for (let i = 0; i < 200 && !refused; i++) {
        const response = await call('POST', '/api/customers', { name: `Fuld ${i} ${'x'.repeat(100)}` });
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        else refused = response;
      }
      expect(refused?.status, server.output().slice(-2000)).toBe(507);
      expect(await refused?.json()).toEqual({
        message:
          'Computerens disk er fuld, så ændringen er ikke gemt. Frigør plads på computeren, og prøv igen.',
        code: 'DISK_FULL',
      });
      // Reads keep working, and the health says the disk is nearly full.
      expect((await call('GET', '/api/customers')).status).toBe(200);
      const health = ((await (await call('GET', '/api/data/backups')).json()) as BackupList).health;
      expect(health.disk.low).toBe(true);
      // A backup that cannot be written is refused and leaves no file, not even a partial one.
      const backup = await call('POST', '/api/data/backups');
      expect(backup.status).toBeGreaterThanOrEqual(500);
      expect(fs.readdirSync(backupsDir)).toEqual(before);

      // Space returns: writes work again, without a restart.
      fs.rmSync(path.join(disk.dir, 'filler'));
      const after = await call('POST', '/api/customers', { name: 'Efter' });
      expect(after.status).toBe(201);
      acknowledged.push(((await after.json()) as { id: string }).id);

      // Nothing acknowledged is lost, also after a restart, and the database is intact.
      server.child.kill('SIGTERM');
      await server.exited;
      const db = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'));
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const ids = new Set(
          (db.prepare('select id from customers').all() as Array<{ id: string }>).map((r) => r.id),
        );
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        db.close();
      }
    }, 120_000);
  },
);
