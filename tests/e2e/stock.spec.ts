/**
 * Stock per bead (docs/product/stock.md) in the browser against the real server: counting on the bead's page and
 * its history with 'Fortryd', stock where a bead is picked and on Nåle with its filters, selling with "Kun 2 på
 * lager" / "Ikke på lager", a delivery filling two customers' orders with 'Fortryd', and the counting screen
 * offline while the laptop sells the bead.
 */
import type { Page } from '@playwright/test';
import type { Bead, BeadWithTodos } from '../../src/shared/schemas/api-beads.ts';
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { nothingWaits, OFFLINE, persisted, serviceWorkerReady, toast } from './support/offline.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

const countBead = (api: Api, beadId: string, quantity: number) =>
  api('POST', `/api/beads/${beadId}/stock`, { kind: 'count', quantity });
const stockOf = async (api: Api, beadId: string) =>
  (await api<BeadWithTodos>('GET', `/api/beads/${beadId}`)).stock;
const lager = (page: Page) =>
  page.getByRole('term').filter({ hasText: 'Lager' }).locator('xpath=following-sibling::dd[1]');

test('Optælling, Modtaget and Ret on the bead page, the history and its Fortryd @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const bead = await shopApi(api).bead(`Lapis ${tag}`, 60);
  await page.goto(`/needles/${bead.id}`);
  await expect(lager(page)).toHaveText('Ikke talt');
  // Nothing to correct before a count.
  await expect(page.getByRole('button', { name: 'Ret', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Optælling', exact: true }).click();
  const count = page.getByRole('dialog', { name: 'Optælling' });
  const field = count.getByRole('textbox', { name: 'Antal på hylden' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill('-3');
  await count.getByRole('button', { name: 'Gem' }).click();
  await expect(count.getByText('Antallet må ikke være negativt')).toBeVisible();
  await field.fill('12');
  await count.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Optælling gemt')).toBeVisible();
  await expect(lager(page)).toHaveText('12 stk.');
  await expect(page.getByText('12 på lager')).toBeVisible();

  await page.getByRole('button', { name: 'Modtaget', exact: true }).click();
  const received = page.getByRole('dialog', { name: 'Modtaget' });
  await received.getByRole('textbox', { name: 'Antal modtaget' }).fill('5');
  await received.getByRole('button', { name: 'Gem' }).click();
  await expect(lager(page)).toHaveText('17 stk.');

  await page.getByRole('button', { name: 'Ret', exact: true }).click();
  const adjust = page.getByRole('dialog', { name: 'Ret' });
  await adjust.getByRole('textbox', { name: 'Antal' }).fill('2');
  await adjust.getByRole('button', { name: 'Gem' }).click();
  await expect(adjust.getByText('Skriv en kort årsag')).toBeVisible();
  await adjust.getByRole('button', { name: 'Knækket' }).click();
  await adjust.getByRole('button', { name: 'Gem' }).click();
  await expect(lager(page)).toHaveText('15 stk.');

  const history = page.getByRole('region', { name: 'Lagerhistorik' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Ret · Knækket.*−2.*= 15 stk\./,
    /Modtaget.*\+5.*= 17 stk\./,
    /Optælling.*12.*= 12 stk\./,
  ]);
  // Only her latest can be undone.
  await expect(history.getByRole('button', { name: /^Fortryd/ })).toHaveCount(1);
  await history.getByRole('button', { name: 'Fortryd Ret · Knækket' }).click();
  await expect(toast(page, 'Fortrudt')).toBeVisible();
  await expect(lager(page)).toHaveText('17 stk.');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  expect(await stockOf(api, bead.id)).toBe(17);
});

test('stock shows on Nåle with Udsolgt and Få tilbage, and in the pickers; a sale moves it and warns @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const plenty = await shop.bead(`Jaspis ${tag}`, 40);
  const few = await shop.bead(`Kalcit ${tag}`, 40);
  const none = await shop.bead(`Onyx ${tag}`, 40);
  const uncounted = await shop.bead(`Pyrit ${tag}`, 40);
  await countBead(api, plenty.id, 30);
  await countBead(api, few.id, 2);
  await countBead(api, none.id, 0);
  const customer = await shop.customer(`Lagerkunde ${tag}`);

  await page.goto('/needles');
  await page.getByRole('searchbox').fill(tag);
  const list = page.getByRole('group', { name: 'Perler' });
  await expect(list.getByRole('link', { name: new RegExp(`Jaspis ${tag}`) }).first()).toContainText(
    '30 på lager',
  );
  await expect(list.getByRole('link', { name: new RegExp(`Onyx ${tag}`) }).first()).toContainText('Udsolgt');
  await expect(list.getByRole('link', { name: new RegExp(`Pyrit ${tag}`) }).first()).not.toContainText(
    'lager',
  );
  await page.getByRole('button', { name: 'Udsolgt' }).click();
  await expect(list.getByRole('heading', { level: 2 })).toHaveCount(1);
  await expect(list).toContainText(`Onyx ${tag}`);
  await expect(list).not.toContainText(`Kalcit ${tag}`);
  await page.getByRole('button', { name: 'Få tilbage' }).click();
  await expect(list).toContainText(`Kalcit ${tag}`);
  await expect(list).toContainText(`Onyx ${tag}`);
  await expect(list).not.toContainText(`Jaspis ${tag}`);
  await page.getByRole('button', { name: 'Få tilbage' }).click();
  await expect(list).toContainText(`Jaspis ${tag}`);

  // Tilføj linje: the picker shows the stock; a sold-out bead is sold all the same, and she is told.
  await page.goto(`/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Tilføj vare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj linje' });
  await dialog.getByRole('searchbox').fill(tag);
  await expect(dialog.getByRole('option', { name: new RegExp(`^Kalcit ${tag}`) })).toContainText(
    '2 på lager',
  );
  await expect(dialog.getByRole('option', { name: new RegExp(`^Onyx ${tag}`) })).toContainText('Udsolgt');
  await dialog.getByRole('option', { name: new RegExp(`^Onyx ${tag}`) }).click();
  await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await expect(toast(page, 'Ikke på lager')).toBeVisible();
  await expect(toast(page, 'Ikke på lager')).toContainText('Linje er tilføjet til ordre');
  await expect.poll(() => stockOf(api, none.id)).toBe(-1);
  await page.goto(`/needles/${none.id}`);
  await expect(lager(page)).toHaveText('mangler 1');
  await expect(page.getByText('mangler 1').first()).toBeVisible();

  // A line deleted from the active order puts the bead back.
  const detail = await api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
  const line = detail.orders[0]?.normalLines[0];
  await api('DELETE', `/api/order-lines/${line?.id}`);
  expect(await stockOf(api, none.id)).toBe(0);
  void uncounted;
});

test('completing a todo of 3 with 2 on the shelf says "Kun 2 på lager" and sells 3 @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const bead = await shop.bead(`Kalcedon ${tag}`, 50);
  const customer = await shop.customer(`Todokunde ${tag}`);
  await api('POST', '/api/todos', {
    amount: 3,
    customerId: customer.id,
    bead: { kind: 'existing', beadId: bead.id },
  });
  await countBead(api, bead.id, 2);
  await page.goto('/todos');
  const label = `3 Kalcedon ${tag} (Todokunde ${tag})`;
  const button = page.getByRole('button', { name: `Færdiggør ${label}` });
  if ((await button.count()) > 0) await button.click();
  else {
    await page.getByRole('button', { name: `Handlinger for ${label}` }).click();
    await page.getByRole('menuitem', { name: 'Færdiggør' }).click();
  }
  await expect(toast(page, 'Kun 2 på lager')).toBeVisible();
  await expect(toast(page, 'Kun 2 på lager')).toContainText('Todo færdiggjort!');
  expect(await stockOf(api, bead.id)).toBe(-1);
});

test('Modtaget fills two waiting customers oldest first in one step, and Fortryd puts it all back @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const bead = await shop.bead(`Granat ${tag}`, 70);
  const first = await shop.customer(`Første ${tag}`);
  const second = await shop.customer(`Anden ${tag}`);
  const third = await shop.customer(`Tredje ${tag}`);
  for (const [customer, amount] of [
    [first, 2],
    [second, 1],
    [third, 4],
  ] as const) {
    await api('POST', '/api/todos', {
      amount,
      customerId: customer.id,
      bead: { kind: 'existing', beadId: bead.id },
    });
  }
  await countBead(api, bead.id, 0);
  await page.goto(`/needles/${bead.id}`);
  await page.getByRole('button', { name: 'Modtaget', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Modtaget' });
  await dialog.getByRole('textbox', { name: 'Antal modtaget' }).fill('4');
  // 4 covers the two oldest (2 + 1), not the third (4 more).
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`Første ${tag}`) })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`Anden ${tag}`) })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`Tredje ${tag}`) })).not.toBeChecked();
  await expect(dialog.getByText('2 kunder · 3 stk. i alt')).toBeVisible();
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Lagt i 2 kunders ordrer')).toBeVisible();
  await expect(lager(page)).toHaveText('1 stk.');
  const orderOf = async (customerId: string) =>
    (await api<CustomerDetail>('GET', `/api/customers/${customerId}`)).orders.find(
      (o) => o.status === 'active',
    );
  expect((await orderOf(first.id))?.normalLines).toHaveLength(2);
  expect((await orderOf(second.id))?.normalLines).toHaveLength(1);
  expect(await orderOf(third.id)).toBeUndefined();

  await toast(page, 'Lagt i 2 kunders ordrer').getByRole('button', { name: 'Fortryd' }).click();
  await expect(toast(page, 'Leveringen er fortrudt')).toBeVisible();
  await expect(lager(page)).toHaveText('0 stk.');
  expect(await orderOf(first.id)).toBeUndefined();
  expect(await orderOf(second.id)).toBeUndefined();
  const back = await api<BeadWithTodos>('GET', `/api/beads/${bead.id}`);
  expect(back.todos.map((todo) => todo.amount)).toEqual([2, 1, 4]);
});

test('counting offline: the next bead at once, and a count typed before a sale on the laptop ends right @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  // Beads that sort first, so the screen starts with them after a new round.
  const a = await shopApi(api).bead(`0 Tælleperle ${tag} a`, 30);
  const b = await shopApi(api).bead(`0 Tælleperle ${tag} b`, 30);
  await countBead(api, a.id, 9);
  await api('POST', '/api/stock/count-round');
  const customer = await shopApi(api).customer(`Laptopkunde ${tag}`);
  await page.goto('/stocktake');
  const progress = page.getByText(/^\d+ af \d+ talt$/);
  await expect(progress).toBeVisible();
  const total = Number((await progress.textContent())?.match(/af (\d+)/)?.[1]);
  await expect(page.getByRole('heading', { level: 2, name: a.name })).toBeVisible();
  await expect(page.getByText('Sidst talt: 9 stk.')).toBeVisible();
  await serviceWorkerReady(page);
  await persisted(page, '"queryKey":["stockCounts","stockCounts"]', a.name);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Antal på hylden' });
  await field.fill('20');
  await page.getByRole('button', { name: 'Gem og næste' }).click();
  // The next bead at once, without the network; the field is empty and keeps the focus.
  await expect(page.getByRole('heading', { level: 2, name: b.name })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Gemt: ${a.name} · 20 stk.` })).toBeVisible();
  await expect(progress).toHaveText(`1 af ${total} talt`);
  await page.getByRole('button', { name: 'Spring over' }).click();
  await expect(page.getByRole('heading', { level: 2, name: b.name })).toBeHidden();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  // Meanwhile the laptop sells one of bead a, after she counted it.
  await shopApi(api).beadLine(customer.id, a.id);

  await context.setOffline(false);
  await nothingWaits(page);
  await expect.poll(() => stockOf(api, a.id)).toBe(19);
  // She comes back where she stopped: after b, which she skipped.
  await page.reload();
  await expect(progress).toHaveText(`1 af ${total} talt`);
  await expect(page.getByRole('heading', { level: 2, name: b.name })).toBeHidden();
  const beads = await api<Bead[]>('GET', '/api/beads');
  expect(beads.find((bead) => bead.id === b.id)?.stock).toBeNull();
});
