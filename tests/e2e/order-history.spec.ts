/**
 * the history of every order: the order card shows each status and Hjemmelevering change with its
 * time; 'Fortryd' in a status change's toast puts the previous status back (a real change, in the history
 * too); Ordrer can show the orders shipped this month.
 */
import type { Page } from '@playwright/test';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
/** '3. marts 14:02' as the page shows it: day, Danish month, hh:mm. */
const DAY_MONTH_TIME = /\d{1,2}\. [a-zæøå]+ \d{2}:\d{2}/;

test('an order’s history shows each change with its time @phone', async ({ signedIn: page, api }) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Historik Hanne ${tag}`);
  await shop.freeLine(customer.id, 'Armbånd', 150);

  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  const history = active.getByRole('list', { name: 'Historik' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('Oprettet');

  await active.getByLabel('Hjemmelevering').check();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(1)).toContainText('Hjemmelevering til');

  await active.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Afventer betaling' });
  await expect(toast(page, 'Status ændret til afventer betaling')).toBeVisible();
  const ongoing = region(page, 'Igangværende ordrer');
  await ongoing.getByRole('button', { name: /Afventer betaling/ }).click();
  const steps = ongoing.getByRole('list', { name: 'Historik' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(2)).toContainText('Afventer betaling');
  for (const step of await steps.all()) await expect(step).toContainText(DAY_MONTH_TIME);
});

test('“Fortryd” on a status change restores the previous status @phone', async ({ signedIn: page, api }) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Fortryd Frida ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 200);

  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  await active.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Afventer betaling' });
  const changed = toast(page, 'Status ændret til afventer betaling');
  await expect(active.getByText('Ingen aktiv ordre')).toBeVisible();
  await changed.getByRole('button', { name: 'Fortryd' }).click();

  await expect(toast(page, 'Status sat tilbage til aktiv')).toBeVisible();
  await expect(active.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
  await expect(region(page, 'Igangværende ordrer').getByText('Ingen igangværende ordrer')).toBeVisible();
  // The undo is a change of its own, in the history.
  const steps = active.getByRole('list', { name: 'Historik' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(1)).toContainText('Afventer betaling');
  await expect(steps.nth(2)).toContainText('Aktiv');
});

test('Ordrer shows the orders shipped this month', async ({ signedIn: page, api }) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const sent = await shop.customer(`Sendt Sofie ${tag}`);
  const order = await shop.freeLine(sent.id, 'Øreringe', 90);
  await shop.setStatus(order.id, 'shipped');
  const open = await shop.customer(`Åben Anne ${tag}`);
  await shop.freeLine(open.id, 'Ring', 60);

  await page.goto('/orders');
  await page.getByRole('searchbox', { name: 'Søg efter kunde…' }).fill(tag);
  const filters = page.getByRole('group', { name: 'Vis ordrer med status' });
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([`Åben Anne ${tag}`]);
  const shippedChip = filters.getByRole('button', { name: /^Afsendt i denne måned/ });
  await expect(shippedChip).toHaveText('Afsendt i denne måned 1');
  await shippedChip.click();
  await expect(shippedChip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([`Sendt Sofie ${tag}`]);
  await expect(page.getByText('Afsendt', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/status=shipped-month/);
});
