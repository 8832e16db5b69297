/**
 * WebKit (every iPhone browser's engine), at 390 × 844, without network: the service worker takes control, a
 * reload without network shows Puden from the saved cache (with the shop's name in the app bar), a line added
 * offline reaches the server once when the network returns, and what a screen showed is kept even when the
 * page is left within its first second (Safari reloads and drops pages often).
 *
 * The network is cut with a plug in front of the server (support/network-plug.ts): the browser believes it is
 * online and every request fails, as on a shop's Wi-Fi that carries nothing.
 */
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import { OFFLINE } from '../e2e/support/offline.ts';
import { expect, signIn, test } from './support/fixtures.ts';
import { networkPlug } from './support/network-plug.ts';
import { persistedIn, serviceWorkerControls } from './support/offline.ts';
import { waitFor } from './support/screen.ts';

const SHOP_NAME = 'Perlehjørnet';

test.beforeAll(async ({ api }) => {
  const settings = await api<Record<string, unknown>>('GET', '/api/settings/shop');
  await api('PUT', '/api/settings/shop', { ...settings, updatedAt: undefined, shopName: SHOP_NAME });
});

test('the service worker takes control; a reload without network shows Puden with its data and the shop’s name', async ({
  phone,
  server,
  tag,
  shop,
  ui,
}) => {
  const customer = await shop.customer(`Offline Olga ${tag}`);
  await shop.freeLine(customer.id, `Sommerkæde ${tag}`, 120);
  const network = await networkPlug(server.url);
  try {
    await signIn(phone, network.url);
    await ui.text(`Sommerkæde ${tag}`).visible();
    await ui.css('[data-testid="shop-name"]').text(SHOP_NAME).visible();
    await serviceWorkerControls(phone);
    await ui.text(`Sommerkæde ${tag}`).visible();
    await persistedIn(phone, '"queryKey":["pillow","pillow"]', `Sommerkæde ${tag}`, SHOP_NAME);

    network.pull();
    await phone.navigate().refresh();
    await ui.text(OFFLINE).visible(20_000);
    await ui.role('heading', { level: 1, name: 'Puden' }).visible();
    await ui.text(customer.name).first().visible();
    await ui.text(`Sommerkæde ${tag}`).visible();
    // The app bar's name is restored with the screen's first answers, not seconds later.
    await ui.css('[data-testid="shop-name"]').text(SHOP_NAME).visible(500);

    network.plugIn();
    await ui.text(OFFLINE).hidden(20_000);
  } finally {
    await network.close();
  }
});

test('a line added without network reaches the server once when the network returns', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const customer = await shop.customer(`Kø Karen ${tag}`);
  const network = await networkPlug(server.url);
  try {
    await signIn(phone, network.url);
    // The app's code comes from the service worker while the network is gone (the dialog is loaded on demand).
    await serviceWorkerControls(phone);
    await phone.get(`${network.url}/customers/${customer.id}`);
    await ui.role('heading', { level: 1, name: customer.name }).visible();
    await ui.text('Ingen aktiv ordre').visible();

    network.pull();
    await ui.role('button', { name: 'Tilføj vare' }).click();
    const dialog = ui.role('dialog', { name: 'Tilføj linje' });
    await dialog.role('tab', { name: 'Linje' }).click();
    await dialog.label('Tekst').fill(`Vinterkæde ${tag}`);
    await dialog.label('Pris').fill('90');
    await dialog.role('button', { name: 'Tilføj' }).click();
    await ui.text('Gemt – sendes når du er online igen').first().visible(20_000);
    await ui.text(`Vinterkæde ${tag}`).visible();
    await ui.text('1 ændring venter').visible();

    network.plugIn();
    await ui.text('1 ændring venter').hidden(30_000);
    const lines = await waitFor(
      async () => {
        const detail = await api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
        return detail.orders.flatMap((order) => order.normalLines.map((line) => line.text));
      },
      (texts) => texts.length > 0,
      'the line on the server',
    );
    expect(lines).toEqual([`Vinterkæde ${tag}`]);
    // Nothing more arrives later (a second send of the queued write would add a second line).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const again = await api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
    expect(again.orders.flatMap((order) => order.normalLines.map((line) => line.text))).toEqual([
      `Vinterkæde ${tag}`,
    ]);
  } finally {
    await network.close();
  }
});

test('a screen left within its first second is kept for offline use', async ({
  phone,
  server,
  tag,
  shop,
  ui,
}) => {
  const network = await networkPlug(server.url);
  try {
    await signIn(phone, network.url);
    await serviceWorkerControls(phone);
    // A customer the phone has never shown, opened and left after a second.
    const customer = await shop.customer(`Kort Karla ${tag}`);
    await shop.freeLine(customer.id, `Kort kæde ${tag}`, 75);
    await phone.get(`${network.url}/customers/${customer.id}`);
    await ui.text(`Kort kæde ${tag}`).visible();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    await phone.get(`${network.url}/pillow`);
    await ui.role('heading', { level: 1, name: 'Puden' }).visible();

    network.pull();
    await phone.get(`${network.url}/customers/${customer.id}`);
    await ui.text(OFFLINE).visible(20_000);
    await ui.role('heading', { level: 1, name: customer.name }).visible();
    await ui.text(`Kort kæde ${tag}`).visible();
  } finally {
    await network.close();
  }
});
