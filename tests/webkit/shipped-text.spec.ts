/**
 * WebKit (every iPhone browser's engine), at 390 × 844: 'Din pakke er sendt' (docs/product/messages.md#texts-that-go-
 * out) with real taps: a Pakkenummer typed on a shipped order is saved and the ready text carries the tracking link.
 */
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { expect, signInAt, test } from './support/fixtures.ts';
import { waitFor } from './support/screen.ts';

test('a Pakkenummer on a shipped order gives Din pakke er sendt with the tracking link', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const customer = await shop.customer(`Åse Sendt-Ørum ${tag}`);
  const order: Order = await shop.freeLine(customer.id, `Perlepakke ${tag}`, 95);
  await shop.setStatus(order.id, 'shipped');

  await signInAt(phone, server.url, `/customers/${customer.id}`);
  await ui.role('heading', { level: 1, name: customer.name }).visible();
  await ui
    .role('region', { name: 'Afsendte ordrer' })
    .role('button', { name: /Afsendt/ })
    .click();
  const text = ui.role('document', { name: 'Besked til Din pakke er sendt' });
  await text.waitText(/Hej Åse/);
  await ui.role('textbox', { name: 'Pakkenummer' }).fill('00370 71234 5678');
  await ui.role('button', { name: 'Gem' }).click();
  await ui.text('Pakkenummeret er gemt').first().visible();
  await text.waitText(/Følg den her: https:\/\/tracking\.postnord\.com\/dk\/\?id=00370712345678/);
  const saved = await waitFor(
    async () => (await api<Order>('GET', `/api/orders/${order.id}`)).trackingNumber,
    (number) => number === '00370712345678',
    'the Pakkenummer saved',
  );
  expect(saved).toBe('00370712345678');
});
