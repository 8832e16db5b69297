/**
 * Takes phone (390×844) and desktop (1280×800) screenshots of every screen into docs/screenshots/, and the phone's
 * in WebKit into docs/screenshots/webkit/ (scripts/screenshots/webkit.ts), against the real server on a fresh
 * database filled by the demo seed. Run: npm run screenshots [-- name …]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { buildClientIfNeeded } from '../src/server/cli/build-client.ts';
import { phoneAddress } from '../src/server/https/machine-names.ts';
import { createOwner, OWNER, startServer } from '../tests/e2e/support/server.ts';
import { appTookOver } from '../tests/e2e/support/take-over.ts';
import { heldTapShot } from './screenshots/first-screen.ts';
import { moneyShots, receiptPage } from './screenshots/money.ts';
import { labelPages, parcelShots } from './screenshots/parcels.ts';
import type { Shot } from './screenshots/shot.ts';
import { stockShots } from './screenshots/stock.ts';
import { deletedBeadShot, todoShots } from './screenshots/todos.ts';
import { webkitScreenshots } from './screenshots/webkit.ts';

const outDir = path.resolve('docs/screenshots');
const only = process.argv.slice(2);
const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];

const shots: Shot[] = [
  { name: 'login', path: '/login', signedIn: false },
  // What a phone gets at http://<LAN IP>:<PORT>/ before it trusts the shop's root.
  { name: 'phone-setup', path: (lan) => `${lan}/`, signedIn: false },
  {
    // Indstillinger → Telefon: the phone's address, its QR code and the root's fingerprint.
    name: 'settings-phone',
    path: '/settings',
    signedIn: true,
    prepare: async (page) => {
      await page
        .getByRole('region', { name: 'Telefon', exact: true })
        .getByRole('heading', { name: 'Telefon' })
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -72));
    },
  },
  {
    // Indstillinger → Beskeder (docs/product/messages.md#texts-that-go-out): the templates and their live examples.
    name: 'settings-messages',
    path: '/settings',
    signedIn: true,
    prepare: async (page) => {
      await page
        .getByRole('region', { name: 'Beskeder', exact: true })
        .getByRole('heading', { name: 'Beskedernes tekst' })
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -72));
    },
  },
  { name: 'pillow', path: '/pillow', signedIn: true },
  {
    name: 'menu',
    path: '/pillow',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    },
  },
  { name: 'customers', path: '/customers', signedIn: true },
  { name: 'needles', path: '/needles', signedIn: true },
  {
    // Indstillinger → Butik: name, postage and payment; a MobilePay number typed, not saved.
    name: 'settings-shop',
    path: '/settings',
    signedIn: true,
    prepare: async (page) => {
      const card = page.getByRole('region', { name: 'Butik', exact: true });
      await card.getByRole('textbox', { name: 'MobilePay-nummer' }).fill('12 34 56 78');
      await card.getByRole('heading', { name: 'Butik' }).evaluate((element) => element.scrollIntoView());
      await page.evaluate(() => window.scrollBy(0, -88));
    },
  },
  {
    // The bill's own texts and the live preview of the bill on a sample order.
    name: 'settings-shop-bill',
    path: '/settings',
    signedIn: true,
    prepare: async (page) => {
      const card = page.getByRole('region', { name: 'Butik', exact: true });
      await card.getByRole('textbox', { name: 'MobilePay-nummer' }).fill('12 34 56 78');
      await card
        .getByRole('textbox', { name: 'Afslutning' })
        .fill('Mange hilsner og god fornøjelse med perlerne');
      await card
        .getByRole('heading', { name: 'Regningens tekst' })
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -72));
    },
  },
  {
    name: 'customers-jump',
    path: '/customers',
    signedIn: true,
    prepare: async (page) =>
      page.getByRole('navigation', { name: 'Gå til bogstav' }).getByRole('button').nth(3).click(),
  },
  {
    name: 'customers-no-hits',
    path: '/customers',
    signedIn: true,
    prepare: async (page) => page.getByRole('searchbox').fill('Xyzzy'),
  },
  {
    name: 'customers-add',
    path: '/customers',
    signedIn: true,
    prepare: async (page) => page.getByRole('button', { name: 'Tilføj Ny' }).click(),
  },
  {
    name: 'needles-add',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Tilføj Ny' }).click();
      await page.getByRole('radio', { name: '2 for 125' }).check();
    },
  },
  {
    name: 'needle-detail',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Åben' }).first().click();
      await page.getByRole('heading', { name: 'Tilføj til kunde' }).waitFor();
    },
  },
  // Bead photos (decision 0016): a bead's gallery, its photo full screen, and the photo buttons of "Tilføj ny nål".
  {
    name: 'needle-photos',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await openBead(page, 'Rosenkvarts');
      await page.getByRole('heading', { name: 'Fotos' }).waitFor();
    },
  },
  {
    name: 'needle-photo-viewer',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await openBead(page, 'Rosenkvarts');
      await page.getByRole('button', { name: /^Vis foto 1 af/ }).click();
      await page.getByRole('dialog', { name: /^Fotos af/ }).waitFor();
    },
  },
  {
    name: 'needles-add-photos',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Tilføj Ny' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tilføj ny nål' });
      await dialog.getByLabel('Navn').fill('Ametyst 8 mm');
      await dialog.getByLabel('Pris').fill('95');
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Vælg foto' }).click();
      await (await chooser).setFiles(await demoPhotoFiles(['Ametyst 8 mm', 'Ametyst 8 mm']));
      await dialog.getByRole('list', { name: '2 fotos valgt' }).waitFor();
    },
  },
  {
    name: 'price-dialog',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Åben' }).first().click();
      await page.getByRole('button', { name: 'Ændré Pris' }).click();
    },
  },
  {
    name: 'customers-scrolled',
    path: '/customers',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Gå til D' }).click();
      await page.mouse.wheel(0, 80);
    },
  },
  {
    name: 'customers-empty',
    path: '/customers',
    signedIn: true,
    prepare: async (page) => {
      await page.route('**/api/customers', (route) => route.fulfill({ json: [] }), { times: 1 });
      await page.reload();
      await page.getByText('Ingen kunder endnu').waitFor();
    },
  },
  {
    name: 'needles-empty',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.route('**/api/beads', (route) => route.fulfill({ json: [] }), { times: 1 });
      await page.reload();
      await page.getByText('Ingen perler endnu').waitFor();
    },
  },
  {
    name: 'needle-detail-selected',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Åben' }).nth(2).click();
      await page.getByRole('checkbox').nth(1).check();
      await page.getByRole('checkbox').nth(3).check();
    },
  },
  { name: 'orders', path: '/orders', signedIn: true },
  // The weekly work.
  { name: 'reminders', path: '/reminders', signedIn: true },
  { name: 'packing-demo', path: '/packing', signedIn: true },
  { name: 'sales', path: '/sales', signedIn: true },
  {
    name: 'customer-detail',
    path: '/pillow',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Åben' }).first().click();
      await page.getByRole('heading', { name: 'Aktiv ordre' }).waitFor();
    },
  },
  {
    name: 'add-line-dialog',
    path: '/pillow',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Åben' }).first().click();
      await page.getByRole('button', { name: 'Tilføj vare' }).click();
      // The dialog's bead list: the page behind it has options of its own (the order's status select).
      await page.getByRole('dialog').getByRole('option').nth(1).click();
    },
  },
  ...parcelShots,
  ...todoShots,
  deletedBeadShot,
  ...stockShots,
  ...moneyShots,
  {
    // Offline with three changes waiting. Last: the queue is never sent (the context closes offline).
    name: 'offline-banner',
    path: '/pillow',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Åben' }).first().click();
      const addLine = page.getByRole('button', { name: 'Tilføj vare' });
      // The dialog's code is fetched while online.
      await addLine.click();
      await page
        .getByRole('dialog', { name: 'Tilføj linje' })
        .getByRole('button', { name: 'Fortryd' })
        .click();
      await page.context().setOffline(true);
      for (const [text, price] of [
        ['Gaveindpakning', '25'],
        ['Ekstra lås i sølv', '15'],
      ]) {
        await addLine.click();
        const dialog = page.getByRole('dialog', { name: 'Tilføj linje' });
        await dialog.getByRole('tab', { name: 'Linje' }).click();
        await dialog.getByLabel('Tekst').fill(text ?? '');
        await dialog.getByLabel('Pris').fill(price ?? '');
        await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByRole('switch', { name: 'Hjemmelevering' }).click();
      await page.getByText('3 ændringer venter').waitFor();
      // The lines waiting under the active order; the header with the banner stays on top.
      await page
        .getByText('Venter på at blive sendt')
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(2500);
    },
  },
];

