/**
 * 'Indsæt besked' (issue 46, docs/product/messages.md), phone and desktop: a customer's message pasted on her page
 * is read into proposals as it is typed, one is changed, 'Tilføj N varer' puts the lines on her active order, a
 * sold-out bead goes on her todo, and 'Fortryd' takes it all off again. The beads' kind words carry the test's
 * tag (letters only), so other tests' beads in the shared shop never match.
 */
import type { Page } from '@playwright/test';
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
/** Letters only: a digit would be read as a quantity or a size. */
const letters = (tag: string) => tag.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

test('a pasted message becomes proposals, and Tilføj N varer puts them on the order, with Fortryd @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = letters(uniqueTag());
  const shop = shopApi(api);
  const customer = await shop.customer(`Pia Paste ${tag}`);
  const red = await shop.bead(`Rød glas${tag}`, 15);
  const quartz = await shop.bead(`Kvarts${tag}`, 40);
  const gone = await shop.bead(`Lava${tag}`, 30);
  // Counted to none on the shelf: sold out, so it is offered for the todo.
  await api('POST', `/api/beads/${gone.id}/stock`, { kind: 'count', quantity: 0 });

  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await page.getByRole('button', { name: 'Indsæt besked' }).click();
  const dialog = page.getByRole('dialog', { name: /Indsæt besked/ });
  await expect(dialog.getByText('Forslagene vises her, så snart der står en besked.')).toBeVisible();
  await dialog
    .getByLabel('Besked')
    .fill(`Hej! Må jeg få 2 af de røde glas${tag}er, en kvarts${tag} og en lava${tag} + en tryllestav 😊`);

  const proposals = dialog.getByRole('list', { name: 'Forslag' });
  await expect(proposals.getByRole('listitem')).toHaveCount(3);
  await expect(proposals.getByLabel(`Antal af ${red.name}`)).toHaveText('2');
  await expect(proposals.getByLabel(`Antal af ${quartz.name}`)).toHaveText('1');
  await expect(proposals.getByRole('listitem', { name: gone.name }).getByText('Læg på todo')).toBeVisible();
  await expect(dialog.getByText('Ikke genkendt: tryllestav')).toBeVisible();
  // She changes one: one more of the quartz.
  await proposals
    .getByRole('listitem', { name: quartz.name })
    .getByRole('button', { name: 'Én mere' })
    .click();
  await expect(proposals.getByLabel(`Antal af ${quartz.name}`)).toHaveText('2');
  await dialog.getByRole('button', { name: 'Tilføj 5 varer' }).click();
  await expect(toast(page, '4 varer tilføjet · 1 lagt på todo')).toBeVisible();
  await expect(dialog).toBeHidden();

  const detail = () => api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
  const beadLines = (c: CustomerDetail) =>
    c.orders
      .filter((order) => order.status === 'active')
      .flatMap((order) => [...order.offerGroups.flatMap((group) => group.lines), ...order.normalLines])
      .map((line) => line.beadId)
      .sort();
  await expect
    .poll(async () => beadLines(await detail()))
    .toEqual([red.id, red.id, quartz.id, quartz.id].sort());
  expect((await detail()).todos.map((todo) => [todo.beadId, todo.amount])).toEqual([[gone.id, 1]]);
  const active = page.getByRole('region', { name: 'Aktiv ordre', exact: true });
  await expect(active.getByText(red.name).first()).toBeVisible();

  await toast(page, '4 varer tilføjet').getByRole('button', { name: 'Fortryd' }).click();
  await expect(toast(page, 'Fortrudt')).toBeVisible();
  await expect.poll(async () => beadLines(await detail())).toEqual([]);
  expect((await detail()).todos).toEqual([]);
});

test('a message shared into the app (or Indsæt besked from the menu) asks Hvilken kunde? first', async ({
  signedIn: page,
  api,
}) => {
  const tag = letters(uniqueTag());
  const shop = shopApi(api);
  const customer = await shop.customer(`Sara Share ${tag}`);
  const bead = await shop.bead(`Koral${tag}`, 25);
  // Android's share target: the installed app's manifest sends the text to Kunder as `besked`.
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toEqual({
    action: '/customers',
    method: 'GET',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'emne', text: 'besked', url: 'link' },
  });
  await page.goto(`/customers?besked=${encodeURIComponent(`Hej, 3 koral${tag} tak`)}`);
  const choose = page.getByRole('dialog', { name: 'Hvilken kunde?' });
  await expect(choose.getByText(`Hej, 3 koral${tag} tak`)).toBeVisible();
  await choose.getByRole('searchbox').fill(`sara share ${tag}`);
  await choose.getByRole('button', { name: customer.name }).click();
  const dialog = page.getByRole('dialog', { name: /Indsæt besked/ });
  await expect(dialog.getByText(customer.name)).toBeVisible();
  await expect(dialog.getByLabel('Besked')).toHaveValue(`Hej, 3 koral${tag} tak`);
  await expect(dialog.getByLabel(`Antal af ${bead.name}`)).toHaveText('3');
  await dialog.getByRole('button', { name: 'Fortryd' }).click();
  await expect(dialog).toBeHidden();
  // Closed, the address forgets the message: a reload does not ask again.
  await expect(page).toHaveURL(/\/customers$/);

  // The menu's entry opens the same, with an empty message.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Indsæt besked' }).click();
  await expect(page.getByRole('dialog', { name: 'Hvilken kunde?' })).toBeVisible();
});
