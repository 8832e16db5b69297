/**
 * The backups' shared pictures (decision 0016) against the real server and the real CLI: backups name their
 * photos' pictures, kept once beside them and in BACKUP_COPY_DIR; `npm run restore -- --check` reads them; a
 * missing or damaged picture is found by the check, named in Indstillinger's list and refuses the restore (the
 * database untouched); a backup made before shared pictures is checked and restored as before. Backups are
 * SQLite's; on PostgreSQL (pg_dump carries the photos) the server keeps no backup folder at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { pictureName } from '../../src/server/backups/backup-pictures.ts';
import { multipartBody } from '../support/multipart.ts';
import { cameraJpeg } from '../support/photo-fixtures.ts';
import { processLeftovers } from '../support/process-leftovers.ts';
import { callApi, runCli, type ServerProcess, signInOwner } from '../support/server-process.ts';

const processes = processLeftovers();
const { folder, start, stop } = processes;

/** A bead with a photo of its own (`width` makes the picture, so its id, differ). */
async function beadWithPhoto(server: ServerProcess, cookie: string, name: string, width = 1200) {
  const bead = await (
    await callApi(server.url, cookie, 'POST', '/api/beads', { name, priceOre: 4500 })
  ).json();
  const body = multipartBody([{ data: await cameraJpeg(width, 900) }]);
  const response = await fetch(`${server.url}/api/beads/${bead.id}/photos`, {
    method: 'POST',
    headers: { ...body.headers, cookie, origin: server.url, 'idempotency-key': crypto.randomUUID() },
    body: body.payload,
  });
  expect(response.status).toBe(201);
  const photoId: string = (await response.json()).photos[0].id;
  const display = await fetch(`${server.url}/api/photos/${photoId}/display`, { headers: { cookie } });
  return { beadId: bead.id as string, photoId, display: Buffer.from(await display.arrayBuffer()) };
}

const takeBackup = async (server: ServerProcess, cookie: string): Promise<string> => {
  const response = await callApi(server.url, cookie, 'POST', '/api/data/backups');
  expect(response.status).toBe(201);
  return (await response.json()).name;
};
const listed = async (server: ServerProcess, cookie: string) =>
  (await (await callApi(server.url, cookie, 'GET', '/api/data/backups')).json()) as {
    enabled: boolean;
    backups: Array<{ name: string; brokenPictures?: number }>;
  };
const pictures = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const photoRows = (dataDir: string) => {
  const db = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'), { readonly: true });
  try {
    return db.prepare('select id, display from photos order by id').all() as Array<{
      id: string;
      display: Buffer;
    }>;
  } finally {
    db.close();
  }
};

