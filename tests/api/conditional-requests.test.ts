/**
 * List answers carry an ETag built from the database's table versions, answer 304 when nothing
 * changed, come compressed, and any write — through the API or straight into the database — changes them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { beadListSchema } from '../../src/shared/schemas/api-beads.ts';
import { customerDetailSchema, customerListSchema } from '../../src/shared/schemas/api-customers.ts';
import { orderListSchema } from '../../src/shared/schemas/api-orders.ts';
import { pillowSchema } from '../../src/shared/schemas/api-pillow.ts';
import { todoListSchema } from '../../src/shared/schemas/api-todos.ts';
import { createBead, createOrder } from '../support/factories.ts';
import { createTestApp, type TestApp, testConfig } from '../support/test-app.ts';
import { createTestDatabase, dialects } from '../support/test-db.ts';

const LISTS = [
  '/api/customers',
  '/api/beads',
  '/api/todos',
  '/api/pillow',
  '/api/orders',
  // Pakning.
  '/api/packing/orders',
  '/api/packing/pick-list',
];

describe.each(dialects)('conditional requests (%s)', (kind) => {
  let t: TestApp;
  const etagOf = async (url: string) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.headers.etag as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('every list answers with an ETag, then 304 with no body for the same ETag', async () => {
    for (const url of LISTS) {
      const first = await t.request({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+-[\d.]+"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
    }
  });

  it('a write through the API changes the lists that read that table, and only those', async () => {
    const before = Object.fromEntries(await Promise.all(LISTS.map(async (url) => [url, await etagOf(url)])));
    const created = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'Etag Hansen' },
    });
    expect(created.statusCode).toBe(201);
    const after = Object.fromEntries(await Promise.all(LISTS.map(async (url) => [url, await etagOf(url)])));
    expect(after['/api/customers']).not.toBe(before['/api/customers']);
    expect(after['/api/beads']).toBe(before['/api/beads']);
    const stale = await t.request({
      method: 'GET',
      url: '/api/customers',
      headers: { 'if-none-match': before['/api/customers'] },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().map((c: { name: string }) => c.name)).toContain('Etag Hansen');
  });

  it('a change made straight in the database (another process, an import) changes the ETag too', async () => {
    const before = await etagOf('/api/pillow');
    await t.db
      .insertInto('beads')
      .values({
        id: crypto.randomUUID(),
        name: 'Direkte perle',
        name_key: 'direkte perle',
        price_ore: 1000,
        sale_type: null,
        is_deleted: 0,
        created_at: new Date().toISOString(),
      } as never)
      .execute();
    expect(await etagOf('/api/pillow')).not.toBe(before);
  });

  it('a write only to what a page shows besides its own row changes its ETag (photos, a name in the history)', async () => {
    // bead_photos alone (no beads.photo_id write) and a customer's rename: the bead page and the order
    // history read them, so the route table says so and their ETags follow (a stale 304 before migration 0013).
    const bead = await createBead(t.db);
    const order = await createOrder(t.db);
    const beadUrl = `/api/beads/${bead.id}`;
    const historyUrl = `/api/orders/${order.id}/history`;
    const [beadBefore, historyBefore] = [await etagOf(beadUrl), await etagOf(historyUrl)];
    const now = new Date().toISOString();
    const photoId = crypto.randomBytes(16).toString('base64url');
    const bytes = Buffer.from('webp');
    await t.db
      .insertInto('photos')
      .values({ id: photoId, display: bytes, thumb: bytes, width: 1, height: 1, created_at: now })
      .execute();
    await t.db
      .insertInto('bead_photos')
      .values({ bead_id: bead.id, photo_id: photoId, position: 0, added_at: now, deleted_at: null })
      .execute();
    expect(await etagOf(beadUrl)).not.toBe(beadBefore);
    await t.db
      .updateTable('customers')
      .set({ name: 'Omdøbt Hansen' })
      .where('id', '=', order.customerId as string)
      .execute();
    expect(await etagOf(historyUrl)).not.toBe(historyBefore);
  });

  it('answers compressed to a browser that accepts it, and the same body as uncompressed', async () => {
    for (let i = 0; i < 40; i++) {
      await t.request({ method: 'POST', url: '/api/customers', payload: { name: `Komprimeret kunde ${i}` } });
    }
    const plain = await t.request({ method: 'GET', url: '/api/customers' });
    for (const round of [1, 2]) {
      const br = await t.request({
        method: 'GET',
        url: '/api/customers',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.headers['content-encoding'], `round ${round}`).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await t.request({
        method: 'GET',
        url: '/api/customers',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('never answers 304 (or the list) without a session', async () => {
    const etag = await etagOf('/api/customers');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: { 'if-none-match': etag },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('built assets', () => {
  it('are served precompressed, hashed ones immutable, index.html no-cache', async () => {
    const config = testConfig();
    const dist = path.join(config.dataDir, 'client');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('perle '.repeat(500))});`;
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nålepuden</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
    const database = await createTestDatabase('sqlite');
    const app = await buildApp({ config: { ...config, clientDistDir: dist }, database, logger: false });
    try {
      const br = await app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const page = await app.inject({ method: 'GET', url: '/customers' });
      expect(page.headers['cache-control']).toBe('no-cache');
      // An API path spelled with a leading '//' is the API's 404 in Danish, never the app's page.
      for (const url of ['//api/todos', '///api/orders', '//api/customers?x=1']) {
        const spelled = await app.inject({ method: 'GET', url });
        expect(spelled.statusCode, url).toBe(404);
        expect(spelled.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await app.close();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)(
  'production answers are plain JSON.stringify of what the schemas allow (%s)',
  (kind) => {
    it('each list equals its zod-parsed self (nothing extra, nothing missing)', async () => {
      const t = await createTestApp(kind, { env: { NODE_ENV: 'production' } });
      try {
        const customer = (
          await t.request({ method: 'POST', url: '/api/customers', payload: { name: 'Skema Jensen' } })
        ).json();
        const bead = (
          await t.request({
            method: 'POST',
            url: '/api/beads',
            payload: { name: 'Skemaperle', priceOre: 7500, saleType: '2 for 125' },
          })
        ).json();
        await t.request({
          method: 'POST',
          url: `/api/customers/${customer.id}/lines`,
          payload: { kind: 'bead', beadId: bead.id },
        });
        await t.request({
          method: 'POST',
          url: '/api/todos',
          payload: { amount: 2, customerId: customer.id, bead: { kind: 'existing', beadId: bead.id } },
        });
        const checks: Array<[string, { parse: (value: unknown) => unknown }]> = [
          ['/api/customers', customerListSchema],
          [`/api/customers/${customer.id}`, customerDetailSchema],
          ['/api/beads', beadListSchema],
          ['/api/todos', todoListSchema],
          ['/api/pillow', pillowSchema],
          ['/api/orders', orderListSchema],
        ];
        for (const [url, schema] of checks) {
          const body = (await t.request({ method: 'GET', url })).json();
          expect(schema.parse(body), url).toEqual(body);
        }
      } finally {
        await t.close();
      }
    });
  },
);