/** Opens the first bead whose name matches from Nåle (its search), and waits for its pictures. */
async function openBead(page: import('@playwright/test').Page, search: string) {
  await page.getByRole('searchbox').fill(search);
  await page.getByRole('link', { name: 'Åben' }).first().click();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** JPEG files as a phone's camera gives them, drawn like the demo's photos. */
async function demoPhotoFiles(names: string[]) {
  const { beadPicture } = await import('../src/server/cli/seed-pictures.ts');
  const sharp = (await import('sharp')).default;
  return Promise.all(
    names.map(async (name, i) => ({
      name: `IMG_00${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp((await beadPicture(name, 40 + i)).display)
        .jpeg({ quality: 85 })
        .toBuffer(),
    })),
  );
}

await buildClientIfNeeded();
// On every interface, as `npm start` listens, so the set-up page can be shot at the LAN address.
const server = await startServer({ HOST: '0.0.0.0' });
await createOwner(server.url);
const lanAddress = await phoneAddress();
const lanOrigin = lanAddress ? `http://${lanAddress}:${new URL(server.url).port}` : undefined;
if (fs.existsSync('src/server/cli/seed-demo.ts')) {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
fs.mkdirSync(outDir, { recursive: true });
try {
  for (const size of sizes) {
    const context: BrowserContext = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: size.hasTouch,
      deviceScaleFactor: 1,
      locale: 'da-DK',
      timezoneId: 'Europe/Copenhagen',
      baseURL: server.url,
    });
    const page = await context.newPage();
    let signedIn = false;
    for (const shot of shots) {
      if (only.length > 0 && !only.includes(shot.name)) continue;
      const target = typeof shot.path === 'string' ? shot.path : lanOrigin && shot.path(lanOrigin);
      if (!target) {
        console.warn(`skipped ${shot.name}: this machine has no LAN address`);
        continue;
      }
      if (shot.signedIn && !signedIn) {
        await page.request.post('/api/auth/sign-in/email', {
          data: { email: OWNER.email, password: OWNER.password },
          headers: { origin: server.url },
        });
        signedIn = true;
      }
      await page.goto(target);
      await appTookOver(page);
      await page.waitForLoadState('networkidle');
      await shot.prepare?.(page);
      await page.waitForTimeout(400);
      // A dialog's fade or a menu's slide finishes before the picture: 400 ms is not always enough on a busy
      // machine. Endless ones (a loading pulse) are waited for at most 5 s.
      await page
        .waitForFunction(
          () => document.getAnimations().every((animation) => animation.playState !== 'running'),
          undefined,
          {
            timeout: 5_000,
          },
        )
        .catch(() => undefined);
      const file = path.join(outDir, `${shot.name}-${size.name}.png`);
      await page.screenshot({ path: file });
      await shot.cleanUp?.(page);
      console.info(`saved ${path.relative(process.cwd(), file)}`);
    }
    await heldTapShot({ context, baseUrl: server.url, outDir, size: size.name, only });
    if (size.name === 'desktop') {
      await labelPages({ baseUrl: server.url, context, dataDir: server.dataDir, outDir, only });
      await receiptPage({ baseUrl: server.url, context, dataDir: server.dataDir, outDir, only });
    }
    await context.close();
  }
  await webkitScreenshots({ url: server.url, lanOrigin, owner: OWNER, outDir, only });
} finally {
  await browser.close();
  await server.stop();
}
