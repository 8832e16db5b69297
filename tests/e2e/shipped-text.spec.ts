/**
 * 'Din pakke er sendt' (docs/product/messages.md#texts-that-go-out): a Pakkenummer set on a shipped order gives the
 * ready text with the carrier's tracking link, and 'Markér som sendt' offers the texts of the orders it sent. Each
 * test makes its own customer and order with a unique name (the server is shared between tests). The real server,
 * a real database, Debian's Chromium.
 */
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

test('a Pakkenummer on a shipped order gives Din pakke er sendt with the tracking link @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Åse Sendt-Ørum ${tag}`);
  const order: Order = await shop.freeLine(customer.id, `Perlepakke ${tag}`, 95);
  await shop.setStatus(order.id, 'shipped');

  await page.goto(`/customers/${customer.id}`);
  const shipped = page.getByRole('region', { name: 'Afsendte ordrer' });
  await shipped.getByRole('button', { name: /Afsendt/ }).click();
  const text = page.getByRole('document', { name: 'Besked til Din pakke er sendt' });
  await expect(text).toContainText('Hej Åse');
  await expect(page.getByText('Intet sporingslink endnu: skriv pakkenummeret')).toBeVisible();

  await page.getByRole('textbox', { name: 'Pakkenummer' }).fill('12/34');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Pakkenummeret må kun have bogstaver, tal og bindestreger')).toBeVisible();

  await page.getByRole('textbox', { name: 'Pakkenummer' }).fill('00370 71234 5678');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Pakkenummeret er gemt')).toBeVisible();
  await expect(text).toContainText('Pakkenummer: 00370712345678');
  await expect(text).toContainText('Følg den her: https://tracking.postnord.com/dk/?id=00370712345678');
  await expect
    .poll(async () => (await api<Order>('GET', `/api/orders/${order.id}`)).trackingNumber)
    .toBe('00370712345678');

  // Kopiér puts the ready text on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Kopiér', exact: true }).click();
  await expect(page.getByText('Teksten er kopieret')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('https://tracking.postnord.com/dk/?id=00370712345678');
  expect(copied.startsWith('Hej Åse\n\nDin pakke er sendt.')).toBe(true);
});
