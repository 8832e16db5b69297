/**
 * the phone on the shop's network, played where the phone is: at the machine's LAN address, not
 * 127.0.0.1, in a Chromium with its own empty certificate store (an NSS database in a fresh HOME, made and
 * filled with Debian's certutil from libnss3-tools, as an owner's phone starts out and then trusts the root).
 * - Untrusted, http://<LAN IP>:<PORT>/ shows "Sæt telefonen op", not a certificate warning, in no secure context.
 * - After importing the certificate downloaded from that page, the same http address ends on https by itself,
 *   in a secure context.
 * - The owner signs in there, the service worker takes control, an offline reload shows Puden with its data.
 * - The live events arrive over HTTP/2, and a change made on the laptop shows on the phone.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { phoneAddress } from '../../src/server/https/machine-names.ts';
import { expect, OWNER, test } from './support/fixtures.ts';
import { nodeApi } from './support/node-api.ts';
import { persisted } from './support/offline.ts';
import { createOwner, startServer } from './support/server.ts';
import { waitForTheAppOnLoad } from './support/take-over.ts';

const SETUP_TITLE = 'Sæt telefonen op';
const OFFLINE = 'Offline – viser senest hentede data';

function certutil(...args: string[]) {
  execFileSync('certutil', args, { stdio: 'pipe' });
}

function hasCertutil(): boolean {
  try {
    execFileSync('certutil', ['-H'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // certutil -H prints its help and exits 1; only a missing program is a problem.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

test('the phone at the LAN address: set-up page, trust, then the whole app on https over HTTP/2 @phone-only', async ({
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const lan = await phoneAddress();
  test.skip(!lan, 'this machine has no network address besides loopback, so no phone could reach it');
  expect(hasCertutil(), "certutil is missing: install Debian's libnss3-tools (.ci/run does)").toBe(true);

  // Listening on every interface, as `npm start` does by default.
  const server = await startServer({ HOST: '0.0.0.0' });
  const home = fs.mkdtempSync(path.resolve('tests/.tmp/phone-home-'));
  const browsers: Browser[] = [];
  try {
    await createOwner(server.url);
    const api = await nodeApi(server.url);
    const customer = await api<{ id: string; name: string }>('POST', '/api/customers', {
      name: 'Telefon Tove',
    });
    await api('POST', `/api/customers/${customer.id}/lines`, {
      kind: 'free',
      text: 'Sommerkæde',
      priceOre: 12000,
    });

    const http = `http://${lan}:${new URL(server.url).port}`;
    const https = http.replace('http:', 'https:');
    const nssdb = `sql:${path.join(home, '.pki', 'nssdb')}`;
    fs.mkdirSync(path.join(home, '.pki', 'nssdb'), { recursive: true });
    certutil('-d', nssdb, '-N', '--empty-password');

    const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, launchOptions } =
      testInfo.project.use;
    const phone = async () => {
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        env: { ...process.env, HOME: home },
      });
      browsers.push(browser);
      const context = await browser.newContext({
        viewport,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        locale,
        timezoneId,
        acceptDownloads: true,
      });
      waitForTheAppOnLoad(context);
      return { browser, context, page: await context.newPage() };
    };

    // 1. Untrusted: the set-up page on plain http, never a certificate warning, and no secure context.
    const first = await phone();
    await first.page.goto(`${http}/pillow`);
    await expect(first.page.getByRole('heading', { level: 1, name: SETUP_TITLE })).toBeVisible();
    expect(await first.page.evaluate(() => [window.isSecureContext, 'serviceWorker' in navigator])).toEqual([
      false,
      false,
    ]);
    const rootPem = fs.readFileSync(path.join(server.dataDir, 'tls', 'root-ca.pem'), 'utf8');
    const rootFingerprint = new X509Certificate(rootPem).fingerprint256;
    await expect(first.page.getByText(rootFingerprint)).toBeVisible();
    const [download] = await Promise.all([
      first.page.waitForEvent('download'),
      first.page.getByRole('link', { name: 'Hent certifikat til Android' }).click(),
    ]);
    const certificateFile = path.join(home, 'naalepuden-rod.crt');
    await download.saveAs(certificateFile);
    expect(download.suggestedFilename()).toBe('naalepuden-rod.crt');
    const downloaded = fs.readFileSync(certificateFile);
    expect(createHash('sha256').update(downloaded).digest('hex')).toBe(
      rootFingerprint.replace(/:/g, '').toLowerCase(),
    );
    await first.browser.close();

    // 2. The phone trusts the root, as after Indstillinger → … → CA-certifikat.
    certutil('-d', nssdb, '-A', '-t', 'C,,', '-n', 'Nålepuden', '-i', certificateFile);

    // 3. The same http address (the QR code's) now ends on https by itself, in a secure context.
    const second = await phone();
    const page: Page = second.page;
    const cdp = await second.context.newCDPSession(page);
    const protocols = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => {
      const url = new URL(event.response.url);
      if (url.pathname.startsWith('/api/')) protocols.set(url.pathname, event.response.protocol ?? '');
    });
    await cdp.send('Network.enable');
    await page.goto(`${http}/pillow`);
    // On https at /pillow, the app sends a visitor who is not signed in on to the login page (a reload).
    await page.waitForURL(`${https}/login`, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    // 4. The owner signs in on the phone, over https.
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
    await expect(page.getByText(customer.name).first()).toBeVisible();
    expect(new URL(page.url()).origin).toBe(https);
    // The page itself, asked again over https with the phone's cookie, comes with Puden in it (decision 0014).
    const html = await page.evaluate(async (url) => (await fetch(url)).text(), `${https}/pillow`);
    expect(html).toContain('data-first-screen');
    expect(html).toContain(customer.name);

    // 5. Live events over HTTP/2: a line the laptop adds shows on the phone without a reload.
    await expect(page.locator('html')).toHaveAttribute('data-live', 'live');
    expect(protocols.get('/api/events')).toBe('h2');
    await api('POST', `/api/customers/${customer.id}/lines`, {
      kind: 'free',
      text: 'Vinterkæde',
      priceOre: 9000,
    });
    await expect(page.getByText('Vinterkæde')).toBeVisible();

    // 6. The service worker takes control, and an offline reload shows Puden with its data.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active))), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 10_000 })
      .toBe(true);
    await expect(page.getByText('Vinterkæde')).toBeVisible();
    // The cache kept in IndexedDB holds the new line (it is written in idle time: on a busy machine, later).
    await persisted(page, 'Vinterkæde');
    await second.context.setOffline(true);
    await page.reload();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
    await expect(page.getByText(customer.name).first()).toBeVisible();
    await expect(page.getByText('Vinterkæde')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(https);
  } finally {
    for (const browser of browsers) await browser.close().catch(() => undefined);
    await server.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
});
