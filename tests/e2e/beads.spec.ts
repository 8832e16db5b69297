import type { Bead, BeadWithTodos } from '../../src/shared/schemas/api-beads.ts';
import type { Customer, CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi } from './support/shop-api.ts';

/** Tests share their worker's database, so every name carries a tag of its own. */
const tag = () => Math.random().toString(36).slice(2, 7);

const newBead = (api: Api, name: string, priceOre: number, saleType: '2 for 125' | null = null) =>
  api<Bead>('POST', '/api/beads', { name, priceOre, saleType });
const newCustomer = (api: Api, name: string) => api<Customer>('POST', '/api/customers', { name });

const beadLineIds = (order: Order) =>
  [...order.offerGroups.flatMap((group) => group.lines), ...order.normalLines].map((line) => line.beadId);

test('add a bead without and with the offer @phone', async ({ signedIn: page }) => {
  const id = tag();
  await page.goto('/needles');
  await expect(page.getByRole('heading', { level: 1, name: 'Perler' })).toBeVisible();

  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj ny nål' });
  await dialog.getByLabel('Navn').fill(`Rubin ${id}`);
  await dialog.getByLabel('Pris').fill('42,50');
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(page.getByText('Perle tilføjet')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  await dialog.getByLabel('Navn').fill(`Safir ${id}`);
  await dialog.getByRole('radio', { name: '2 for 125' }).check();
  await expect(dialog.getByLabel('Pris')).toBeDisabled();
  await expect(dialog.getByLabel('Pris')).toHaveValue('75');
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Søg perler…' }).fill(id);
  const list = page.getByRole('group', { name: 'Perler' });
  const rubin = list.getByRole('listitem').filter({ hasText: `Rubin ${id}` });
  const safir = list.getByRole('listitem').filter({ hasText: `Safir ${id}` });
  await expect(rubin).toContainText('42,50 kr');
  await expect(rubin.getByRole('img', { name: 'På tilbud' })).toHaveCount(0);
  await expect(safir).toContainText('75 kr · 2 for 125');
  await expect(safir.getByRole('img', { name: 'På tilbud' })).toBeVisible();
  await expect(page.getByText('2 perler', { exact: true })).toBeVisible();
});

test('a bead name that exists exactly is refused', async ({ signedIn: page, api }) => {
  const id = tag();
  await newBead(api, `Topas ${id}`, 3000);
  await page.goto('/needles');
  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj ny nål' });
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog.getByText('Navn er påkrævet')).toBeVisible();
  await expect(dialog.getByText('Pris er påkrævet')).toBeVisible();

  await dialog.getByLabel('Navn').fill(`Topas ${id}`);
  await dialog.getByLabel('Pris').fill('30');
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog.getByText('Fejl! Der findes allerede en nål med dette navn')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fortryd' }).click();

  const beads = await api<BeadWithTodos[]>('GET', '/api/beads');
  expect(beads.filter((bead) => bead.name === `Topas ${id}`)).toHaveLength(1);
});

test('beads that cost 0 kr or are deleted are not listed; a row opens the bead', async ({
  signedIn: page,
  api,
}) => {
  const id = tag();
  const listed = await newBead(api, `Onyx ${id}`, 2500);
  await shopApi(api).unpricedBead(`Opal ${id}`);
  const gone = await newBead(api, `Obsidian ${id}`, 2500);
  await api('DELETE', `/api/beads/${gone.id}`);

  await page.goto('/needles');
  await page.getByRole('searchbox', { name: 'Søg perler…' }).fill(id);
  const list = page.getByRole('group', { name: 'Perler' });
  await expect(list.getByRole('link', { name: 'Åben' })).toHaveCount(1);
  await list.getByRole('link', { name: 'Åben' }).click();
  await expect(page).toHaveURL(new RegExp(`/needles/${listed.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Onyx ${id}` })).toBeVisible();
});

