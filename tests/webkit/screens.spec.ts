/**
 * WebKit (every iPhone browser's engine), at 390 × 844: signing in, and every screen with its heading and data.
 */
import { backdate } from '../e2e/support/backdate.ts';
import { shopApi, uniqueTag } from '../e2e/support/shop-api.ts';
import { signIn, test } from './support/fixtures.ts';
import { screen } from './support/screen.ts';

test('sign-in with Enter in the password field', async ({ phone, server }) => {
  await signIn(phone, server.url, 'enter');
  await screen(phone)
    .text(/^Velkommen /)
    .visible();
});

test('sign-in with the button; a wrong password is refused in Danish', async ({ phone, server }) => {
  await phone.get(`${server.url}/login`);
  const ui = screen(phone);
  await ui.label('E-mail').fill('birthe@perler.dk');
  await ui.label('Adgangskode').fill('forkert-kode');
  await ui.role('button', { name: 'Log ind' }).click();
  await ui.text('Login fejlede: Forkert e-mail eller adgangskode').visible();
  await signIn(phone, server.url, 'button');
});

test('every screen shows its heading and its data', async ({ phone, server, api }) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Åse Østergaard ${tag}`);
  const bead = await shop.bead(`Rosenkvarts ${tag}`, 85);
  await shop.beadLine(customer.id, bead.id);
  const packer = await shop.customer(`Pia Pakke ${tag}`);
  const packOrder = await shop.freeLine(packer.id, `Pakkekæde ${tag}`, 120);
  await shop.setStatus(packOrder.id, 'paid');
  const late = await shop.customer(`Rikke Rykker ${tag}`);
  const lateOrder = await shop.freeLine(late.id, `Rykkerkæde ${tag}`, 100);
  await shop.setStatus(lateOrder.id, 'invoiced');
  backdate(server.dataDir, lateOrder.id, 10);
  const sold = await shop.customer(`Sofie Solgt ${tag}`);
  const soldBead = await shop.bead(`Solgt agat ${tag}`, 60);
  const soldOrder = await shop.beadLine(sold.id, soldBead.id);
  await shop.setStatus(soldOrder.id, 'shipped');
  await api('POST', '/api/todos', {
    amount: 2,
    customerId: customer.id,
    bead: { kind: 'existing', beadId: bead.id },
  });

  await signIn(phone, server.url);
  const ui = screen(phone);
  // The worker's shop holds other tests' rows too, and long lists render only what is in view: a list is
  // searched for this test's tag first, as the owner would.
  const visit = async (
    path: string,
    heading: string,
    search: string | null,
    ...data: Array<string | RegExp>
  ) => {
    await phone.get(`${server.url}${path}`);
    await ui.role('heading', { level: 1, name: heading }).visible(15_000);
    if (search) await ui.role('searchbox', { name: search }).fill(tag);
    for (const text of data) await ui.text(text, { exact: false }).first().visible();
  };

  await visit('/pillow', 'Puden', 'Søg efter kunde…', customer.name, bead.name);
  await visit('/customers', 'Kunder', 'Søg kunder…', customer.name);
  await visit(`/customers/${customer.id}`, customer.name, null, bead.name, '138 kr');
  await visit('/needles', 'Perler', 'Søg perler…', bead.name);
  await visit(`/needles/${bead.id}`, bead.name, null, '85 kr');
  await visit('/orders', 'Ordrer', 'Søg efter kunde…', customer.name);
  await visit('/todos', 'Todo', null, bead.name);
  await visit('/packing', 'Pakning', null, `Pakkekæde ${tag}`);
  await visit('/reminders', 'Betalingspåmindelser', null, late.name, 'venter i 10 dage');
  // This year's best sellers count the order shipped above.
  await visit('/sales', 'Salg', null);
  await ui
    .role('table', { name: 'Top 10 perler efter antal' })
    .role('row', { name: new RegExp(soldBead.name) })
    .visible();
  await visit('/settings', 'Indstillinger', null, 'Butik');
});
