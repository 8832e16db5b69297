/**
 * Bead photos (decision 0016): every file the upload must refuse, each with its Danish message, on every
 * engine. After each refusal the server still answers /api/health and nothing half-written is left: no
 * picture, no link to a bead, no cover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeadPhoto, insertPhotoIfAbsent } from '../../src/server/photos/photos.repository.ts';
import { countPhotos } from '../../src/server/photos/photos.service.ts';
import { createBead } from '../support/factories.ts';
import { multipartBody, type UploadFile } from '../support/multipart.ts';
import {
  bombPng,
  heicFile,
  oversizedFile,
  plainPhoto,
  svgFile,
  textFile,
  truncatedJpeg,
} from '../support/photo-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('photo uploads refused on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (beadId: string, files: readonly UploadFile[], headers: Record<string, string> = {}) => {
    const body = multipartBody(files);
    return t.request({
      method: 'POST',
      url: `/api/beads/${beadId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, 'idempotency-key': crypto.randomUUID(), ...headers },
    });
  };

  const coverOf = async (beadId: string) =>
    (await t.db.selectFrom('beads').select('photo_id').where('id', '=', beadId).executeTakeFirstOrThrow())
      .photo_id;

  /** Refused with the status, code and Danish message; the server answers; nothing was stored. */
  async function expectRefused(
    files: readonly UploadFile[],
    expected: { status: number; code: string; message: string },
    beadId?: string,
  ) {
    const bead = beadId ?? (await createBead(t.db)).id;
    const before = await countPhotos(t.db);
    const response = await upload(bead, files);
    expect(response.statusCode, response.body).toBe(expected.status);
    expect(response.json()).toEqual({ code: expected.code, message: expected.message });
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await countPhotos(t.db)).toEqual(before);
    if (!beadId) expect(await coverOf(bead)).toBeNull();
  }

  const notPhoto = {
    status: 400,
    code: 'PHOTO_NOT_PHOTO',
    message: 'Filen er ikke et foto, som kan bruges her. Vælg et foto i JPEG, PNG eller WebP.',
  };

  it('a text file named .jpg and sent as image/jpeg', async () => {
    await expectRefused([{ data: textFile(), filename: 'perle.jpg', type: 'image/jpeg' }], notPhoto);
  });

  it('an SVG (with a script in it), whatever its name', async () => {
    await expectRefused([{ data: svgFile(), filename: 'perle.png', type: 'image/png' }], notPhoto);
    await expectRefused([{ data: svgFile(), filename: 'perle.svg', type: 'image/svg+xml' }], notPhoto);
  });

  it('a HEIC, with its own sentence that says what to do on the iPhone', async () => {
    await expectRefused([{ data: heicFile(), filename: 'IMG_0001.HEIC', type: 'image/heic' }], {
      status: 400,
      code: 'PHOTO_HEIC',
      message:
        "Fotoet er i iPhonens HEIC-format, som ikke kan bruges her. Vælg 'Mest kompatibel' under " +
        'Indstillinger → Kamera → Formater, og tag fotoet igen.',
    });
  });

  it('a 16 MB file', async () => {
    await expectRefused([{ data: oversizedFile(16 * 1024 * 1024) }], {
      status: 413,
      code: 'PHOTO_TOO_LARGE',
      message: 'Fotoet er for stort. Et foto må højst fylde 15 MB.',
    });
  });

  it('a 20,000 × 20,000 PNG of a few tens of kB (a decompression bomb), without decoding it', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    await expectRefused([{ data: bomb, filename: 'perle.png', type: 'image/png' }], {
      status: 400,
      code: 'PHOTO_TOO_MANY_PIXELS',
      message: 'Fotoet har for mange pixels. Et foto må højst have 50 megapixel.',
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a truncated JPEG', async () => {
    await expectRefused([{ data: await truncatedJpeg() }], {
      status: 400,
      code: 'PHOTO_BROKEN',
      message: 'Fotoet er ufuldstændigt eller beskadiget og kan ikke bruges. Prøv at tage det igen.',
    });
  });

  it('a seventh photo, and a bead that would get more than six from one upload', async () => {
    const bead = await createBead(t.db);
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => plainPhoto('png', 300 + i, 200)));
    const first = await upload(
      bead.id,
      six.map((data) => ({ data, type: 'image/png' })),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().photos).toHaveLength(6);
    const full = {
      status: 409,
      code: 'PHOTO_BEAD_FULL',
      message: 'En perle kan højst have 6 fotos. Slet et foto, før du tilføjer et nyt.',
    };
    await expectRefused([{ data: await plainPhoto('jpeg', 700, 500) }], full, bead.id);

    const four = await createBead(t.db);
    const some = await upload(
      four.id,
      six.slice(0, 4).map((data) => ({ data, type: 'image/png' })),
    );
    expect(some.statusCode).toBe(201);
    await expectRefused(
      [
        await plainPhoto('jpeg', 701, 500),
        await plainPhoto('jpeg', 702, 500),
        await plainPhoto('jpeg', 703, 500),
      ].map((data) => ({ data })),
      full,
      four.id,
    );
  });

  it('seven files in one upload', async () => {
    const seven = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => plainPhoto('jpeg', 400 + i, 300)));
    await expectRefused(
      seven.map((data) => ({ data })),
      { status: 413, code: 'PHOTO_TOO_MANY_FILES', message: 'Vælg højst 6 fotos ad gangen.' },
    );
  });

  it('a whole upload when one of its files is refused (a photo and a HEIC)', async () => {
    await expectRefused([{ data: await plainPhoto('jpeg', 640, 480) }, { data: heicFile() }], {
      status: 400,
      code: 'PHOTO_HEIC',
      message: expect.stringContaining('Mest kompatibel') as unknown as string,
    });
  });

  it('a body that is not multipart, and a multipart body without a file', async () => {
    const bead = await createBead(t.db);
    const json = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/photos`,
      payload: { photo: 'data:image/jpeg;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ code: 'PHOTO_NOT_MULTIPART', message: 'Fotoet skal sendes som en fil.' });
    const fieldsOnly = multipartBody([], { note: 'hej' });
    const empty = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/photos`,
      payload: fieldsOnly.payload,
      headers: fieldsOnly.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'PHOTO_NO_FILE', message: 'Vælg et foto.' });
  });

  it('an upload to a bead that does not exist or is deleted', async () => {
    await expectRefused(
      [{ data: await plainPhoto('jpeg', 500, 400) }],
      {
        status: 404,
        code: 'BEAD_NOT_FOUND',
        message: 'Perlen kun ikke findes',
      },
      crypto.randomUUID(),
    );
    const deleted = await createBead(t.db, { isDeleted: true });
    await expectRefused(
      [{ data: await plainPhoto('jpeg', 501, 400) }],
      {
        status: 404,
        code: 'BEAD_NOT_FOUND',
        message: 'Perlen kun ikke findes',
      },
      deleted.id,
    );
  });

  it('the database itself refuses a seventh photo written around the service (migration 0009)', async () => {
    const bead = await createBead(t.db);
    const now = new Date().toISOString();
    const write = async (i: number) => {
      const id = `${String(i).padStart(2, '0')}${'x'.repeat(20)}`;
      await insertPhotoIfAbsent(t.db, {
        id,
        display: Buffer.from([i]),
        thumb: Buffer.from([i]),
        width: 10,
        height: 10,
        created_at: now,
      });
      await insertBeadPhoto(t.db, {
        bead_id: bead.id,
        photo_id: id,
        position: i,
        added_at: now,
        deleted_at: null,
      });
    };
    for (let i = 0; i < 6; i++) await write(i);
    await expect(write(6)).rejects.toThrow(/bead_photos_limit/);
  });

  it('two uploads racing for the last places: one wins, the other is refused, never seven', async () => {
    const bead = await createBead(t.db);
    const photos = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => plainPhoto('jpeg', 500 + i, 400)));
    const [a, b] = await Promise.all([
      upload(
        bead.id,
        photos.slice(0, 4).map((data) => ({ data })),
      ),
      upload(
        bead.id,
        photos.slice(4).map((data) => ({ data })),
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const page = await t.request({ method: 'GET', url: `/api/beads/${bead.id}` });
    expect(page.json().photos).toHaveLength(4);
  });
});
