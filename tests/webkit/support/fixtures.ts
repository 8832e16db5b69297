import fs from 'node:fs';
import path from 'node:path';
import { Key, type WebDriver } from 'selenium-webdriver';
import type { Api } from '../../e2e/support/fixtures.ts';
import { test as e2e, expect, OWNER } from '../../e2e/support/fixtures.ts';
import { nodeApi } from '../../e2e/support/node-api.ts';
import { shopApi, uniqueTag } from '../../e2e/support/shop-api.ts';
import { appTookOver, type Locator, screen } from './screen.ts';
import { startDisplay, startDriver, type WebKitDriver } from './webkit.ts';

type WorkerFixtures = { display: string; webkit: WebKitDriver };
type TestFixtures = {
  phone: WebDriver;
  api: Api;
  scratch: string;
  /** A tag of this test's own, so its names do not meet another test's on the shared server. */
  tag: string;
  /** The shop's API in the owner's words: a bead, a customer, a line (tests/e2e/support/shop-api.ts). */
  shop: ReturnType<typeof shopApi>;
  /** The phone's whole screen, to find things on. */
  ui: Locator;
};

/**
 * The WebKit specs share the end-to-end suite's worker fixtures: each worker gets its own real server on a
 * fresh database with the owner set up (tests/e2e/support/fixtures.ts), plus a virtual display and a
 * WebKitWebDriver of its own. Each test gets a fresh phone (a new browser session at 390 × 844), and on
 * failure its screen is attached to the report.
 */
export const test = e2e.extend<TestFixtures, WorkerFixtures>({
  display: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const display = await startDisplay();
      await use(display.display);
      await display.stop();
    },
    { scope: 'worker' },
  ],
  webkit: [
    async ({ display }, use, workerInfo) => {
      const scratch = fs.mkdtempSync(path.resolve(`tests/.tmp/webkit-${workerInfo.workerIndex}-`));
      const driver = await startDriver({ display, scratch });
      await use(driver);
      await driver.stop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  scratch: async ({}, use) => {
    fs.mkdirSync(path.resolve('tests/.tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.resolve('tests/.tmp/webkit-test-'));
    await use(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  },
  phone: async ({ webkit }, use, testInfo) => {
    const phone = await webkit.session();
    // A load returns once the app has taken over the server's first screen (tests/e2e/support/take-over.ts).
    const get = phone.get.bind(phone);
    phone.get = async (url) => {
      await get(url);
      await appTookOver(phone);
    };
    await use(phone);
    if (testInfo.status !== testInfo.expectedStatus) {
      const shot = await phone.takeScreenshot().catch(() => undefined);
      if (shot) {
        const file = testInfo.outputPath('webkit-screen.png');
        fs.writeFileSync(file, shot, 'base64');
        await testInfo.attach('webkit-screen', { path: file, contentType: 'image/png' });
      }
    }
    await phone.quit();
  },
  api: async ({ server }, use) => {
    await use(await nodeApi(server.url));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  tag: async ({}, use) => {
    await use(uniqueTag());
  },
  shop: async ({ api }, use) => {
    await use(shopApi(api));
  },
  ui: async ({ phone }, use) => {
    await use(screen(phone));
  },
});

export { expect, OWNER };

/** Signs in through the login page, as the owner does on her phone, and waits for Puden. */
export async function signIn(phone: WebDriver, url: string, how: 'enter' | 'button' = 'button') {
  await phone.get(`${url}/login`);
  const ui = screen(phone);
  await ui.label('E-mail').fill(OWNER.email);
  if (how === 'enter') {
    // WebKitWebDriver submits on the Return key, not on a typed '\n'.
    await ui.label('Adgangskode').fill(OWNER.password);
    await ui.label('Adgangskode').type(Key.RETURN);
  } else {
    await ui.label('Adgangskode').fill(OWNER.password);
    await ui.role('button', { name: 'Log ind' }).click();
  }
  await ui.role('heading', { level: 1, name: 'Puden' }).visible(20_000);
}

/** Signs in at `url` (the server or a network plug in front of it), then opens the page at `path`. */
export async function signInAt(phone: WebDriver, url: string, path: string) {
  await signIn(phone, url);
  await phone.get(`${url}${path}`);
}
