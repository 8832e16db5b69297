/**
 * Bead photos (decision 0016) on every engine: an upload becomes the bead's cover and shows in every answer
 * that shows the bead (its page, Nåle, order lines, todos); the photo URLs need a session and are cached for a
 * year; "Slet foto" and "Fortryd", the order, the idempotency key and the purge of old deleted photos.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { countPhotos } from '../../src/server/photos/photos.service.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { multipartBody, type UploadFile } from '../support/multipart.ts';
import { cameraJpeg, hasMetadata, plainPhoto } from '../support/photo-fixtures.ts';
import { appPerSuite } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('bead photos on %s', (kind) => {
  const t = appPerSuite(kind);

  const upload = (beadId: string, files: readonly UploadFile[], key: string = crypto.randomUUID()) => {
    const body = multipartBody(files);
    return t.request({
      method: 'POST',
      url: `/api/beads/${beadId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, 'idempotency-key': key },
    });
  };
  const photosOf = async (beadId: string): Promise<string[]> =>
    (await t.request({ method: 'GET', url: `/api/beads/${beadId}` }))
      .json()
      .photos.map((p: { id: string }) => p.id);
  const listed = async (beadId: string) =>
    (await t.request({ method: 'GET', url: '/api/beads' }))
      .json()
      .find((b: { id: string }) => b.id === beadId);

  it('takes a camera photo: upright, its cover shown on the page and in Nåle, the picture without EXIF', async () => {
    const bead = await createBead(t.db);
    const response = await upload(bead.id, [
      { data: await cameraJpeg(4000, 3000), filename: 'IMG_1234.JPG' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { beadId, photos } = response.json();
    expect(beadId).toBe(bead.id);
    expect(photos).toEqual([{ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), width: 1200, height: 1600 }]);
    const id = photos[0].id;

    const page = (await t.request({ method: 'GET', url: `/api/beads/${bead.id}` })).json();
    expect(page.photoId).toBe(id);
    expect(page.photos).toEqual(photos);
    expect((await listed(bead.id)).photoId).toBe(id);

    const display = await t.request({ method: 'GET', url: `/api/photos/${id}/display` });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 1600,
    });
    expect(await hasMetadata(display.rawPayload)).toBe(false);

    const thumb = await t.request({ method: 'GET', url: `/api/photos/${id}/thumb` });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 320,
    });
    const jpeg = await t.request({ method: 'GET', url: `/api/photos/${id}/jpeg` });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 1600,
    });
    expect(await hasMetadata(jpeg.rawPayload)).toBe(false);
  });

  it('refuses a photo URL without a session, and answers 404 for a photo nobody has', async () => {
    const bead = await createBead(t.db);
    const id = (await upload(bead.id, [{ data: await plainPhoto('jpeg') }])).json().photos[0].id;
    for (const size of ['thumb', 'display', 'jpeg']) {
      const stranger = await t.app.inject({ method: 'GET', url: `/api/photos/${id}/${size}` });
      expect(stranger.statusCode).toBe(401);
      expect(stranger.headers['content-type']).toContain('application/json');
      expect(stranger.json().code).toBe('UNAUTHORIZED');
    }
    const missing = await t.request({ method: 'GET', url: `/api/photos/${'A'.repeat(22)}/thumb` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'PHOTO_NOT_FOUND', message: 'Fotoet findes ikke.' });
    expect((await t.request({ method: 'GET', url: `/api/photos/../../etc/thumb` })).statusCode).not.toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/photos/${id}/original` })).statusCode).toBe(400);
  });

  it('shows the cover beside order lines, on Puden and with todos', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, status: 'active' });
    await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
    await createOrderLine(t.db, { orderId: order.id, beadId: null, text: 'Gaveindpakning', priceOre: 2500 });
    await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 1 });
    const id = (await upload(bead.id, [{ data: await plainPhoto('webp') }])).json().photos[0].id;

    const detail = (await t.request({ method: 'GET', url: `/api/customers/${customer.id}` })).json();
    const lines = detail.orders.flatMap(
      (o: { normalLines: Array<{ kind: string; photoId: string | null }> }) => o.normalLines,
    );
    expect(lines.find((l: { kind: string }) => l.kind === 'bead').photoId).toBe(id);
    expect(lines.find((l: { kind: string }) => l.kind === 'free').photoId).toBeNull();
    const pillow = (await t.request({ method: 'GET', url: '/api/pillow' })).json();
    const mine = pillow.orders.find((o: { id: string }) => o.id === order.id);
    expect(mine.normalLines.some((l: { photoId: string | null }) => l.photoId === id)).toBe(true);
    const todos = (await t.request({ method: 'GET', url: `/api/customers/${customer.id}` })).json().todos;
    expect(todos[0].bead.photoId).toBe(id);
  });

  it('gives the lists a new ETag when a photo changes (their answers carry the cover)', async () => {
    const bead = await createBead(t.db);
    const first = await t.request({ method: 'GET', url: '/api/beads' });
    await upload(bead.id, [{ data: await plainPhoto('jpeg', 810, 600) }]);
    const second = await t.request({
      method: 'GET',
      url: '/api/beads',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('adds photos after the others; "Slet foto" moves the cover on; "Fortryd" puts it back where it was', async () => {
    const bead = await createBead(t.db);
    const files = await Promise.all([1, 2, 3].map((i) => plainPhoto('jpeg', 600 + i, 400)));
    const [a, b, c] = (
      await upload(
        bead.id,
        files.map((data) => ({ data })),
      )
    )
      .json()
      .photos.map((p: { id: string }) => p.id);
    expect(await photosOf(bead.id)).toEqual([a, b, c]);

    const removed = await t.request({ method: 'DELETE', url: `/api/beads/${bead.id}/photos/${a}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos.map((p: { id: string }) => p.id)).toEqual([b, c]);
    expect((await listed(bead.id)).photoId).toBe(b);
    // Still there for "Fortryd" (and for pages that show it from their cache).
    expect((await t.request({ method: 'GET', url: `/api/photos/${a}/thumb` })).statusCode).toBe(200);

    const undone = await t.request({ method: 'POST', url: `/api/beads/${bead.id}/photos/${a}/restore` });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().photos.map((p: { id: string }) => p.id)).toEqual([a, b, c]);
    expect((await listed(bead.id)).photoId).toBe(a);
    // A repeated "Fortryd" (a lost answer) changes nothing.
    const again = await t.request({ method: 'POST', url: `/api/beads/${bead.id}/photos/${a}/restore` });
    expect(again.json().photos.map((p: { id: string }) => p.id)).toEqual([a, b, c]);

    // The last photo gone: no cover.
    for (const id of [a, b, c])
      await t.request({ method: 'DELETE', url: `/api/beads/${bead.id}/photos/${id}` });
    expect((await listed(bead.id)).photoId).toBeNull();
    const unknown = await t.request({
      method: 'DELETE',
      url: `/api/beads/${bead.id}/photos/${'B'.repeat(22)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PHOTO_NOT_ON_BEAD');
  });

  it('"Fortryd" is refused when the bead has six photos meanwhile', async () => {
    const bead = await createBead(t.db);
    const files = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => plainPhoto('png', 200 + i, 150)));
    const ids = (
      await upload(
        bead.id,
        files.slice(0, 6).map((data) => ({ data })),
      )
    )
      .json()
      .photos.map((p: { id: string }) => p.id);
    await t.request({ method: 'DELETE', url: `/api/beads/${bead.id}/photos/${ids[0]}` });
    expect((await upload(bead.id, [{ data: files[6]! }])).statusCode).toBe(201);
    const undo = await t.request({ method: 'POST', url: `/api/beads/${bead.id}/photos/${ids[0]}/restore` });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().code).toBe('PHOTO_BEAD_FULL');
    expect(await photosOf(bead.id)).toHaveLength(6);
  });

  it('puts the photos in a new order (the first becomes the cover), and refuses an order that is not theirs', async () => {
    const bead = await createBead(t.db);
    const files = await Promise.all([1, 2, 3].map((i) => plainPhoto('webp', 300 + i, 300)));
    const [a, b, c] = (
      await upload(
        bead.id,
        files.map((data) => ({ data })),
      )
    )
      .json()
      .photos.map((p: { id: string }) => p.id);
    const reordered = await t.request({
      method: 'PUT',
      url: `/api/beads/${bead.id}/photos`,
      payload: { photoIds: [c, a, b] },
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().photos.map((p: { id: string }) => p.id)).toEqual([c, a, b]);
    expect((await listed(bead.id)).photoId).toBe(c);
    for (const photoIds of [
      [c, a],
      [c, a, b, b],
      [c, a, 'C'.repeat(22)],
    ]) {
      const bad = await t.request({
        method: 'PUT',
        url: `/api/beads/${bead.id}/photos`,
        payload: { photoIds },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Rækkefølgen skal nævne perlens fotos, hvert én gang.');
    }
    expect(await photosOf(bead.id)).toEqual([c, a, b]);
  });

  it('adds once per Idempotency-Key (a double tap, a lost answer), and refuses the key for other photos', async () => {
    const bead = await createBead(t.db);
    const key = crypto.randomUUID();
    const file = await plainPhoto('jpeg', 820, 600);
    const first = await upload(bead.id, [{ data: file }], key);
    const repeat = await upload(bead.id, [{ data: file }], key);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(await photosOf(bead.id)).toHaveLength(1);
    const other = await upload(bead.id, [{ data: await plainPhoto('jpeg', 821, 600) }], key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('stores a picture once for two beads, and the same photo twice on one bead stays one', async () => {
    const [one, two] = [await createBead(t.db), await createBead(t.db)];
    const file = await plainPhoto('png', 777, 555);
    const before = await countPhotos(t.db);
    const a = (await upload(one.id, [{ data: file }])).json().photos[0].id;
    const b = (await upload(two.id, [{ data: file }, { data: file }])).json().photos;
    expect(b).toEqual([expect.objectContaining({ id: a })]);
    expect(await upload(one.id, [{ data: file }]).then((r) => r.json().photos)).toHaveLength(1);
    expect(await countPhotos(t.db)).toEqual({ photos: before.photos + 1, beadPhotos: before.beadPhotos + 2 });
  });

  it('purges a photo deleted more than a day ago, and keeps a picture another bead still shows', async () => {
    const [one, two] = [await createBead(t.db), await createBead(t.db)];
    const shared = await plainPhoto('jpeg', 901, 700);
    const alone = await plainPhoto('jpeg', 902, 700);
    const sharedId = (await upload(one.id, [{ data: shared }, { data: alone }])).json().photos[0].id;
    const aloneId = (await photosOf(one.id))[1]!;
    await upload(two.id, [{ data: shared }]);
    await t.request({ method: 'DELETE', url: `/api/beads/${one.id}/photos/${sharedId}` });
    await t.request({ method: 'DELETE', url: `/api/beads/${one.id}/photos/${aloneId}` });
    await t.db
      .updateTable('bead_photos')
      .set({ deleted_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('bead_id', '=', one.id)
      .execute();
    // Any photo write purges.
    await upload(two.id, [{ data: await plainPhoto('jpeg', 903, 700) }]);
    expect((await t.request({ method: 'GET', url: `/api/photos/${aloneId}/thumb` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/photos/${sharedId}/thumb` })).statusCode).toBe(200);
    const restore = await t.request({
      method: 'POST',
      url: `/api/beads/${one.id}/photos/${aloneId}/restore`,
    });
    expect(restore.statusCode).toBe(404);
  });
});
