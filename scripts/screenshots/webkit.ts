/**
 * The WebKit half of `npm run screenshots`: every screen at 390 × 844 in WebKitGTK (the iPhone's engine, through
 * its WebDriver, tests/webkit/support/webkit.ts), into docs/screenshots/webkit/, named as the Chromium pictures
 * (`<name>-phone.png`) so the two can be laid side by side.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WebDriver } from 'selenium-webdriver';
import { appTookOver, type Locator, screen } from '../../tests/webkit/support/screen.ts';
import { startDisplay, startDriver, webkitMissing } from '../../tests/webkit/support/webkit.ts';

type WebKitShot = {
  name: string;
  path: string | ((lan: string) => string);
  signedIn: boolean;
  prepare?: (ui: Locator, phone: WebDriver) => Promise<void>;
};

const shots: WebKitShot[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'phone-setup', path: (lan) => `${lan}/`, signedIn: false },
  { name: 'pillow', path: '/pillow', signedIn: true },
  {
    name: 'menu',
    path: '/pillow',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('button', { name: 'Menu' }).click();
      await ui.role('navigation', { name: 'Menu' }).visible();
    },
  },
  { name: 'customers', path: '/customers', signedIn: true },
  {
    name: 'customers-add',
    path: '/customers',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('button', { name: 'Tilføj Ny' }).click();
      await ui.role('dialog', { name: 'Tilføj ny kunde' }).visible();
    },
  },
  {
    name: 'customer-detail',
    path: '/pillow',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('link', { name: 'Åben' }).first().click();
      await ui.role('heading', { name: 'Aktiv ordre' }).visible();
    },
  },
  {
    name: 'add-line-dialog',
    path: '/pillow',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('link', { name: 'Åben' }).first().click();
      await ui.role('button', { name: 'Tilføj vare' }).click();
      await ui.role('dialog').role('option').nth(1).click();
    },
  },
  { name: 'needles', path: '/needles', signedIn: true },
  {
    name: 'needle-detail',
    path: '/needles',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('link', { name: 'Åben' }).first().click();
      await ui.role('heading', { name: 'Tilføj til kunde' }).visible();
    },
  },
  {
    name: 'price-dialog',
    path: '/needles',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('link', { name: 'Åben' }).first().click();
      await ui.role('button', { name: 'Ændré Pris' }).click();
      await ui.role('dialog').visible();
    },
  },
  { name: 'orders', path: '/orders', signedIn: true },
  { name: 'todos', path: '/todos', signedIn: true },
  {
    name: 'add-todo-dialog',
    path: '/todos',
    signedIn: true,
    prepare: async (ui) => {
      await ui.role('button', { name: 'Tilføj Todo' }).click();
      await ui.role('option').nth(2).click();
    },
  },
  { name: 'packing-demo', path: '/packing', signedIn: true },
  { name: 'reminders', path: '/reminders', signedIn: true },
  { name: 'sales', path: '/sales', signedIn: true },
  { name: 'settings-shop', path: '/settings', signedIn: true },
];

/** Waits until nothing moves (a dialog's fade, a menu's slide), at most 5 s. */
async function settled(phone: WebDriver) {
  await phone
    .executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       const deadline = Date.now() + 5000;
       const check = () => {
         const running = document.getAnimations().some((a) => a.playState === 'running');
         if (!running || Date.now() > deadline) done(true); else setTimeout(check, 100);
       };
       setTimeout(check, 400);`,
    )
    .catch(() => undefined);
}

export async function webkitScreenshots(options: {
  url: string;
  lanOrigin: string | undefined;
  owner: { email: string; password: string };
  outDir: string;
  only: string[];
}): Promise<void> {
  const missing = webkitMissing();
  if (missing) {
    console.warn(`WebKit screenshots skipped: ${missing}`);
    return;
  }
  const outDir = path.join(options.outDir, 'webkit');
  fs.mkdirSync(outDir, { recursive: true });
  const scratch = fs.mkdtempSync(path.resolve('tests/.tmp/webkit-shots-'));
  const display = await startDisplay();
  const driver = await startDriver({ display: display.display, scratch });
  let phone = await driver.session();
  try {
    let signedIn = false;
    for (const shot of shots) {
      if (options.only.length > 0 && !options.only.includes(shot.name)) continue;
      const target =
        typeof shot.path === 'string'
          ? `${options.url}${shot.path}`
          : options.lanOrigin && shot.path(options.lanOrigin);
      if (!target) {
        console.warn(`skipped webkit ${shot.name}: this machine has no LAN address`);
        continue;
      }
      const ui = screen(phone);
      if (shot.signedIn && !signedIn) {
        await phone.get(`${options.url}/login`);
        await ui.label('E-mail').fill(options.owner.email);
        await ui.label('Adgangskode').fill(options.owner.password);
        await ui.role('button', { name: 'Log ind' }).click();
        await ui.role('heading', { level: 1, name: 'Puden' }).visible(20_000);
        signedIn = true;
      }
      await phone.get(target);
      await appTookOver(phone);
      await ui.role('heading', { level: 1 }).visible(20_000);
      await shot.prepare?.(ui, phone);
      await settled(phone);
      const file = path.join(outDir, `${shot.name}-phone.png`);
      fs.writeFileSync(file, await phone.takeScreenshot(), 'base64');
      console.info(`saved ${path.relative(process.cwd(), file)}`);
      if (!shot.signedIn && signedIn) {
        await phone.quit();
        phone = await driver.session();
        signedIn = false;
      }
    }
  } finally {
    await phone.quit();
    await driver.stop();
    await display.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
