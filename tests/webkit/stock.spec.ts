/**
 * WebKit (every iPhone browser's engine), at 390 × 844: stock per bead (docs/product/stock.md) with real taps —
 * counting on the bead's page, selling with "Kun 2 på lager", a delivery filling two customers' orders with
 * 'Fortryd', and the counting screen without network while the laptop sells the bead.
 */
import type { BeadWithTodos } from '../../src/shared/schemas/api-beads.ts';
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import type { Api } from '../e2e/support/fixtures.ts';
import { OFFLINE } from '../e2e/support/offline.ts';
import { expect, signIn, signInAt, test } from './support/fixtures.ts';
import { networkPlug } from './support/network-plug.ts';
import { persistedIn, serviceWorkerControls } from './support/offline.ts';
import { waitFor } from './support/screen.ts';

const stockOf = async (api: Api, beadId: string) =>
  (await api<BeadWithTodos>('GET', `/api/beads/${beadId}`)).stock;
const waitStock = (api: Api, beadId: string, expected: number) =>
  waitFor(
    () => stockOf(api, beadId),
    (stock) => stock === expected,
    `the stock ${expected}`,
  );

test('count on the bead page, sell it in Tilføj linje, and a todo of 3 with 2 left says "Kun 2 på lager"', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const bead = await shop.bead(`Safir ${tag}`, 80);
  const customer = await shop.customer(`Safirkunde ${tag}`);
  await api('POST', '/api/todos', {
    amount: 3,
    customerId: customer.id,
    bead: { kind: 'existing', beadId: bead.id },
  });

  await signInAt(phone, server.url, `/needles/${bead.id}`);
  await ui.text('Ikke talt').visible();
  await ui.role('button', { name: 'Optælling' }).click();
  const count = ui.role('dialog', { name: 'Optælling' });
  const field = count.role('textbox', { name: /Antal på hylden/ });
  await field.waitFocused();
  await field.waitAttribute('inputmode', 'numeric');
  await field.fill('3');
  await count.role('button', { name: 'Gem' }).click();
  await count.hidden();
  await ui.text('3 stk.').visible();

  await phone.get(`${server.url}/customers/${customer.id}`);
  await ui.role('button', { name: 'Tilføj vare' }).click();
  const dialog = ui.role('dialog', { name: 'Tilføj linje' });
  await dialog.role('searchbox', { name: 'Søg perler…' }).fill(tag);
  const option = dialog.role('option', { name: new RegExp(`^Safir ${tag}`) });
  await option.waitText('3 på lager');
  await option.click();
  await dialog.role('button', { name: 'Tilføj' }).click();
  await dialog.hidden();
  await waitStock(api, bead.id, 2);

  await phone.get(`${server.url}/todos`);
  await ui.role('button', { name: `Handlinger for 3 Safir ${tag} (Safirkunde ${tag})` }).click();
  await ui.role('menuitem', { name: 'Færdiggør' }).click();
  await ui.text('Kun 2 på lager').first().visible();
  await waitStock(api, bead.id, -1);
  await phone.get(`${server.url}/needles/${bead.id}`);
  await ui.text('mangler 1').first().visible();
});

test('Modtaget fills two waiting customers’ orders in one step; Fortryd in the toast puts it all back', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const bead = await shop.bead(`Topas ${tag}`, 90);
  const first = await shop.customer(`Ida ${tag}`);
  const second = await shop.customer(`Jens ${tag}`);
  for (const customer of [first, second])
    await api('POST', '/api/todos', {
      amount: 2,
      customerId: customer.id,
      bead: { kind: 'existing', beadId: bead.id },
    });
  await api('POST', `/api/beads/${bead.id}/stock`, { kind: 'count', quantity: 1 });

  await signInAt(phone, server.url, `/needles/${bead.id}`);
  await ui.role('button', { name: 'Modtaget' }).click();
  const dialog = ui.role('dialog', { name: 'Modtaget' });
  await dialog.role('textbox', { name: /Antal modtaget/ }).fill('4');
  await dialog.role('checkbox', { name: new RegExp(`Ida ${tag}`), checked: true }).visible();
  await dialog.role('checkbox', { name: new RegExp(`Jens ${tag}`), checked: true }).visible();
  await dialog.text('2 kunder · 4 stk. i alt').visible();
  await dialog.role('button', { name: 'Gem' }).click();
  await ui.text('Lagt i 2 kunders ordrer').visible();
  const activeOf = async (customerId: string) =>
    (await api<CustomerDetail>('GET', `/api/customers/${customerId}`)).orders.find(
      (o) => o.status === 'active',
    );
  expect((await activeOf(first.id))?.normalLines).toHaveLength(2);
  expect((await activeOf(second.id))?.normalLines).toHaveLength(2);
  expect(await stockOf(api, bead.id)).toBe(1);

  await ui.css('[data-sonner-toast]').role('button', { name: 'Fortryd' }).click();
  await ui.text('Leveringen er fortrudt').visible();
  await waitFor(
    async () => (await api<BeadWithTodos>('GET', `/api/beads/${bead.id}`)).todos.length,
    (n) => n === 2,
    'the two todos back',
  );
  expect(await activeOf(first.id)).toBeUndefined();
  expect(await activeOf(second.id)).toBeUndefined();
  expect(await stockOf(api, bead.id)).toBe(1);
});

test('counting without network: the next bead at once, and the count typed before a sale ends right', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  // Beads that sort first, so the screen starts with them after a new round.
  const a = await shop.bead(`0 Tælling ${tag} a`, 30);
  const b = await shop.bead(`0 Tælling ${tag} b`, 30);
  await api('POST', '/api/stock/count-round');
  const customer = await shop.customer(`Bærbar ${tag}`);
  const network = await networkPlug(server.url);
  try {
    await signIn(phone, network.url);
    await serviceWorkerControls(phone);
    await phone.get(`${network.url}/stocktake`);
    await ui.role('heading', { level: 2, name: a.name }).visible();
    await persistedIn(phone, '"queryKey":["stockCounts","stockCounts"]', a.name);

    network.pull();
    const field = ui.role('textbox', { name: /Antal på hylden/ });
    await field.fill('15');
    await ui.role('button', { name: 'Gem og næste' }).click();
    await ui.role('heading', { level: 2, name: b.name }).visible(1000);
    await field.waitValue('');
    await ui.text(OFFLINE).visible(20_000);
    await ui.text('1 ændring venter').visible();
    // The laptop sells one of bead a meanwhile, after she counted it.
    await shop.beadLine(customer.id, a.id);

    network.plugIn();
    await ui.text('1 ændring venter').hidden(30_000);
    await waitStock(api, a.id, 14);
  } finally {
    await network.close();
  }
});
