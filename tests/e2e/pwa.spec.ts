/**
 * the installable app, in the real browser against the real server:
 * - installable as Chromium judges it (what Lighthouse's removed installability audit asked Chromium:
 *   Page.getInstallabilityErrors), with the manifest and icons served as they claim, and the service worker
 *   controlling the page after a reload while /api/ stays with the network;
 * - a new version (a byte-different sw.js) on the same origin shows "Ny version klar" with "Genindlæs", which
 *   reloads the page under the new worker.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, OWNER, test } from './support/fixtures.ts';
import { createOwner, type RunningServer, startServer } from './support/server.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The service worker registers a few seconds after the first screen; this waits until one is active. */
async function waitForActiveWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/**
 * Asks the worker controlling the page which test version it is: the worker the test writes answers '2';
 * the built one does not answer (null).
 */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage('naalepuden-test-version', [channel.port2]);
        setTimeout(() => resolve(null), 1000);
      }),
  );
}

const NEW_VERSION_CODE = `
;self.addEventListener('message', (event) => {
  if (event.data === 'naalepuden-test-version') event.ports[0].postMessage('2');
});
`;

test('the app is installable: manifest, icons, and a service worker that controls the page but not /api/ @phone', async ({
  playwright,
  server,
}, testInfo) => {
  // A browser profile of its own: Chromium offers no installation in an incognito context (Playwright's
  // usual contexts are incognito, and Page.getInstallabilityErrors would say "in-incognito").
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, launchOptions } =
    testInfo.project.use;
  const profile = fs.mkdtempSync(path.resolve('tests/.tmp/pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
    baseURL: server.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { origin: server.url },
    });
    expect(signIn.ok()).toBe(true);
    await checkInstallable(page, server.url);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function checkInstallable(page: Page, origin: string) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/pillow$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
  await waitForActiveWorker(page);

  // After a reload the worker answers the page from its precache; the page's API calls go to the server.
  const pillowAnswer = page.waitForResponse((response) => response.url().endsWith('/api/pillow'));
  const document = await page.reload();
  expect(document?.fromServiceWorker()).toBe(true);
  expect((await pillowAnswer).fromServiceWorker()).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

  // What Chromium checks before it offers to install the app.
  const cdp = await page.context().newCDPSession(page);
  expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  const appManifest = await cdp.send('Page.getAppManifest');
  expect(appManifest.url).toBe(`${origin}/manifest.webmanifest`);
  expect(appManifest.errors).toEqual([]);

  const manifestAnswer = await page.request.get('/manifest.webmanifest');
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await manifestAnswer.json();
  expect(manifest).toMatchObject({
    name: 'Nålepuden',
    short_name: 'Nålepuden',
    lang: 'da',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#7b2d55',
    background_color: '#f7f3f5',
  });
  expect(manifest.description).toMatch(/perlebutik/);
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const [src, sizes] of [
    ...icons.map((icon) => [icon.src, icon.sizes]),
    [appleIcon ?? '(missing)', '180x180'],
  ] as const) {
    const answer = await page.request.get(src);
    expect(answer.status(), src).toBe(200);
    expect(answer.headers()['content-type'], src).toBe('image/png');
    expect(pngSize(await answer.body()), src).toBe(sizes);
  }

  // Nothing from /api/ is in the worker's caches, and a page navigation to /api/ gets the server's answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
  const health = await page.goto('/api/health');
  expect(health?.fromServiceWorker()).toBe(false);
  expect(health?.headers()['content-type']).toMatch(/^application\/json/);
}

test('a new version: "Ny version klar" with Genindlæs, which reloads the page under the new worker @phone', async ({
  page,
}, testInfo) => {
  // Two server starts (the restart included) on a busy machine: three times the usual time.
  test.slow();
  // A server of its own on a copy of the built client, so the test can publish a new sw.js and restart the
  // server on the same port: the same origin, where the browser keeps the old worker and the session.
  const dist = fs.mkdtempSync(path.resolve('tests/.tmp/pwa-dist-'));
  const dataDir = fs.mkdtempSync(path.resolve('tests/.tmp/pwa-data-'));
  fs.cpSync(path.resolve('dist/client'), dist, { recursive: true });
  let server: RunningServer | undefined = await startServer({ CLIENT_DIST_DIR: dist }, { dataDir });
  try {
    await createOwner(server.url);
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { origin: server.url },
    });
    expect(signIn.ok()).toBe(true);

    await page.goto(`${server.url}/pillow`);
    await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
    await waitForActiveWorker(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await controllerVersion(page)).toBeNull();
    // The first install asked nothing.
    await expect(page.getByText('Ny version klar')).toHaveCount(0);

    // A new build: sw.js changes (its precompressed twins go, so the server sends the new bytes).
    const sw = path.join(dist, 'sw.js');
    fs.appendFileSync(sw, NEW_VERSION_CODE);
    fs.rmSync(`${sw}.br`, { force: true });
    fs.rmSync(`${sw}.gz`, { force: true });
    const port = Number(new URL(server.url).port);
    await server.stop();
    server = undefined;
    server = await startServer({ CLIENT_DIST_DIR: dist }, { dataDir, port });

    // A navigation makes the browser look for a new sw.js; the new worker installs and waits.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
    const prompt = page.getByRole('listitem').filter({ hasText: 'Ny version klar' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText('Genindlæs for at bruge den nye version.');
    expect(await controllerVersion(page)).toBeNull();
    await page.screenshot({ path: testInfo.outputPath('update-prompt.png') });
    await testInfo.attach('update prompt', {
      path: testInfo.outputPath('update-prompt.png'),
      contentType: 'image/png',
    });

    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Genindlæs' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    expect(await controllerVersion(page)).toBe('2');
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBeFalsy();
    await expect(page.getByText('Ny version klar')).toHaveCount(0);
  } finally {
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
