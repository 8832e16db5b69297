/**
 * WebKit (every iPhone browser's engine), at 390 × 844: 'Indsæt besked' (issue 46, docs/product/messages.md) with
 * real taps. The iPhone has no share target, so she pastes: the message is typed into the field, the proposals
 * show, one quantity is changed, 'Tilføj N varer' adds the lines, and they are on the order (a double tap's single add: tests/api/message-lines.test.ts).
 */
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import { expect, signInAt, test } from './support/fixtures.ts';
import { waitFor } from './support/screen.ts';

const letters = (tag: string) => tag.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

test('a pasted message becomes proposals, and Tilføj N varer puts them on the order', async ({
  phone,
  server,
  api,
  tag: rawTag,
  shop,
  ui,
}) => {
  const tag = letters(rawTag).toLowerCase();
  const customer = await shop.customer(`Ida Indsæt ${tag}`);
  const red = await shop.bead(`Rød glas${tag}`, 15);
  const quartz = await shop.bead(`Kvarts${tag}`, 40);

  await signInAt(phone, server.url, `/customers/${customer.id}`);
  await ui.role('heading', { level: 1, name: customer.name }).visible();
  await ui.role('button', { name: 'Indsæt besked' }).click();
  const dialog = ui.role('dialog', { name: /Indsæt besked/ });
  await dialog.label('Besked').fill(`Hej 😊 3 røde glas${tag} og en kvarts${tag} tak`);
  const proposals = dialog.role('list', { name: 'Forslag' });
  await proposals.role('listitem').hasCount(2);
  await proposals.label(`Antal af ${red.name}`).waitText('3');
  await proposals.role('listitem', { name: quartz.name }).role('button', { name: 'Én mere' }).click();
  await proposals.label(`Antal af ${quartz.name}`).waitText('2');
  const add = dialog.role('button', { name: 'Tilføj 5 varer' });
  await add.click();
  await ui.text('5 varer tilføjet').first().visible();
  await dialog.hidden();

  const lines = async () => {
    const detail = await api<CustomerDetail>('GET', `/api/customers/${customer.id}`);
    return detail.orders
      .filter((order) => order.status === 'active')
      .flatMap((order) => [...order.offerGroups.flatMap((group) => group.lines), ...order.normalLines])
      .map((line) => line.beadId)
      .sort();
  };
  const added = await waitFor(lines, (found) => found.length === 5, 'the five lines on the order');
  expect(added).toEqual([red.id, red.id, red.id, quartz.id, quartz.id].sort());
  await ui.role('region', { name: 'Aktiv ordre' }).text(red.name).first().visible();
});
