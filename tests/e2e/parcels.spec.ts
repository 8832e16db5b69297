/**
 * parcels, on a phone: an address set on a customer (the postcode fills in the town), her order in
 * Skal sendes, 'Adresselabels' with the PDF and the CSV downloaded and read back, then 'Markér som sendt' and
 * 'Fortryd'. The real server, a real database, Debian's Chromium.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

test('address, labels as PDF and CSV, Markér som sendt and Fortryd @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const name = `Søren Ørsted-Åberg ${tag}`;
  const customer = await shop.customer(name);

  // The address, typed as she would on the phone.
  await page.goto(`/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Redigér kunde' }).click();
  const edit = page.getByRole('dialog', { name: 'Redigér kunde' });
  await edit.getByLabel('Adresse', { exact: true }).fill('Æblegade 7, 2. tv');
  await edit.getByLabel('Postnr.').fill('800');
  await edit.getByRole('button', { name: 'Gem' }).click();
  await expect(edit.getByText('Et dansk postnummer er 4 cifre, 1000–9999')).toBeVisible();
  await edit.getByLabel('Postnr.').fill('8000');
  await expect(edit.getByLabel('By')).toHaveValue('Aarhus C');
  await edit.getByLabel('Telefon').fill('+45 12 34 56 78');
  await edit.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Kunden er gemt')).toBeVisible();
  await expect(page.getByText('Æblegade 7, 2. tv')).toHaveText(/^Æblegade 7, 2\. tv\s+8000 Aarhus C$/);

  // Her order goes to Skal sendes.
  const order: Order = await shop.freeLine(customer.id, `Perlesæt ${tag}`, 120);
  await shop.setStatus(order.id, 'packed');

  await page.goto('/orders?status=packed');
  await page.getByRole('button', { name: 'Adresselabels' }).click();
  const dialog = page.getByRole('dialog', { name: /Adresselabels/ });
  await expect(dialog.getByText('Udskriv i 100 % / faktisk størrelse')).toBeVisible();
  const mine = dialog.getByRole('checkbox', { name: new RegExp(name) });
  await expect(mine).toBeChecked();
  // Only her parcel: the other tests' orders on this server stay as they are.
  for (const box of await dialog.getByRole('checkbox', { checked: true }).all()) {
    if ((await box.getAttribute('aria-labelledby')) !== (await mine.getAttribute('aria-labelledby')))
      await box.uncheck();
  }
  await expect(dialog.getByText(/^1 af \d+ ordrer? valgt$/)).toBeVisible();

  // The sheet is remembered on this device.
  await dialog.getByLabel('Ark').selectOption({ label: '3 × 8 · 70 × 37 mm' });
  await dialog.getByLabel('Spring over').fill('4');

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Hent PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('adresselabels.pdf');
  const pdfPath = await pdf.path();
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain(name);
  expect(text).toContain('Æblegade 7, 2. tv');
  expect(text).toContain('8000 Aarhus C');

  const csvDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Hent CSV' }).click();
  const csv = fs.readFileSync(await (await csvDownload).path(), 'utf8');
  expect(csv).toBe(
    '\uFEFFname;attention;address1;address2;zipcode;city;country_code;email;mobile;reference\r\n' +
      `${name};;Æblegade 7, 2. tv;;8000;Aarhus C;DK;;12345678;${order.id.replaceAll('-', '').slice(0, 8)}\r\n`,
  );

  // Markér som sendt: the order is Afsendt; Fortryd puts it back in Skal sendes.
  await dialog.getByRole('button', { name: 'Markér som sendt' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 ordre markeret som sendt')).toBeVisible();
  await expect.poll(async () => (await api<Order>('GET', `/api/orders/${order.id}`)).status).toBe('shipped');
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(page.getByText('1 ordre sat tilbage')).toBeVisible();
  await expect.poll(async () => (await api<Order>('GET', `/api/orders/${order.id}`)).status).toBe('packed');

  // The dialog opens again on the remembered sheet, with her order back in the list.
  await page.getByRole('button', { name: 'Adresselabels' }).click();
  await expect(dialog.getByLabel('Ark')).toHaveValue('a4-3x8-70x37');
  await expect(dialog.getByRole('checkbox', { name: new RegExp(name) })).toBeVisible();
});

test('a customer without an address is listed as mangler adresse, with a link to fix it @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const name = `Uden Adresse ${tag}`;
  const customer = await shop.customer(name);
  const order: Order = await shop.freeLine(customer.id, `Perlesæt ${tag}`, 80);
  await shop.setStatus(order.id, 'packed');

  await page.goto('/orders?status=packed');
  await page.getByRole('button', { name: 'Adresselabels' }).click();
  const dialog = page.getByRole('dialog', { name: /Adresselabels/ });
  const row = dialog.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('mangler adresse')).toBeVisible();
  await expect(row.getByRole('checkbox')).toBeDisabled();
  await row.getByRole('link', { name: 'Ret adressen' }).click();
  // Her page, with Redigér kunde open at the address.
  const edit = page.getByRole('dialog', { name: 'Redigér kunde' });
  await expect(edit.getByLabel('Adresse', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}`));
});
