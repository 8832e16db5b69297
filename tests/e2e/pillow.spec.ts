import { test as base, expect } from '@playwright/test';
import type { Api } from './support/fixtures.ts';
import { createOwner, OWNER, type RunningServer, startServer } from './support/server.ts';
import { shopApi } from './support/shop-api.ts';
import { waitForTheAppOnLoad } from './support/take-over.ts';

/**
 * Puden's statistics cover every active order in the database, so these tests get a server of their own
 * instead of sharing the worker's database with other tests.
 */
const test = base.extend<{ api: Api }, { ownServer: RunningServer }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      await createOwner(server.url);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  // As everywhere (support/fixtures.ts): a load returns once the app has taken the server's screen over. Without
  // it a tap on a card's link could come before the app, load the customer's page in full, and the way back
  // found no scroll position kept (CI, 2026-11-29).
  context: async ({ context }, use) => {
    waitForTheAppOnLoad(context);
    await use(context);
  },
  api: async ({ page, ownServer }, use) => {
    const signIn = await page.request.post(`${ownServer.url}/api/auth/sign-in/email`, {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { origin: ownServer.url },
    });
    expect(signIn.ok()).toBe(true);
    await use(async (method, path, data) => {
      const response = await page.request.fetch(`${ownServer.url}${path}`, {
        method,
        data,
        headers: { origin: ownServer.url },
      });
      if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
      return (await response.json().catch(() => undefined)) as never;
    });
  },
});

test.describe.configure({ mode: 'serial' });

test('Puden: empty, then statistics against a hand-computed example, Danish order and search @phone', async ({
  page,
  api,
}) => {
  const shop = shopApi(api);
  await page.goto('/pillow');
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
  await expect(page.getByText('Ingen aktive ordrer', { exact: true })).toBeVisible();
  await expect(page.getByText('Der er ingen aktive ordrer at vise i øjeblikket')).toBeVisible();

  const offerA = await shop.bead('Millefiori blå', 75, true);
  const offerB = await shop.bead('Perlemor hjerte', 75, true);
  const silver = await shop.bead('Sølvnål 5 cm', 45);
  const aase = await shop.customer('Åse Pude');
  const bo = await shop.customer('Bo Pude');
  const ditte = await shop.customer('Ditte Pude');
  const carl = await shop.customer('Carl Pude');
  // Åse: a full pair (125 kr) + 45 kr = 170 kr.
  await shop.beadLine(aase.id, offerA.id);
  await shop.beadLine(aase.id, offerB.id);
  await shop.beadLine(aase.id, silver.id);
  // Bo: 80 kr + a lone offer bead at its own 75 kr = 155 kr.
  await shop.freeLine(bo.id, 'Reparation', 80);
  await shop.beadLine(bo.id, offerA.id);
  // Ditte: 45 kr.
  await shop.beadLine(ditte.id, silver.id);
  // Carl's order awaits payment: not on Puden.
  const carlOrder = await shop.freeLine(carl.id, 'Halskæde', 300);
  await shop.setStatus(carlOrder.id, 'invoiced');

  await page.reload();
  // 3 orders, 170 + 155 + 45 = 370 kr, average 123,33 kr shown without decimals.
  const statistics = page.getByRole('region', { name: 'Statistik for aktive ordrer' });
  await expect(statistics.getByRole('term')).toHaveText(['Antal Ordrer', 'Gennemsnitskøb', 'Beløb i alt']);
  await expect(statistics.getByRole('definition')).toHaveText(['3', '123 kr', '370 kr']);
  await expect(page.getByText('3 kunder', { exact: true })).toBeVisible();

  // One card per customer, Danish order (Å last).
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Bo Pude', 'Ditte Pude', 'Åse Pude']);
  const boCard = page.getByRole('region', { name: 'Bo Pude' });
  await expect(boCard.getByText('--- Mangler en makker ---')).toBeVisible();
  await expect(boCard.getByText('(208 kr)')).toBeVisible();
  await expect(boCard.getByRole('button', { name: /Slet linje/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Åse Pude' }).getByRole('group', { name: '2 for 125' }),
  ).toHaveCount(1);

  const search = page.getByRole('searchbox', { name: 'Søg efter kunde…' });
  await search.fill('åse');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Åse Pude']);
  await expect(page.getByText('1 kunde', { exact: true })).toBeVisible();
  await search.fill('zebra');
  await expect(page.getByText('Ingen resultater fundet')).toBeVisible();
  await expect(page.getByText('Prøv at justere din søgning for at finde kunder')).toBeVisible();
  await page.getByRole('button', { name: 'Ryd søgning' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3);

  await page.getByRole('region', { name: 'Ditte Pude' }).getByRole('link', { name: 'Åben' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${ditte.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ditte Pude' })).toBeVisible();
});

test('Puden keeps its scroll position when the owner comes back from a customer @phone', async ({
  page,
  api,
}) => {
  const shop = shopApi(api);
  const bead = await shop.bead('Træperle natur', 25);
  for (let i = 0; i < 8; i++) {
    const customer = await shop.customer(`Rulle Kunde ${i}`);
    await shop.beadLine(customer.id, bead.id);
    await shop.beadLine(customer.id, bead.id);
  }
  await page.goto('/pillow');
  const last = page.getByRole('region', { name: 'Åse Pude' });
  // The cards are virtualised: the last one is in the page once the owner has scrolled down to it.
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  // As the owner scrolls: rows grow from their estimated heights as they are measured, so the end moves once.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
    await expect(last).toBeInViewport({ timeout: 500 });
  }).toPass();
  // Where she is when she taps: once the rows' measuring has settled (the page may still shrink or grow a little).
  await expect
    .poll(async () => {
      const first = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(300);
      return first === (await page.evaluate(() => window.scrollY));
    })
    .toBe(true);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(200);
  await last.getByRole('link', { name: 'Åben' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Åse Pude' })).toBeVisible();
  await page.goBack();
  await expect(last).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
});
