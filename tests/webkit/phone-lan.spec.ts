/**
 * The phone on the shop's network, in WebKit (the iPhone's engine), where the phone is: at the machine's LAN
 * address, not 127.0.0.1.
 * - Untrusted, http://<LAN IP>:<PORT>/ shows "Sæt telefonen op" in no secure context, and its iPhone profile
 *   holds the shop's root.
 * - Trusted, the same address ends on https by itself, in a secure context; the owner signs in, and the service
 *   worker takes control.
 *
 * WebKitGTK trusts through GnuTLS and the system's CA bundle, so the trusting phone is a WebKitWebDriver run in
 * a private mount namespace whose /etc/ssl/certs holds the system's bundle plus the shop's root
 * (support/webkit.ts). The certificate chain, names and dates are checked by WebKit itself, as an iPhone that
 * installed the profile would; what an iPhone adds on top (the profile's installation, "fuld tillid") is
 * Apple's, outside any browser we can run here.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { phoneAddress } from '../../src/server/https/machine-names.ts';
import { nodeApi } from '../e2e/support/node-api.ts';
import { createOwner, startServer } from '../e2e/support/server.ts';
import { shopApi } from '../e2e/support/shop-api.ts';
import { expect, OWNER, test } from './support/fixtures.ts';
import { serviceWorkerControls } from './support/offline.ts';
import { screen, waitFor } from './support/screen.ts';
import { startDriver } from './support/webkit.ts';

const SETUP_TITLE = 'Sæt telefonen op';

test('the phone at the LAN address: the set-up page, then, trusted, the app on https with its service worker', async ({
  phone,
  display,
  scratch,
}) => {
  test.setTimeout(120_000);
  const lan = await phoneAddress();
  test.skip(!lan, 'this machine has no network address besides loopback, so no phone could reach it');

  // Listening on every interface, as `npm start` does by default.
  const server = await startServer({ HOST: '0.0.0.0' });
  try {
    await createOwner(server.url);
    const customer = await shopApi(await nodeApi(server.url)).customer('Telefon Tove');
    await shopApi(await nodeApi(server.url)).freeLine(customer.id, 'Sommerkæde', 120);
    const http = `http://${lan}:${new URL(server.url).port}`;
    const https = http.replace('http:', 'https:');
    const rootFile = path.join(server.dataDir, 'tls', 'root-ca.pem');
    const root = new X509Certificate(fs.readFileSync(rootFile, 'utf8'));

    // 1. Untrusted: the set-up page on plain http, in no secure context, with the root's fingerprint.
    await phone.get(`${http}/pillow`);
    const ui = screen(phone);
    await ui.role('heading', { level: 1, name: SETUP_TITLE }).visible();
    expect(
      await phone.executeScript("return [window.isSecureContext, 'serviceWorker' in navigator]"),
    ).toEqual([false, false]);
    await ui.text(root.fingerprint256).visible();
    // The iPhone's download: a configuration profile that holds the shop's root.
    const link = await ui.role('link', { name: 'Hent profil til iPhone' }).element();
    const profile = await fetch(new URL((await link.getAttribute('href')) ?? '', http));
    expect(profile.status).toBe(200);
    expect(profile.headers.get('content-type')).toContain('application/x-apple-aspen-config');
    expect(await profile.text()).toContain(root.raw.toString('base64').slice(0, 64));
    // And https is refused by this phone before it trusts the root: the app does not open there.
    await phone.get(`${https}/login`).catch(() => undefined);
    await ui.role('heading', { level: 1, name: 'Log ind' }).hidden();
    expect(await phone.executeScript('return document.title')).not.toBe('Nålepuden');

    // 2. The phone trusts the root: a browser whose system store holds it.
    const trusting = await startDriver({ display, scratch, trust: [rootFile] });
    try {
      const trusted = await trusting.session();
      const tui = screen(trusted);
      // 3. The same http address (the QR code's) ends on https by itself, in a secure context.
      await trusted.get(`${http}/pillow`);
      await waitFor(
        () => trusted.getCurrentUrl(),
        (url) => url === `${https}/login`,
        'the set-up page to forward to https',
        30_000,
      );
      await tui.role('heading', { level: 1, name: 'Log ind' }).visible();
      expect(await trusted.executeScript('return window.isSecureContext')).toBe(true);

      // 4. The owner signs in on the phone, over https, and Puden shows her customer.
      await tui.label('E-mail').fill(OWNER.email);
      await tui.label('Adgangskode').fill(OWNER.password);
      await tui.role('button', { name: 'Log ind' }).click();
      await tui.role('heading', { level: 1, name: 'Puden' }).visible(20_000);
      await tui.text('Sommerkæde').visible();
      expect(new URL(await trusted.getCurrentUrl()).origin).toBe(https);

      // 5. The service worker takes control there.
      await serviceWorkerControls(trusted);
      await tui.text('Sommerkæde').visible();
      await trusted.quit();
    } finally {
      await trusting.stop();
    }
  } finally {
    await server.stop();
  }
});
