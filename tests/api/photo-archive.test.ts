/**
 * The export with photos (decision 0016) on every engine: GET /api/data/export.zip holds the JSON export
 * unchanged and a photos/ folder; importing it into an empty shop gives every bead its photos back, in order,
 * byte for byte; importing it again adds nothing; a damaged picture is left out and named, not stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip } from '../../src/server/import/zip-reader.ts';
import { countPhotos } from '../../src/server/photos/photos.service.ts';
import { createBead } from '../support/factories.ts';
import { multipartBody } from '../support/multipart.ts';
import { plainPhoto } from '../support/photo-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects, TMP_DIR } from '../support/test-db.ts';

describe.each(dialects)('the export with photos on %s', (kind) => {
  let from: TestApp;
  let to: TestApp;
  let zipFile: string;
  const photoIds: Record<string, string[]> = {};

  beforeAll(async () => {
    from = await createTestApp(kind);
    to = await createTestApp(kind);
    for (const [name, count] of [
      ['Rosenkvarts 6 mm', 3],
      ['Agat stribet', 1],
    ] as const) {
      const bead = await createBead(from.db, { name });
      const files = await Promise.all(
        Array.from({ length: count }, (_, i) => plainPhoto('jpeg', 400 + i + name.length, 300)),
      );
      const body = multipartBody(files.map((data) => ({ data })));
      const response = await from.request({
        method: 'POST',
        url: `/api/beads/${bead.id}/photos`,
        payload: body.payload,
        headers: body.headers,
      });
      photoIds[bead.id] = response.json().photos.map((photo: { id: string }) => photo.id);
    }
    await createBead(from.db, { name: 'Uden foto' });
    const zip = await from.request({ method: 'GET', url: '/api/data/export.zip' });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="naalepuden-eksport-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    fs.mkdirSync(TMP_DIR, { recursive: true });
    zipFile = path.join(TMP_DIR, `export-${crypto.randomUUID()}.zip`);
    fs.writeFileSync(zipFile, zip.rawPayload);
  });
  afterAll(async () => {
    fs.rmSync(zipFile, { force: true });
    await from.close();
    await to.close();
  });

  const importZip = (app: TestApp, bytes: Buffer, dryRun: boolean) =>
    app.request({
      method: 'POST',
      url: `/api/data/import.zip?dryRun=${dryRun}`,
      payload: bytes,
      headers: { 'content-type': 'application/zip' },
    });

  it('holds the JSON export as it is and every photo in photos/, with their order', async () => {
    const zip = openZip(zipFile);
    try {
      const json = JSON.parse(zip.read('naalepuden-eksport.json', 50e6).toString('utf8'));
      const direct = (await from.request({ method: 'GET', url: '/api/data/export.json' })).json();
      expect({ ...json, exportedAt: null }).toEqual({ ...direct, exportedAt: null });
      const manifest = JSON.parse(zip.read('photos/photos.json', 1e6).toString('utf8'));
      expect(manifest.format).toBe('naalepuden-photos');
      expect(manifest.beads).toEqual(photoIds);
      for (const id of Object.values(photoIds).flat()) {
        const display = await from.request({ method: 'GET', url: `/api/photos/${id}/display` });
        expect(zip.read(`photos/${id}.webp`, 5e6).equals(display.rawPayload)).toBe(true);
        const thumb = await from.request({ method: 'GET', url: `/api/photos/${id}/thumb` });
        expect(zip.read(`photos/${id}-thumb.webp`, 5e6).equals(thumb.rawPayload)).toBe(true);
      }
      expect(zip.names().filter((name) => name.endsWith('.webp'))).toHaveLength(8);
    } finally {
      zip.close();
    }
  });

  it('imports into an empty shop: the beads, their photos in order, their covers, byte for byte', async () => {
    const bytes = fs.readFileSync(zipFile);
    const dry = await importZip(to, bytes, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().issues).toContainEqual(
      expect.objectContaining({
        code: 'photosImported',
        message: expect.stringContaining('4 fotos til 2 perler'),
      }),
    );
    expect(await countPhotos(to.db)).toEqual({ photos: 0, beadPhotos: 0 });

    const real = await importZip(to, bytes, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().issues).toContainEqual(
      expect.objectContaining({ code: 'photosImported', message: '4 fotos til 2 perler er lagt ind.' }),
    );
    for (const [beadId, ids] of Object.entries(photoIds)) {
      const page = (await to.request({ method: 'GET', url: `/api/beads/${beadId}` })).json();
      expect(page.photos.map((photo: { id: string }) => photo.id)).toEqual(ids);
      expect(page.photoId).toBe(ids[0]);
      for (const id of ids) {
        const there = await from.request({ method: 'GET', url: `/api/photos/${id}/display` });
        const here = await to.request({ method: 'GET', url: `/api/photos/${id}/display` });
        expect(here.rawPayload.equals(there.rawPayload)).toBe(true);
      }
    }
    // Again: nothing is added, and the report says why.
    const again = await importZip(to, bytes, false);
    expect(again.json().issues).toContainEqual(expect.objectContaining({ code: 'photosLeftOut' }));
    expect(await countPhotos(to.db)).toEqual({ photos: 4, beadPhotos: 4 });
  });

  it('leaves out a picture whose bytes are not what its name says, and names its bead', async () => {
    const target = await createTestApp(kind);
    try {
      const original = openZip(zipFile);
      const entries: Record<string, Uint8Array> = {};
      for (const name of original.names()) entries[name] = original.read(name, 50e6);
      original.close();
      const [agat] = Object.entries(photoIds).find(([, ids]) => ids.length === 1)!;
      const id = photoIds[agat]![0]!;
      entries[`photos/${id}.webp`] = await plainPhoto('webp', 50, 50);
      const tampered = Buffer.from(zipSync(entries));
      const report = (await importZip(target, tampered, false)).json();
      expect(report.issues).toContainEqual(expect.objectContaining({ code: 'photosLeftOut', ids: [agat] }));
      expect(report.issues).toContainEqual(
        expect.objectContaining({ code: 'photosImported', message: '3 fotos til 1 perler er lagt ind.' }),
      );
      expect((await target.request({ method: 'GET', url: `/api/beads/${agat}` })).json().photos).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a file that is not a zip, and a zip without the export, in Danish; writes nothing', async () => {
    const before = await countPhotos(to.db);
    const notZip = await importZip(to, Buffer.from('{"format":"naalepuden-export"}'), false);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe(
      'Zip-filen kan ikke læses. Den er ikke hel, eller den er ikke lavet af Nålepuden.',
    );
    const noExport = await importZip(to, Buffer.from(zipSync({ 'andet.txt': strToU8('hej') })), false);
    expect(noExport.statusCode).toBe(400);
    expect(noExport.json().message).toBe('Zip-filen har ingen naalepuden-eksport.json.');
    const json = await to.request({
      method: 'POST',
      url: '/api/data/import.zip?dryRun=true',
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Filen er ikke en zip-fil fra Nålepuden.');
    expect(await countPhotos(to.db)).toEqual(before);
  });
});
