/**
 * Betalingspåmindelser, desktop and phone: an order in Afventer betaling dated 10 days back is among
 * the reminders (one of 2 days is not); "Kopiér påmindelse" copies a reminder with the amount and the
 * MobilePay number; the time of the copy shows on the row and survives a reload. The settings belong to the
 * worker's whole shop, so the test puts them back.
 */
import type { Page } from '@playwright/test';
import { backdate } from './support/backdate.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { changeSettings, shopApi, uniqueTag } from './support/shop-api.ts';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test.afterEach(async ({ signedIn: page, server }) => {
  await changeSettings(page, server.url, { mobilePayNumber: null, reminderDays: 7 });
});

test('an order waiting 10 days is listed; its reminder is copied with amount and MobilePay, and the time kept @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const shop = shopApi(api);
  await changeSettings(page, server.url, { mobilePayNumber: '12345678' });

  const bead = await shop.bead(`Rosenkvarts ${tag}`, 100);
  const late = await shop.customer(`Rikke Rykker ${tag}`);
  const lateOrder = await shop.beadLine(late.id, bead.id);
  await shop.setStatus(lateOrder.id, 'invoiced');
  backdate(server.dataDir, lateOrder.id, 10);
  const recent = await shop.customer(`Nina Ny ${tag}`);
  const recentOrder = await shop.beadLine(recent.id, bead.id);
  await shop.setStatus(recentOrder.id, 'invoiced');
  backdate(server.dataDir, recentOrder.id, 2);

  // The drawer has the screen, and Puden says reminders are due, with a link to them.
  await page.goto('/pillow');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Betalingspåmindelser' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: /^Betalingspåmindelser: \d+ ordrer? venter på betaling$/ }).click();
  await expect(page).toHaveURL(/\/reminders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Betalingspåmindelser' })).toBeVisible();

  const row = page.getByRole('region', { name: `Rikke Rykker ${tag}` });
  await expect(row).toBeVisible();
  await expect(row.getByText('venter i 10 dage')).toBeVisible();
  await expect(row.getByText('153 kr')).toBeVisible();
  await expect(row.getByText('Ikke påmindet endnu')).toBeVisible();
  await expect(page.getByRole('region', { name: `Nina Ny ${tag}` })).toHaveCount(0);

  await row.getByRole('button', { name: 'Kopiér påmindelse' }).click();
  await expect(toast(page, 'Påmindelse kopieret')).toBeVisible();
  const copied = await page.evaluate('navigator.clipboard.readText()');
  expect(copied).toMatch(/^Hej Rikke\n/);
  // The order left Aktiv, so it has its bill's number (docs/product/money.md): the reminder names it.
  const { number } = await api<{ number: string }>('GET', `/api/orders/${lateOrder.id}`);
  expect(number).toMatch(/^\d{4}-\d{4,}$/);
  expect(copied).toContain(`din ordre ${number} på 153 kr inkl. porto`);
  expect(copied).toContain('MobilePay på 12 34 56 78');
  expect(copied).toContain(`Skriv ${number} i beskeden, når du betaler med MobilePay.`);
  expect(copied).toContain('Nålepuden');

  const reminded = row.getByText(/^Sidst påmindet \d{1,2}\. [a-zæøå]+ kl\. \d{2}:\d{2}$/);
  await expect(reminded).toBeVisible();
  const shown = await reminded.textContent();
  await page.reload();
  await expect(
    page.getByRole('region', { name: `Rikke Rykker ${tag}` }).getByText(shown ?? ''),
  ).toBeVisible();
});
