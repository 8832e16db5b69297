/**
 * live updates: the phone and the laptop on one account see each other's changes without a
 * reload, and a client whose server was killed and restarted catches up. (The latency is measured by
 * `npm run bench:live`, not asserted here: these tests only wait for the change to show.)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, OWNER, testWithApi } from './support/fixtures.ts';
import { createOwner, startServer } from './support/server.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';
import { waitForTheAppOnLoad } from './support/take-over.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A second device: its own browser context (cookies, storage), signed in to the same account. */
async function secondDevice(browser: Browser, url: string, device: typeof PHONE | typeof DESKTOP) {
  const context = await browser.newContext({
    ...device,
    baseURL: url,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
  });
  waitForTheAppOnLoad(context);
  const page = await context.newPage();
  const response = await page.request.post(`${url}/api/auth/sign-in/email`, {
    data: { email: OWNER.email, password: OWNER.password },
    headers: { origin: url },
  });
  expect(response.ok()).toBe(true);
  return { context, page };
}

/**
 * The live tests' fixtures: a tag of the test's own, the shop's API, and the owner's phone — a second device
 * signed in to the same account as the desktop (`signedIn`), closed after the test.
 */
const test = testWithApi.extend<{ tag: string; shop: ReturnType<typeof shopApi>; phone: Page }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  tag: async ({}, use) => {
    await use(uniqueTag());
  },
  shop: async ({ api }, use) => {
    await use(shopApi(api));
  },
  phone: async ({ browser, server }, use) => {
    const phone = await secondDevice(browser, server.url, PHONE);
    await use(phone.page);
    await phone.context.close();
  },
});

/** Waits until the page's live connection has said hello (api/live.ts marks <html data-live>). */
async function liveReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live');
}

test('a line added on the desktop appears on the phone’s customer page without a reload', async ({
  signedIn: desktop,
  shop,
  tag,
  phone,
}) => {
  const customer = await shop.customer(`Live Lone ${tag}`);
  await shop.bead(`Livestjerne ${tag}`, 35);
  await phone.goto(`/customers/${customer.id}`);
  await liveReady(phone);
  await expect(region(phone, 'Aktiv ordre').getByText('Ingen aktiv ordre')).toBeVisible();

  await desktop.goto(`/customers/${customer.id}`);
  await desktop.getByRole('button', { name: 'Tilføj vare' }).click();
  const dialog = desktop.getByRole('dialog', { name: 'Tilføj linje' });
  await dialog.getByRole('searchbox', { name: 'Søg perler…' }).fill(tag);
  await dialog.getByRole('option', { name: new RegExp(`^Livestjerne ${tag}`) }).click();
  await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await expect(region(desktop, 'Aktiv ordre').getByText(`Livestjerne ${tag}`)).toBeVisible();

  // No reload on the phone: the live event refreshes its customer page.
  await expect(region(phone, 'Aktiv ordre').getByText(`Livestjerne ${tag}`)).toBeVisible();
});

test('a count made on the laptop shows on the phone’s Nåle without a reload, within a second', async ({
  signedIn: desktop,
  api,
  shop,
  tag,
  phone,
}) => {
  const bead = await shop.bead(`Livelager ${tag}`, 45);
  await api('POST', `/api/beads/${bead.id}/stock`, { kind: 'count', quantity: 4 });
  await phone.goto('/needles');
  await liveReady(phone);
  await phone.getByRole('searchbox').fill(tag);
  const row = phone
    .getByRole('group', { name: 'Perler' })
    .getByRole('link', { name: /Livelager/ })
    .first();
  await expect(row).toContainText('4 på lager');

  await desktop.goto(`/needles/${bead.id}`);
  await desktop.getByRole('button', { name: 'Optælling', exact: true }).click();
  const dialog = desktop.getByRole('dialog', { name: 'Optælling' });
  await dialog.getByRole('textbox', { name: 'Antal på hylden' }).fill('11');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(dialog).toBeHidden();
  // The live event refreshes the phone's list: the count shows without a reload.
  await expect(row).toContainText('11 på lager', { timeout: 1000 });
});

test('a status change on the phone updates the desktop’s Ordrer counts without a reload', async ({
  signedIn: desktop,
  shop,
  tag,
  phone,
}) => {
  const customer = await shop.customer(`Live Lars ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 120);
  await desktop.goto('/orders');
  await liveReady(desktop);
  await desktop.getByRole('searchbox', { name: 'Søg efter kunde…' }).fill(tag);
  const filters = desktop.getByRole('group', { name: 'Vis ordrer med status' });
  await expect(filters.getByRole('button', { name: 'Aktiv' })).toHaveText('Aktiv 1');
  await expect(filters.getByRole('button', { name: 'Afventer betaling' })).toHaveText('Afventer betaling 0');

  await phone.goto(`/customers/${customer.id}`);
  await region(phone, 'Aktiv ordre')
    .getByRole('combobox', { name: 'Status' })
    .selectOption({ label: 'Afventer betaling' });
  await expect(region(phone, 'Aktiv ordre').getByText('Ingen aktiv ordre')).toBeVisible();

  await expect(filters.getByRole('button', { name: 'Aktiv' })).toHaveText('Aktiv 0');
  await expect(filters.getByRole('button', { name: 'Afventer betaling' })).toHaveText('Afventer betaling 1');
});

test('after the server was killed and restarted, the page catches up on what changed meanwhile', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.resolve('tests/.tmp/e2e-live-'));
  let server = await startServer({}, { dataDir });
  const port = Number(new URL(server.url).port);
  let context: BrowserContext | undefined;
  try {
    await createOwner(server.url);
    ({ context } = await secondDevice(browser, server.url, DESKTOP));
    const page = context.pages()[0]!;
    const api = async (method: string, url: string, data?: unknown) => {
      const response = await page.request.fetch(`${server.url}${url}`, {
        method,
        data,
        headers: { origin: server.url },
      });
      expect(response.ok(), `${method} ${url}`).toBe(true);
      return response.json();
    };
    const customer = await api('POST', '/api/customers', { name: 'Genstart Gitte' });
    await page.goto('/orders');
    await expect(page.getByText('Ingen aktive ordrer').first()).toBeVisible();
    await liveReady(page);

    // Killed, not stopped: the browser's stream just breaks.
    await server.kill();
    await expect(page.locator('html')).not.toHaveAttribute('data-live', 'live');
    server = await startServer({}, { dataDir, port });
    // Changed before the page is back (its EventSource waits `retry` ms before it reconnects).
    await api('POST', `/api/customers/${customer.id}/lines`, { kind: 'free', text: 'Ring', priceOre: 9900 });
    await expect(page.getByRole('heading', { level: 2, name: 'Genstart Gitte' })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await context?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