test('change the price in Sæt Pris @phone', async ({ signedIn: page, api }) => {
  const id = tag();
  const bead = await newBead(api, `Granat ${id}`, 4000);
  await page.goto(`/needles/${bead.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Granat ${id}` })).toBeVisible();
  // Pris and Tilbud, then Lager (an uncounted bead: docs/product/stock.md) with its actions.
  const facts = page.getByRole('definition');
  await expect(facts).toHaveText(['40 kr', 'Nej', 'Ikke talt', /Optælling/]);
  await expect(page.getByText('På tilbud')).toHaveCount(0);

  await page.getByRole('button', { name: 'Ændré Pris' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sæt Pris' });
  await expect(dialog.getByLabel('Navn')).toBeDisabled();
  await expect(dialog.getByLabel('Navn')).toHaveValue(`Granat ${id}`);
  await dialog.getByLabel('Pris').fill('0');
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog.getByText('Prisen skal være over 0')).toBeVisible();

  await dialog.getByRole('radio', { name: '2 for 125' }).check();
  await expect(dialog.getByLabel('Pris')).toHaveValue('75');
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog).toBeHidden();
  await expect(facts).toHaveText(['75 kr', '2 for 125', 'Ikke talt', /Optælling/]);
  await expect(page.getByText('På tilbud')).toBeVisible();

  const saved = await api<BeadWithTodos>('GET', `/api/beads/${bead.id}`);
  expect(saved).toMatchObject({ priceOre: 7500, saleType: '2 for 125' });
});

test('add a bead to two customers: each active order gets a line', async ({ signedIn: page, api }) => {
  const id = tag();
  const bead = await newBead(api, `Jade ${id}`, 5500);
  const anna = await newCustomer(api, `Anna ${id}`);
  const bo = await newCustomer(api, `Bo ${id}`);
  // Bo already has an active order with another line; Anna gets a new one.
  const other = await newBead(api, `Kvarts ${id}`, 1000);
  await api('POST', `/api/customers/${bo.id}/lines`, { kind: 'bead', beadId: other.id });

  await page.goto(`/needles/${bead.id}`);
  const card = page.getByRole('region', { name: 'Tilføj til kunde' });
  await expect(card.getByRole('button', { name: 'Tilføj til 0 kunder' })).toBeDisabled();
  await card.getByRole('searchbox', { name: 'Søg kunder…' }).fill(id);
  await card.getByRole('checkbox', { name: `Anna ${id}` }).check();
  await card.getByRole('checkbox', { name: `Bo ${id}` }).check();
  await card.getByRole('button', { name: 'Tilføj til 2 kunder' }).click();
  await expect(page.getByText('Perle tilføjet til aktive ordrer')).toBeVisible();
  await expect(card.getByRole('checkbox', { name: `Anna ${id}` })).not.toBeChecked();

  for (const customer of [anna, bo]) {
    const detail = await api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
    const active = detail.orders.filter((order) => order.status === 'active');
    expect(active).toHaveLength(1);
    expect(beadLineIds(active[0]!)).toContain(bead.id);
  }

  await card.getByRole('checkbox', { name: `Anna ${id}` }).check();
  await card.getByRole('button', { name: 'Tilføj til 1 kunde' }).click();
  await expect(page.getByText('Perle tilføjet til aktiv ordre!')).toBeVisible();
  const annaNow = await api<CustomerDetail>('GET', `/api/customers/${anna.id}`);
  expect(beadLineIds(annaNow.orders[0]!).filter((beadId) => beadId === bead.id)).toHaveLength(2);
});

test('delete a bead: it leaves the list, its order lines stay', async ({ signedIn: page, api }) => {
  const id = tag();
  const bead = await newBead(api, `Perlemor ${id}`, 6000);
  const customer = await newCustomer(api, `Karen ${id}`);
  await api('POST', `/api/customers/${customer.id}/lines`, { kind: 'bead', beadId: bead.id });

  await page.goto(`/needles/${bead.id}`);
  await page.getByRole('button', { name: 'Slet perle' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Slet perle' });
  await confirm.getByRole('button', { name: 'Fortryd' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Slet perle' }).click();
  await confirm.getByRole('button', { name: 'Slet' }).click();
  await expect(page.getByText('Perle slettet')).toBeVisible();
  await expect(page).toHaveURL(/\/needles$/);

  await page.getByRole('searchbox', { name: 'Søg perler…' }).fill(id);
  await expect(page.getByText('Ingen perler fundet')).toBeVisible();

  const detail = await api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
  expect(beadLineIds(detail.orders[0]!)).toEqual([bead.id]);
  await page.goto(`/needles/${bead.id}`);
  await expect(page.getByText('Perle ikke fundet')).toBeVisible();
});
