import { expect, OWNER, test } from './support/fixtures.ts';

/**
 * The built app goes out compressed (its scripts precompressed at build), hashed assets are
 * cached for good and the page itself is revalidated; the lists answer 304 when nothing changed.
 */
test('the real build is served precompressed, and cached right', async ({ request, server }) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  // The entry is started by the inline boot script after the first paint (vite.config.ts paintFirst).
  expect(html).toMatch(/<script type="module">[\s\S]+?naalepudenPreloadApp[\s\S]+?<\/script>/);
  const script = JSON.parse(
    (/<meta name="naalepuden-entry" content="([^"]+)"/.exec(html)?.[1] ?? '""').replaceAll('&quot;', '"'),
  ) as string;
  expect(script).toMatch(/^\/assets\/index-.+\.js$/);

  const brotli = await request.fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers()['cache-control']).toContain('immutable');
  const plain = await request.fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // Playwright hands over the decoded body; the transfer was the brotli twin written at build.
  expect((await brotli.body()).equals(await plain.body())).toBe(true);
});

test('a list answers 304 to If-None-Match until something changes', async ({ signedIn: page, server }) => {
  const first = await page.request.get(`${server.url}/api/customers`);
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const again = await page.request.get(`${server.url}/api/customers`, {
    headers: { 'if-none-match': etag! },
  });
  expect(again.status()).toBe(304);
  await page.request.post(`${server.url}/api/customers`, {
    data: { name: `Etag ${Math.random().toString(36).slice(2, 7)}` },
    headers: { origin: server.url },
  });
  const changed = await page.request.get(`${server.url}/api/customers`, {
    headers: { 'if-none-match': etag! },
  });
  expect(changed.status()).toBe(200);
});

test("the first screen's data and the session check are asked for before the app's code has arrived, and used", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/todos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Todo' })).toBeVisible();
  // The boot script starts both requests before the entry script has loaded; the app takes both answers over
  // (lib/api.ts deletes what it takes), so neither is asked for a second time.
  const timing = (await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const start = (part) => entries.find((e) => e.name.includes(part))?.startTime;
    const entry = entries.find((e) => /\\/assets\\/index-[^/]+\\.js$/.test(e.name));
    return {
      todos: start('/api/todos/first'),
      session: start('/api/auth/get-session'),
      entryEnd: entry?.responseEnd,
      notTaken: Object.keys(window.naalepudenEarly ?? { missing: true }),
    };
  })()`)) as { todos?: number; session?: number; entryEnd?: number; notTaken: string[] };
  expect(timing.entryEnd).toBeGreaterThan(0);
  expect(timing.todos).toBeLessThan(timing.entryEnd!);
  expect(timing.session).toBeLessThan(timing.entryEnd!);
  expect(timing.notTaken).toEqual([]);
});

test("the signed-in shell's and the opened page's code are asked for beside the entry script, not after it has run", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordrer' })).toBeVisible();
  // The boot script (src/client/boot/boot.ts) preloads them from the table the build writes into index.html
  // (shared/page-contract.ts, made from src/shared/screens.ts). Asked by
  // the app itself, they could only start once the entry's files (the entry script and the preloads
  // index.html names for it; how the bundler splits them varies) had all arrived and run.
  const timing = (await page.evaluate(`(() => {
    const meta = (name) => JSON.parse(document.querySelector('meta[name="' + name + '"]').getAttribute('content'));
    const entryFiles = [meta('naalepuden-entry'), ...meta('naalepuden-preload')].filter(Boolean);
    const entries = performance.getEntriesByType('resource');
    const find = (pattern) => entries.find((e) => pattern.test(e.name));
    const ends = entryFiles.map((file) => entries.find((e) => new URL(e.name).pathname === file)?.responseEnd);
    return {
      entryFiles: entryFiles.length,
      entryArrived: ends.every((end) => end > 0) ? Math.max(...ends) : undefined,
      shell: find(/\\/assets\\/app-shell-[^/]+\\.js$/)?.startTime,
      page: find(/\\/assets\\/orders-page-[^/]+\\.js$/)?.startTime,
    };
  })()`)) as { entryFiles: number; entryArrived?: number; shell?: number; page?: number };
  expect(timing.entryFiles).toBeGreaterThan(0);
  expect(timing.entryArrived).toBeGreaterThan(0);
  expect(timing.shell).toBeLessThan(timing.entryArrived!);
  expect(timing.page).toBeLessThan(timing.entryArrived!);
});

test("the login page fetches Puden's code while the owner types, and Puden's data beside the session check", async ({
  page,
  server,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await expect.poll(() => requests.some((path) => /^\/assets\/pillow-page-[^/]+\.js$/.test(path))).toBe(true);
  expect(requests.some((path) => /^\/assets\/app-shell-[^/]+\.js$/.test(path))).toBe(true);

  await page.getByLabel('Adgangskode').fill(OWNER.password);
  const signedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/email'));
  await page.getByRole('button', { name: 'Log ind' }).click();
  await signedIn;
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
  // /api/pillow was asked for right after the sign-in answered, before the session check that follows it.
  const afterSignIn = requests.slice(requests.lastIndexOf('/api/auth/sign-in/email') + 1);
  expect(afterSignIn.indexOf('/api/pillow')).toBeGreaterThanOrEqual(0);
  expect(afterSignIn.indexOf('/api/pillow')).toBeLessThan(afterSignIn.indexOf('/api/auth/get-session'));
});
