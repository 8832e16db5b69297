/**
 * Pakning at phone and desktop sizes: two orders in Skal pakkes → the samlet plukliste sums their
 * beads; a tick survives a reload and shows on a second device (live); 'Pakket' moves the order on to Skal
 * sendes; on paper there is no app bar and no buttons, and 'Udskriv' prints. With SCREENSHOTS=1 it also saves
 * the screen (and its print media) into docs/screenshots/.
 */
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { type Api, expect, OWNER, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';
import { waitForTheAppOnLoad } from './support/take-over.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SCREENSHOTS) return;
  // A full-page picture with the sticky app bar where it belongs: from the top.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `docs/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** A second device: its own browser context, signed in to the same account. */
async function secondDevice(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
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

/** Two customers with orders in Skal pakkes: Åse (Agat, a pair of Ørn, a gift box), Bent (Agat ×2, Ørn). */
async function twoOrdersToPack(api: Api, tag: string) {
  const shop = shopApi(api);
  const agat = await shop.bead(`Agat ${tag}`, 30);
  const orn = await shop.bead(`Ørn ${tag}`, 75, true);
  const ase = await shop.customer(`Åse ${tag}`);
  await api('PATCH', `/api/customers/${ase.id}`, {
    phone: '12 34 56 78',
    email: 'aase@example.dk',
    address: 'Perlevej 1',
    address2: null,
    postcode: '8000',
    city: 'Aarhus C',
    countryCode: 'DK',
  });
  const bent = await shop.customer(`Bent ${tag}`);
  await shop.beadLine(ase.id, agat.id);
  await shop.beadLine(ase.id, orn.id);
  await shop.beadLine(ase.id, orn.id);
  const aseOrder: Order = await shop.freeLine(ase.id, 'Gaveæske', 20);
  let bentOrder: Order | undefined;
  for (const bead of [agat, agat, orn]) bentOrder = await shop.beadLine(bent.id, bead.id);
  await api('PATCH', `/api/orders/${bentOrder!.id}`, { homeDelivery: true });
  await shop.setStatus(aseOrder.id, 'paid');
  await shop.setStatus(bentOrder!.id, 'paid');
  return { ase, bent };
}

const item = (page: Page, listName: string, name: string): Locator =>
  region(page, 'Samlet plukliste')
    .getByRole('list', { name: listName })
    .getByRole('listitem')
    .filter({ hasText: name });

test('the pick list sums two orders; a tick survives a reload and reaches a second device; Pakket moves the order @phone', async ({
  signedIn: page,
  api,
  browser,
  server,
}, testInfo) => {
  const tag = uniqueTag();
  await twoOrdersToPack(api, tag);

  // Pakning is in the drawer.
  await page.goto('/pillow');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Pakning' }).click();
  await expect(page).toHaveURL(/\/packing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pakning' })).toBeVisible();
  const agatItem = item(page, 'Perler', `Agat ${tag}`);
  await expect(agatItem).toContainText('3 stk.');
  await expect(agatItem).toContainText(`Bent ${tag} × 2 · Åse ${tag} × 1`);
  const ornItem = item(page, 'Perler', `Ørn ${tag}`);
  await expect(ornItem).toContainText('3 stk.');
  await expect(ornItem).toContainText(`Bent ${tag} × 1 · Åse ${tag} × 2`);
  await expect(item(page, 'Andre varer', 'Gaveæske')).toContainText(`Åse ${tag} × 1`);

  const aseCard = region(page, `Åse ${tag}`);
  const bentCard = region(page, `Bent ${tag}`);
  await expect(aseCard).toContainText('0 af 4 pakket');
  await expect(aseCard).toContainText('Normal');
  await expect(aseCard.getByRole('link', { name: '12 34 56 78' })).toHaveAttribute('href', 'tel:12345678');
  await expect(aseCard).toContainText('Perlevej 1');
  await expect(aseCard.getByRole('group', { name: '2 for 125' })).toContainText(`Ørn ${tag}`);
  // Agat 30 + the pair 125 + 20 = 175 kr, with postage 53 kr.
  await expect(aseCard).toContainText('175 kr (228 kr)');
  await expect(bentCard).toContainText('Hjemmelevering');
  await expect(bentCard).toContainText('Ingen kontaktoplysninger');
  await expect(bentCard).toContainText('--- Mangler en makker ---');

  // Tick on this device: it shows at once and stays after a reload.
  await aseCard.getByRole('checkbox', { name: `Pakket: Agat ${tag}` }).check();
  await expect(aseCard).toContainText('1 af 4 pakket');
  await screenshot(page, testInfo, 'packing');
  const laptop = await secondDevice(browser, server.url);
  try {
    await laptop.page.goto('/packing');
    await expect(laptop.page.locator('html')).toHaveAttribute('data-live', 'live');
    const laptopAse = region(laptop.page, `Åse ${tag}`);
    await expect(laptopAse.getByRole('checkbox', { name: `Pakket: Agat ${tag}` })).toBeChecked();
    await page.reload();
    await expect(aseCard.getByRole('checkbox', { name: `Pakket: Agat ${tag}` })).toBeChecked();
    await expect(aseCard).toContainText('1 af 4 pakket');

    // A tick on the laptop reaches this page live, without a reload.
    await expect(page.locator('html')).toHaveAttribute('data-live', 'live');
    await laptopAse.getByRole('checkbox', { name: 'Pakket: Gaveæske' }).check();
    await expect(aseCard.getByRole('checkbox', { name: 'Pakket: Gaveæske' })).toBeChecked();
    await expect(aseCard).toContainText('2 af 4 pakket');
    // And an untick too.
    await laptopAse.getByRole('checkbox', { name: 'Pakket: Gaveæske' }).uncheck();
    await expect(aseCard.getByRole('checkbox', { name: 'Pakket: Gaveæske' })).not.toBeChecked();
  } finally {
    await laptop.context.close();
  }

  // 'Pakket': on to Skal sendes, gone from Pakning, shown so on Ordrer.
  await aseCard.getByRole('button', { name: `Pakket: Åse ${tag}` }).click();
  await expect(toast(page, 'Status ændret til skal sendes')).toBeVisible();
  await expect(aseCard).toBeHidden();
  await expect(agatItem).toContainText('2 stk.');
  await expect(agatItem).not.toContainText(`Åse ${tag}`);
  await page.goto('/orders');
  await page.getByRole('searchbox', { name: 'Søg efter kunde…' }).fill(tag);
  const aseOrders = region(page, `Åse ${tag}`);
  await expect(aseOrders.getByRole('link')).toHaveCount(1);
  await expect(aseOrders.getByRole('link').first()).toContainText('Skal sendes');
  await expect(region(page, `Bent ${tag}`).getByRole('link').first()).toContainText('Skal pakkes');
});

test('on paper: no app bar, no buttons, the pick list first; Udskriv prints @phone', async ({
  signedIn: page,
  api,
}, testInfo) => {
  const tag = uniqueTag();
  await twoOrdersToPack(api, tag);
  await page.addInitScript('window.print = () => { window.__printed = (window.__printed || 0) + 1; };');
  await page.goto('/packing');
  const aseCard = region(page, `Åse ${tag}`);
  await expect(aseCard).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  await page.getByRole('button', { name: 'Udskriv' }).click();
  await expect.poll(() => page.evaluate('window.__printed')).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Udskriv' })).toBeHidden();
  await expect(aseCard.getByRole('button', { name: `Pakket: Åse ${tag}` })).toBeHidden();
  await expect(region(page, 'Samlet plukliste')).toBeVisible();
  await expect(aseCard).toBeVisible();
  // The pick list comes before the orders.
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
  expect(await top(region(page, 'Samlet plukliste'))).toBeLessThan(await top(aseCard));
  await screenshot(page, testInfo, 'packing-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
});

test('with nothing to pack the screen says so', async ({ signedIn: page }) => {
  // The worker's database may hold other tests' orders in Skal pakkes: the answer is made empty here.
  await page.route('**/api/packing/orders*', (route) =>
    route.fulfill({ json: { orders: [], nextCursor: null, total: 0 } }),
  );
  await page.goto('/packing');
  await expect(page.getByText('Ingen ordrer skal pakkes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Udskriv' })).toBeHidden();
});
