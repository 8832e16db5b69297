/**
 * Decision 0014: a signed-in owner's first screen comes as HTML with her data in it, rendered on
 * the server by the app's own components; anybody else gets the plain page. The real app on both engines,
 * with the repository's index.html as the built page.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBead, createCustomer, createOrder, createOrderLine } from '../support/factories.ts';
import { multipartBody } from '../support/multipart.ts';
import { plainPhoto } from '../support/photo-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects, TMP_DIR } from '../support/test-db.ts';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

/** The repository's index.html stands in for the build: the root with its loading page, then </body>. */
function clientDir(): string {
  const dir = fs.mkdtempSync(path.join(TMP_DIR, 'client-'));
  fs.copyFileSync('index.html', path.join(dir, 'index.html'));
  return dir;
}

const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe.each(dialects)('the first screen as HTML on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CLIENT_DIST_DIR: clientDir() } });
    const customer = await createCustomer(t.db, { name: 'Åse Æbelø' });
    // A name that is markup: it must arrive as text.
    const sneaky = await createCustomer(t.db, { name: '<img src=x onerror=alert(1)>' });
    const bead = await createBead(t.db, { name: 'Rosa lavasten 12 mm' });
    for (const owner of [customer, sneaky]) {
      const order = await createOrder(t.db, { customerId: owner.id, status: 'active' });
      await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['/pillow', 'Puden'],
    ['/customers', 'Kunder'],
    ['/needles', 'Perler'],
    ['/orders', 'Ordrer'],
    ['/todos', 'Todo'],
    ['/packing', 'Pakning'],
    ['/sales', 'Salg'],
  ])('%s comes with its screen for the signed-in owner, never stored', async (url, title) => {
    const response = await t.request({ method: 'GET', url, headers: { 'user-agent': PHONE_UA } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<div id="root" data-first-screen="" aria-busy="true">');
    // The plain menu of links that the page's first script opens before the app runs, hidden until then: beside
    // the root, so the app's hydration of the root never meets it.
    expect(response.body).toMatch(
      /<\/div>(<link[^>]*>|<style[^>]*>[^<]*<\/style>)*<div[^>]* id="boot-menu" hidden=""/,
    );
    expect(response.body).toContain('href="/customers"');
    expect(response.body).not.toContain('class="boot"');
    // What the screen was rendered with, for the app to hydrate it with the same.
    const state = /<script type="application\/json" id="naalepuden-first-screen">([^<]*)<\/script>/.exec(
      response.body,
    )?.[1];
    expect(JSON.parse(state ?? 'null')).toMatchObject({ device: 'phone', prefs: { todoGrouping: 'none' } });
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(response.body)?.[1];
    expect(heading).toBe(title);
    expect(textOf(response.body)).not.toContain('Indlæser');
  });

  it('carries what the screen was rendered with: the clock, the device, each read’s version, the owner, never the session’s token', async () => {
    const before = Date.now();
    const response = await t.request({
      method: 'GET',
      url: '/customers',
      headers: { cookie: `${t.cookie}; naalepuden-todo-grouping=cumulative` },
    });
    const text = /<script type="application\/json" id="naalepuden-first-screen">([^<]*)<\/script>/.exec(
      response.body,
    )?.[1];
    const state = JSON.parse(text ?? 'null');
    expect(Date.parse(state.now)).toBeGreaterThanOrEqual(before - 1000);
    expect(state.device).toBe('desktop');
    expect(state.prefs).toEqual({ todoGrouping: 'cumulative' });
    // The list's version as the server rendered it (its ETag); the small answers whole instead.
    const customers = await t.request({ method: 'GET', url: '/api/customers' });
    expect(state.versions).toEqual({ '/api/customers': customers.headers.etag });
    expect(state.answers['/api/auth/get-session']).toEqual({
      user: { id: expect.any(String), name: expect.any(String), email: expect.any(String) },
    });
    expect(state.answers['/api/settings/shop']).toMatchObject({ shopName: expect.any(String) });
    // The session cookie is http-only: the page never repeats its token.
    const token = decodeURIComponent(/better-auth\.session_token=([^.;]+)/.exec(t.cookie)?.[1] ?? 'missing');
    expect(token.length).toBeGreaterThan(10);
    expect(response.body).not.toContain(token);
  });

  it('keeps a shop name that would close the script element as text inside the page’s state', async () => {
    const settings = (await t.request({ method: 'GET', url: '/api/settings/shop' })).json();
    const put = (shopName: string) =>
      t.request({ method: 'PUT', url: '/api/settings/shop', payload: { ...settings, shopName } });
    const evil = '</script><script>alert(1)</script><!--';
    expect((await put(evil)).statusCode).toBe(200);
    try {
      const html = (await t.request({ method: 'GET', url: '/pillow' })).body;
      expect(html).not.toContain('<script>alert(1)');
      const text = /<script type="application\/json" id="naalepuden-first-screen">([^<]*)<\/script>/.exec(
        html,
      )?.[1];
      expect(JSON.parse(text ?? 'null').answers['/api/settings/shop'].shopName).toBe(evil);
    } finally {
      await put(settings.shopName);
    }
  });

  it("shows the owner's data, names as text and never as markup", async () => {
    const response = await t.request({ method: 'GET', url: '/pillow' });
    const text = textOf(response.body);
    expect(text).toContain('Åse Æbelø');
    expect(text).toContain('Rosa lavasten 12 mm');
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("renders Nåle's rows with their photos: a fixed-size, lazy thumbnail (decision 0016)", async () => {
    const bead = await createBead(t.db, { name: 'Aaa fotoperle' });
    const body = multipartBody([{ data: await plainPhoto('jpeg', 640, 480) }]);
    const upload = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
    const photoId = upload.json().photos[0].id;
    const html = (await t.request({ method: 'GET', url: '/needles', headers: { 'user-agent': PHONE_UA } }))
      .body;
    const image = new RegExp(`<img[^>]*src="/api/photos/${photoId}/thumb"[^>]*>`).exec(html)?.[0];
    expect(image).toBeDefined();
    expect(image).toContain('width="40"');
    expect(image).toContain('height="40"');
    expect(image).toContain('loading="lazy"');
    expect(image).toContain('alt=""');
  });

  it('reads what the address asks (Salg of another year)', async () => {
    const response = await t.request({ method: 'GET', url: '/sales?year=2025' });
    expect(response.body).toContain('data-first-screen');
    expect(textOf(response.body)).toContain('2025');
  });

  it('goes out compressed when the browser takes it', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/orders',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(textOf(html)).toContain('Åse Æbelø');
  });

  it.each([
    ['nobody signed in', {}],
    ['a made-up session', { cookie: 'better-auth.session_token=forged.token' }],
    ['a cookie of something else', { cookie: 'theme=dark' }],
  ])('gives %s the plain page, without data', async (_who, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/orders', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('class="boot"');
    expect(response.body).not.toContain('data-first-screen');
    expect(response.body).not.toContain('Æbelø');
  });

  it('gives the plain page where no first screen is rendered', async () => {
    for (const url of ['/settings', '/customers/archived', '/reminders', '/nowhere']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.body, url).toContain('class="boot"');
      expect(response.body, url).not.toContain('data-first-screen');
    }
  });

  it('gives the plain page after signing out', async () => {
    const other = await createTestApp(kind, { env: { CLIENT_DIST_DIR: clientDir() } });
    try {
      const signedIn = await other.request({ method: 'GET', url: '/orders' });
      expect(signedIn.body).toContain('data-first-screen');
      const out = await other.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
      });
      expect(out.statusCode, out.body).toBe(200);
      const after = await other.request({ method: 'GET', url: '/orders' });
      expect(after.body).not.toContain('data-first-screen');
    } finally {
      await other.close();
    }
  });
});

describe('the first screen and the plain-http gate', () => {
  it("gives a phone on plain http the set-up page, never the owner's screen, even with her cookie", async () => {
    const t = await createTestApp('sqlite', { env: { CLIENT_DIST_DIR: clientDir() }, https: 'builtin' });
    try {
      await createCustomer(t.db, { name: 'Åse Æbelø' });
      const loopback = await t.request({ method: 'GET', url: '/customers' });
      expect(loopback.body).toContain('data-first-screen');
      const phone = await t.request({ method: 'GET', url: '/customers', remoteAddress: '192.0.2.50' });
      expect(phone.body).not.toContain('data-first-screen');
      expect(phone.body).not.toContain('Æbelø');
    } finally {
      await t.close();
    }
  });
});
