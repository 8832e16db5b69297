/**
 * Indstillinger → Butik, desktop and phone: new postage reaches an active order's total and not a
 * shipped one's; a MobilePay number set here is in the copied bill text; the shop's name is in the app bar.
 * The settings belong to the worker's whole shop, so each test puts them back as they were.
 */
import type { Page } from '@playwright/test';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

const DEFAULTS = {
  shopName: 'Nålepuden',
  postageOre: 5300,
  postageHomeOre: 7300,
  mobilePayNumber: null,
  mobilePayBox: null,
  bankReg: null,
  bankAccount: null,
  billGreeting: null,
  billClosing: null,
};

test.afterEach(async ({ signedIn: page, server }) => {
  const response = await page.request.put(`${server.url}/api/settings/shop`, {
    data: DEFAULTS,
    headers: { origin: server.url },
  });
  expect(response.ok()).toBe(true);
});

test('new postage: an active order’s total follows, a shipped order’s does not; MobilePay is in the bill @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const shop = shopApi(api);
  const bead = await shop.bead(`Bjergkrystal ${tag}`, 100);
  const activeCustomer = await shop.customer(`Vibeke Aktiv ${tag}`);
  await shop.beadLine(activeCustomer.id, bead.id);
  const shippedCustomer = await shop.customer(`Sanne Sendt ${tag}`);
  const shipped = await shop.beadLine(shippedCustomer.id, bead.id);
  for (const status of ['invoiced', 'paid', 'packed', 'shipped'] as const)
    await shop.setStatus(shipped.id, status);

  await page.goto(`/customers/${activeCustomer.id}`);
  await expect(region(page, 'Aktiv ordre').getByText('(153 kr)')).toBeVisible();

  await page.goto('/settings');
  const card = region(page, 'Butik');
  const postage = card.getByRole('textbox', { name: 'Porto', exact: true });
  await expect(postage).toHaveValue('53');
  await expect(card.getByRole('textbox', { name: 'Porto med hjemmelevering' })).toHaveValue('73');
  // Danish validation, nothing sent.
  await postage.fill('1001');
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(card.getByText('Portoen må højst være 1.000 kr')).toBeVisible();
  await postage.fill('59');
  await card.getByRole('textbox', { name: 'Porto med hjemmelevering' }).fill('79');
  // The preview follows the form as she types.
  await expect(card.getByTestId('bill-preview')).toContainText('Porto: 59 kr');
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Butikkens indstillinger er gemt')).toBeVisible();

  await page.goto(`/customers/${activeCustomer.id}`);
  const active = region(page, 'Aktiv ordre');
  await expect(active.getByText('(159 kr)')).toBeVisible();
  await active.getByRole('switch', { name: 'Hjemmelevering' }).click();
  await expect(active.getByText('(179 kr)')).toBeVisible();
  await active.getByRole('switch', { name: 'Hjemmelevering' }).click();
  await expect(active.getByText('(159 kr)')).toBeVisible();

  await page.goto(`/customers/${shippedCustomer.id}`);
  const shippedSection = region(page, 'Afsendte ordrer');
  await shippedSection.getByRole('button', { name: /Afsendt/ }).click();
  await expect(shippedSection.getByText(`Bjergkrystal ${tag}`)).toBeVisible();
  await expect(shippedSection.getByText('(153 kr)')).toBeVisible();
  await expect(shippedSection.getByText('(159 kr)')).toHaveCount(0);

  // A MobilePay number: the preview and then the copied bill text say it.
  await page.goto('/settings');
  const mobilePay = card.getByRole('textbox', { name: 'MobilePay-nummer' });
  await mobilePay.fill('1234');
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(card.getByText('MobilePay-nummeret skal være 8 cifre')).toBeVisible();
  await mobilePay.fill('12 34 56 78');
  await expect(card.getByTestId('bill-preview')).toContainText('Du kan betale med MobilePay på 12 34 56 78.');
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Butikkens indstillinger er gemt')).toBeVisible();

  await page.goto(`/customers/${activeCustomer.id}`);
  await region(page, 'Aktiv ordre').getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await expect(toast(page, 'Kopieret til udklipsholder')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Hej Vibeke\n/);
  expect(copied).toContain('Porto: 59 kr\nI alt: 159 kr');
  expect(copied).toContain('Vil du betale nu? Du kan betale med MobilePay på 12 34 56 78.');
});

test('the shop’s name shows in the app bar; Gendan standard brings back today’s bill texts @phone', async ({
  signedIn: page,
}) => {
  await page.goto('/settings');
  const card = region(page, 'Butik');
  const appBarName = page.getByTestId('shop-name');
  await expect(appBarName).toHaveText('Nålepuden');
  await card.getByRole('textbox', { name: 'Butikkens navn' }).fill('Perlehuset');
  const greeting = card.getByRole('textbox', { name: 'Indledning' });
  await expect(greeting).toHaveValue('Hej {navn}\n\nTak for din bestilling! Her er din regning:');
  await greeting.fill('Kære {navn}\n\nHer er din regning:');
  await card.getByRole('textbox', { name: 'Afslutning' }).fill('Tak for handlen');
  const preview = card.getByTestId('bill-preview');
  await expect(preview).toContainText('Kære Anne-Marie');
  await expect(preview).toContainText('Tak for handlen');
  await expect(preview).toContainText('Perlehuset');
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Butikkens indstillinger er gemt')).toBeVisible();
  await expect(appBarName).toHaveText('Perlehuset');

  // Saved: still there after a reload.
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'Indledning' })).toHaveValue(
    'Kære {navn}\n\nHer er din regning:',
  );
  await expect(appBarName).toHaveText('Perlehuset');

  await card.getByRole('button', { name: 'Gendan standard' }).click();
  await expect(greeting).toHaveValue('Hej {navn}\n\nTak for din bestilling! Her er din regning:');
  await expect(card.getByRole('textbox', { name: 'Afslutning' })).toHaveValue('Mange hilsner');
  await expect(preview).toContainText('Hej Anne-Marie\n\nTak for din bestilling!');
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Butikkens indstillinger er gemt')).toBeVisible();
});