describe('backups that keep each photo once (SQLite)', () => {
  it('backups share the pictures; the check reads them; a missing or damaged one is named and refuses the restore', async () => {
    const dataDir = folder('pictures-');
    const copyDir = folder('pictures-copy-');
    const server = await start(dataDir, { BACKUP_COPY_DIR: copyDir });
    const cookie = await signInOwner(server.url);
    const first = await beadWithPhoto(server, cookie, 'Delt-diopsid');
    const second = await beadWithPhoto(server, cookie, 'Delt-dumortierit', 1300);
    const names = [
      await takeBackup(server, cookie),
      await takeBackup(server, cookie),
      await takeBackup(server, cookie),
    ];

    // Two photos, two pictures each, once in each folder however many backups name them.
    const store = path.join(dataDir, 'backups', 'photos');
    expect(pictures(store)).toHaveLength(4);
    expect(pictures(store)).toContain(pictureName(first.display));
    expect(pictures(path.join(copyDir, 'photos'))).toEqual(pictures(store));
    expect((await listed(server, cookie)).backups.filter((b) => b.brokenPictures)).toEqual([]);

    const passed = await runCli('restore', ['--check'], dataDir);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stdout).toContain('fotos: 4 (alle hele)');

    // A picture goes missing: the check fails and says so, and every backup naming it is marked.
    const picture = path.join(store, pictureName(second.display));
    const saved = fs.readFileSync(picture);
    fs.rmSync(picture);
    const failed = await runCli('restore', ['--check'], dataDir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('1 af dens fotos mangler');
    const marked = await listed(server, cookie);
    for (const name of names) expect(marked.backups.find((b) => b.name === name)?.brokenPictures).toBe(1);

    // Back, but damaged: the check finds it, and the list names the backups as the check recorded it.
    const damaged = Buffer.from(saved);
    damaged[saved.length >> 1] = damaged[saved.length >> 1]! ^ 0x55;
    fs.writeFileSync(picture, damaged);
    const damagedCheck = await runCli('restore', ['--check'], dataDir);
    expect(damagedCheck.code).toBe(1);
    expect(damagedCheck.stderr).toContain('1 af dens fotos er beskadigede');
    const named = await listed(server, cookie);
    for (const name of names) expect(named.backups.find((b) => b.name === name)?.brokenPictures).toBe(1);

    // The restore is refused whole, damaged or missing: the database stays as it was.
    await stop(server);
    const before = photoRows(dataDir);
    const refusedDamaged = await runCli('restore', [names[2]!], dataDir);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toContain(
      'Sikkerhedskopien kan ikke gendannes: 1 af dens fotos er beskadigede',
    );
    fs.rmSync(picture);
    const refusedMissing = await runCli('restore', [names[2]!], dataDir);
    expect(refusedMissing.code).toBe(1);
    expect(refusedMissing.stderr).toContain('Sikkerhedskopien kan ikke gendannes: 1 af dens fotos mangler');
    expect(photoRows(dataDir)).toEqual(before);
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => n.includes('beforeRestore'))).toEqual(
      [],
    );

    // The next backup (the server's start backup) writes the picture again, since the shop has the photo, and
    // the list names no backup any more.
    fs.writeFileSync(picture, damaged);
    const again = await start(dataDir, { BACKUP_COPY_DIR: copyDir });
    const cookie2 = await signInOwner(again.url);
    expect((await listed(again, cookie2)).backups.filter((b) => b.brokenPictures)).toEqual([]);
    await stop(again);
    expect(fs.readFileSync(picture).equals(saved)).toBe(true);

    // Restorable again, byte for byte.
    const live = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'));
    live.prepare('delete from bead_photos').run();
    live.prepare('update beads set photo_id = null').run();
    live.prepare('delete from photos').run();
    live.close();
    const restored = await runCli('restore', [names[0]!], dataDir);
    expect(restored.code, restored.stderr).toBe(0);
    const rows = photoRows(dataDir);
    expect(rows.map((row) => row.id).sort()).toEqual([first.photoId, second.photoId].sort());
    expect(rows.find((row) => row.id === first.photoId)?.display.equals(first.display)).toBe(true);
  }, 180_000);

  it('a backup made before shared pictures (its photos inside) is checked and restored as before', async () => {
    const dataDir = folder('pictures-old-');
    const server = await start(dataDir);
    const cookie = await signInOwner(server.url);
    const photo = await beadWithPhoto(server, cookie, 'Gammel-granat');
    await stop(server);
    // What a backup was before: SQLite's backup of the whole database, self-contained.
    const oldName = 'naalepuden-2025-06-01T01-00-00-000Z-nightly.sqlite';
    const oldFile = path.join(dataDir, 'backups', oldName);
    const live = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'));
    await live.backup(oldFile);
    live.prepare('delete from bead_photos').run();
    live.prepare('update beads set photo_id = null').run();
    live.prepare('delete from photos').run();
    live.close();
    const plain = new SqliteDatabase(oldFile);
    plain.pragma('journal_mode = DELETE');
    plain.close();

    const checked = await runCli('restore', ['--check', oldName], dataDir);
    expect(checked.code, checked.stderr).toBe(0);
    const restored = await runCli('restore', [oldName], dataDir);
    expect(restored.code, restored.stderr).toBe(0);
    const again = await start(dataDir);
    const cookie2 = await signInOwner(again.url);
    const page = await (await callApi(again.url, cookie2, 'GET', `/api/beads/${photo.beadId}`)).json();
    expect(page.photos.map((p: { id: string }) => p.id)).toEqual([photo.photoId]);
    const display = await fetch(`${again.url}/api/photos/${photo.photoId}/display`, {
      headers: { cookie: cookie2 },
    });
    expect(Buffer.from(await display.arrayBuffer()).equals(photo.display)).toBe(true);
    // The old backup is still listed whole beside the new ones (it names no shared picture).
    const list = await listed(again, cookie2);
    expect(list.backups.find((b) => b.name === oldName)).toMatchObject({ name: oldName });
    expect(list.backups.every((b) => !b.brokenPictures)).toBe(true);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('photos on PostgreSQL', () => {
  it('keeps no backup folder: the list says pg_dump, a photo is served from the database', async () => {
    const database = await processes.database('postgres');
    const dataDir = folder('pictures-pg-');
    const server = await start(dataDir, { DATABASE_URL: database.url, AUTH_SECRET: 'x'.repeat(40) });
    const cookie = await signInOwner(server.url);
    const photo = await beadWithPhoto(server, cookie, 'Pg-peridot');
    expect(pictureName(photo.display).slice(0, 22)).toBe(photo.photoId);
    const list = await listed(server, cookie);
    expect(list.enabled).toBe(false);
    expect(list.backups).toEqual([]);
    expect((await callApi(server.url, cookie, 'POST', '/api/data/backups')).status).toBe(409);
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
    await stop(server);
  }, 120_000);
});
