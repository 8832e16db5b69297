/**
 * Compression by the library (docs/architecture.md): the pages come from a real route, so @fastify/compress
 * compresses them like every answer; the lists' cache keeps its compressed bodies and chooses the encoding
 * through the same negotiation, so a browser gets the same encoding from both. The real app on both engines,
 * with the repository's index.html and its precompressed twins as the built client.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects, TMP_DIR } from '../support/test-db.ts';

/** A built client: index.html with its .br and .gz twins, as the build writes them (vite.config.ts). */
function clientDir(): { dir: string; page: string } {
  const dir = fs.mkdtempSync(path.join(TMP_DIR, 'client-'));
  const page = fs.readFileSync('index.html', 'utf8');
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(
    path.join(dir, 'index.html.br'),
    zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(page, { level: 9 }));
  return { dir, page };
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding, 'no other encoding').toBeUndefined();
  return response.body;
}

/** Accept-Encoding as browsers and tools send it, and what the server is to answer with. */
const NEGOTIATIONS: Array<[string, 'br' | 'gzip' | undefined]> = [
  ['gzip, deflate, br, zstd', 'br'],
  ['br', 'br'],
  ['BR, GZIP', 'br'],
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  // @fastify/compress reads "anything" as gzip.
  ['*', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=0.8, br;q=0.5', 'gzip'],
  ['deflate', undefined],
  ['identity', undefined],
  ['br;q=0, gzip;q=0', undefined],
];

describe.each(dialects)('compression of pages and lists on %s', (kind) => {
  let t: TestApp;
  let page: string;
  let dir: string;
  beforeAll(async () => {
    const client = clientDir();
    page = client.page;
    dir = client.dir;
    t = await createTestApp(kind, { env: { CLIENT_DIST_DIR: client.dir } });
    // Enough customers for the list to be compressed (over 1 kB).
    for (let i = 0; i < 40; i++) await createCustomer(t.db, { name: `Komprimeret kunde ${i}` });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(NEGOTIATIONS)(
    'Accept-Encoding %j: the page, the list and the cached list answer %s',
    async (accept, expected) => {
      const headers = { 'accept-encoding': accept };
      const screen = await t.request({ method: 'GET', url: '/customers', headers });
      expect(screen.headers['cache-control']).toBe('no-store');
      expect(screen.headers['content-encoding']).toBe(expected);
      expect(decoded(screen)).toContain('Komprimeret kunde 7');
      if (expected) {
        expect(screen.headers.vary).toContain('accept-encoding');
        // Compressed in one go (http/compression.ts, pageCompressOptions), not streamed: its length is known.
        expect(decoded(screen).length).toBeGreaterThan(8 * 1024);
        expect(screen.headers['content-length']).toBe(String(screen.rawPayload.length));
      }

      // A new customer makes the list new: the first answer is made by the route, the next from the cache.
      await createCustomer(t.db, { name: `Kunde for ${accept}` });
      const plain = await t.request({ method: 'GET', url: '/api/customers' });
      const fresh = await t.request({ method: 'GET', url: '/api/customers', headers });
      const cached = await t.request({ method: 'GET', url: '/api/customers', headers });
      for (const list of [fresh, cached]) {
        expect(list.headers['content-encoding']).toBe(expected);
        expect(decoded(list)).toBe(plain.body);
      }
    },
  );

  it('gives the plain page from its precompressed twin, or as it is', async () => {
    for (const [accept, expected] of NEGOTIATIONS) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/orders',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['cache-control'], accept).toBe('no-cache');
      expect(response.headers['content-type'], accept).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(decoded(response), accept).toBe(page);
      // The build's own twin, byte for byte, not one made per request.
      if (expected) {
        const twin = fs.readFileSync(path.join(dir, `index.html.${expected === 'br' ? 'br' : 'gz'}`));
        expect(response.rawPayload.equals(twin), accept).toBe(true);
      }
    }
  });

  it('answers every page path, however long, with the page', async () => {
    for (const url of [
      '/',
      '/nowhere',
      '/customers/archived',
      `/customers/${'x'.repeat(600)}`,
      '/a/b/c?d=e',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page);
    }
  });

  it('answers /api paths, missing files and a HEAD of a page with the 404 JSON in Danish, as before', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/API/Customers/x/y'],
      ['GET', '/api'],
      ['GET', '/assets/missing-abc123.js'],
      ['GET', '/favicon.ico'],
      ['HEAD', '/customers'],
      ['DELETE', '/customers'],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') {
        expect(response.json(), `${method} ${url}`).toEqual({ message: 'Findes ikke', code: 'NOT_FOUND' });
      }
    }
  });
});
