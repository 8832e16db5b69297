/**
 * Bead photos (decision 0016) in SQLite's backups: a backup names the photos' pictures, kept once beside it,
 * BACKUP_COPY_DIR gets them too, `npm run restore` brings a deleted photo back byte for byte, and the export
 * zip made by `npm run export -- --format zip` imports with `npm run import` into an empty shop.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../support/multipart.ts';
import { cameraJpeg } from '../support/photo-fixtures.ts';
import { processLeftovers } from '../support/process-leftovers.ts';
import { callApi, runCli, type ServerProcess, signInOwner } from '../support/server-process.ts';

const { folder, start, stop } = processLeftovers();

/**
 * The picture's display bytes as a backup file keeps them: named in its pictures' table and kept once in the
 * shared folder beside it (decision 0016); and the bead's links.
 */
function photoInFile(file: string, photoId: string) {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const named = db.prepare('select display from backup_pictures where photo_id = ?').get(photoId) as
      | { display: string }
      | undefined;
    const stored = db.prepare('select length(display) as n from photos where id = ?').get(photoId) as {
      n: number;
    };
    const links = db
      .prepare('select bead_id from bead_photos where photo_id = ? and deleted_at is null')
      .all(photoId);
    const picture = named && path.join(path.dirname(file), 'photos', named.display);
    return {
      display: picture && fs.existsSync(picture) ? fs.readFileSync(picture) : undefined,
      bytesInside: stored.n,
      links: links.length,
    };
  } finally {
    db.close();
  }
}

async function uploadPhoto(server: ServerProcess, cookie: string, beadId: string): Promise<string> {
  const body = multipartBody([{ data: await cameraJpeg(2400, 1800) }]);
  const response = await fetch(`${server.url}/api/beads/${beadId}/photos`, {
    method: 'POST',
    headers: { ...body.headers, cookie, origin: server.url, 'idempotency-key': crypto.randomUUID() },
    body: body.payload,
  });
  expect(response.status).toBe(201);
  return (await response.json()).photos[0].id;
}

const displayOf = async (server: ServerProcess, cookie: string, id: string) => {
  const response = await fetch(`${server.url}/api/photos/${id}/display`, { headers: { cookie } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('bead photos in backups, the copy folder and the export (SQLite)', () => {
  it('a backup and its copy hold the photo; restore brings a deleted photo back, byte for byte', async () => {
    const dataDir = folder('photo-backup-');
    const copyDir = folder('photo-copy-');
    const server = await start(dataDir, { BACKUP_COPY_DIR: copyDir });
    const cookie = await signInOwner(server.url);
    const bead = await (
      await callApi(server.url, cookie, 'POST', '/api/beads', { name: 'Backup-beryl', priceOre: 5500 })
    ).json();
    const photoId = await uploadPhoto(server, cookie, bead.id);
    const original = await displayOf(server, cookie, photoId);

    const backup = await (await callApi(server.url, cookie, 'POST', '/api/data/backups')).json();
    const inBackup = photoInFile(path.join(dataDir, 'backups', backup.name), photoId);
    expect(inBackup.links).toBe(1);
    expect(inBackup.display?.equals(original.bytes)).toBe(true);
    expect(inBackup.bytesInside).toBe(0);
    const inCopy = photoInFile(path.join(copyDir, backup.name), photoId);
    expect(inCopy.links).toBe(1);
    expect(inCopy.display?.equals(original.bytes)).toBe(true);

    // Gone (and purged: deleted two days ago), then the backup is restored.
    expect((await callApi(server.url, cookie, 'GET', `/api/beads/${bead.id}`)).status).toBe(200);
    await fetch(`${server.url}/api/beads/${bead.id}/photos/${photoId}`, {
      method: 'DELETE',
      headers: { cookie, origin: server.url },
    });
    await stop(server);
    const live = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'));
    live.prepare("update bead_photos set deleted_at = '2000-01-01T00:00:00.000Z'").run();
    live.prepare('delete from bead_photos').run();
    live.prepare('delete from photos').run();
    live.close();

    const restored = await runCli('restore', [backup.name], dataDir);
    expect(restored.code, restored.stderr).toBe(0);
    const again = await start(dataDir, { BACKUP_COPY_DIR: copyDir });
    const cookie2 = await signInOwner(again.url);
    const page = await (await callApi(again.url, cookie2, 'GET', `/api/beads/${bead.id}`)).json();
    expect(page.photos.map((photo: { id: string }) => photo.id)).toEqual([photoId]);
    expect(page.photoId).toBe(photoId);
    const back = await displayOf(again, cookie2, photoId);
    expect(back.status).toBe(200);
    expect(back.bytes.equals(original.bytes)).toBe(true);
  }, 120_000);

  it('npm run export -- --format zip, then npm run import of the zip into an empty shop', async () => {
    const dataDir = folder('photo-export-');
    const server = await start(dataDir);
    const cookie = await signInOwner(server.url);
    const bead = await (
      await callApi(server.url, cookie, 'POST', '/api/beads', { name: 'Eksport-epidot', priceOre: 6500 })
    ).json();
    const photoId = await uploadPhoto(server, cookie, bead.id);
    const original = await displayOf(server, cookie, photoId);
    await stop(server);

    const zip = path.join(dataDir, 'ud', 'eksport.zip');
    const exported = await runCli('export', ['--format', 'zip', '--out', zip], dataDir);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('Eksporteret til');

    const emptyDir = folder('photo-import-');
    const dry = await runCli('import', [zip, '--dry-run'], emptyDir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Filen har 1 fotos til 1 perler');
    const real = await runCli('import', [zip], emptyDir);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('1 fotos til 1 perler er lagt ind.');

    const other = await start(emptyDir);
    const cookie2 = await signInOwner(other.url);
    const page = await (await callApi(other.url, cookie2, 'GET', `/api/beads/${bead.id}`)).json();
    expect(page.photos.map((photo: { id: string }) => photo.id)).toEqual([photoId]);
    expect((await displayOf(other, cookie2, photoId)).bytes.equals(original.bytes)).toBe(true);
  }, 120_000);
});
