/**
 * The shop's money (docs/product/money.md), phone and desktop: the bill she copies carries its number and asks
 * for it in the MobilePay message; a part payment shows what is missing, and the rest moves the order to Skal
 * pakkes (with Fortryd); the receipt's PDF is read back; a shipped order is credited; Regnskab's bogføringsfil
 * adds up to the screen. Settings belong to the worker's whole shop, so the tests put them back.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { changeSettings, shopApi, uniqueTag } from './support/shop-api.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const YEAR = copenhagenYear();

test.afterEach(async ({ signedIn: page, server }) => {
  await changeSettings(page, server.url, { mobilePayNumber: null, address: null, cvr: null });
});

test('the copied bill carries its number, and asks for it in the MobilePay message @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await changeSettings(page, server.url, { mobilePayNumber: '12345678' });
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Nanna Nummer ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 125);

  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  await expect(active.getByText('(178 kr)')).toBeVisible();
  // Not billed yet: no number on the order.
  await expect(active.getByText(/^Nr\. /)).toHaveCount(0);
  await active.getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await expect(toast(page, 'Kopieret til udklipsholder')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const number = /Regningsnummer: (\d{4}-\d{4,})/.exec(copied)?.[1];
  expect(number, copied).toMatch(new RegExp(`^${YEAR}-\\d{4,}$`));
  expect(copied).toContain(`Skriv ${number} i beskeden, når du betaler med MobilePay.`);
  // The order shows it now, and keeps it when it leaves Aktiv.
  await expect(active.getByText(`Nr. ${number}`)).toBeVisible();
  await active.getByLabel('Status').selectOption({ label: 'Afventer betaling' });
  await expect(toast(page, 'Status ændret til afventer betaling')).toBeVisible();
  const ongoing = region(page, 'Igangværende ordrer');
  await expect(ongoing.getByText(`Nr. ${number}`)).toBeVisible();
  // Ordrer finds the order by its number.
  await page.goto(`/orders?q=${number}`);
  await expect(page.getByRole('link', { name: new RegExp(`Nr\\. ${number}`) })).toBeVisible();
});

test('a part payment shows what is missing; the rest moves the order to Skal pakkes, with Fortryd @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Bente Betaler ${tag}`);
  const order = await shop.freeLine(customer.id, 'Armbånd', 125);
  await shop.setStatus(order.id, 'invoiced');

  await page.goto(`/customers/${customer.id}`);
  const ongoing = region(page, 'Igangværende ordrer');
  await ongoing.getByRole('button', { name: /Afventer betaling/ }).click();
  await expect(ongoing.getByText('Ikke betalt · mangler 178 kr')).toBeVisible();

  // The day the dialog opens on (a run may pass midnight: either day is right).
  const openedOn = copenhagenDate();
  await ongoing.getByRole('button', { name: 'Registrér betaling' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrér betaling' });
  const amount = dialog.getByLabel('Beløb');
  await expect(amount).toHaveValue('178');
  await expect(dialog.getByRole('radio', { name: 'MobilePay' })).toBeChecked();
  await expect(dialog.getByLabel('Dato')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  expect([openedOn, copenhagenDate()]).toContain(await dialog.getByLabel('Dato').inputValue());
  // A Danish word for a bad amount, nothing sent.
  await amount.fill('0');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(dialog.getByText('Beløbet skal være over 0 kr')).toBeVisible();
  await amount.fill('100');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Betaling registreret')).toBeVisible();
  await expect(ongoing.getByText('Betalt 100 kr · mangler 78 kr')).toBeVisible();

  // The rest: 78 kr by bank; the order moves on to Skal pakkes.
  await ongoing.getByRole('button', { name: 'Registrér betaling' }).click();
  await expect(amount).toHaveValue('78');
  await dialog.getByRole('radio', { name: 'Bankoverførsel' }).check();
  await dialog.getByRole('button', { name: 'Gem' }).click();
  const moved = toast(page, 'Betaling registreret · status ændret til skal pakkes');
  await expect(moved).toBeVisible();
  await expect(ongoing.getByText('Betalt 178 kr')).toBeVisible();
  await expect(ongoing.getByLabel('Status')).toHaveValue('paid');

  // Fortryd takes the payment back, and the order back to Afventer betaling.
  await moved.getByRole('button', { name: 'Fortryd' }).click();
  await expect(toast(page, 'Betaling slettet')).toBeVisible();
  await expect(ongoing.getByText('Betalt 100 kr · mangler 78 kr')).toBeVisible();
  await expect(ongoing.getByLabel('Status')).toHaveValue('invoiced');
  const saved = await api<Order>('GET', `/api/orders/${order.id}`);
  expect(saved.payments.map((payment) => [payment.amountOre, payment.method])).toEqual([
    [10_000, 'mobilepay'],
  ]);
  expect(saved.status).toBe('invoiced');
});

test('the receipt of a paid order is a PDF with the shop, the number, the lines and how it was paid', async ({
  signedIn: page,
  api,
  server,
}) => {
  await changeSettings(page, server.url, { address: 'Perlegade 7\n8000 Aarhus C', cvr: '12345678' });
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Łucja Kvittering ${tag}`);
  const order = await shop.freeLine(customer.id, 'Ørering', 125);
  const billed = await shop.setStatus(order.id, 'invoiced');
  await api('POST', `/api/orders/${order.id}/payments`, {
    amountOre: 17_800,
    method: 'cash',
    paidOn: copenhagenDate(),
  });

  await page.goto(`/customers/${customer.id}`);
  const ongoing = region(page, 'Igangværende ordrer');
  await ongoing.getByRole('button', { name: /Skal pakkes/ }).click();
  const download = page.waitForEvent('download');
  await ongoing.getByRole('link', { name: 'Kvittering' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`kvittering-${billed.number}.pdf`);
  const file = await pdf.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const expected of [
    'Kvittering',
    `${billed.number}`,
    'Perlegade 7',
    'CVR-nr. 12345678',
    `Łucja Kvittering ${tag}`,
    'Ørering 125 kr',
    'Porto 53 kr',
    'I alt 178 kr',
    'Butikken er ikke momsregistreret',
    'med Kontant: 178 kr',
  ])
    expect(text).toContain(expected);
});

test('a shipped order is credited: a credit note with its own number, and the order kept as it was @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Kirsten Kredit ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 200);
  const order = await shop.freeLine(customer.id, 'Gaveæske', 20);
  const billed = await shop.setStatus(order.id, 'packed');
  await shop.setStatus(order.id, 'shipped');

  await page.goto(`/customers/${customer.id}`);
  const shipped = region(page, 'Afsendte ordrer');
  await shipped.getByRole('button', { name: /Afsendt/ }).click();
  await shipped.getByRole('button', { name: 'Krediter' }).click();
  const dialog = page.getByRole('dialog', { name: `Krediter ordre ${billed.number}` });
  // Everything is ticked to begin with: 220 kr + 53 kr postage.
  await expect(dialog.getByText('Kreditnota på 273 kr')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Hele ordren' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Gaveæske' }).check();
  await expect(dialog.getByText('Kreditnota på 20 kr')).toBeVisible();
  await dialog.getByRole('button', { name: 'Lav kreditnota' }).click();
  await expect(dialog).toBeHidden();
  const made = toast(page, /^Kreditnota \d{4}-\d{4,} er lavet/);
  await expect(made).toBeVisible();
  const saved = await api<Order>('GET', `/api/orders/${order.id}`);
  expect(saved.status).toBe('shipped');
  expect(saved.creditNotes).toHaveLength(1);
  const note = saved.creditNotes[0]!;
  expect(Number(note.number.split('-')[1])).toBeGreaterThan(Number(billed.number?.split('-')[1]));
  await expect(
    shipped.getByRole('link', { name: new RegExp(`Kreditnota ${note.number}.*-20 kr`) }),
  ).toBeVisible();
  // The line credited is not offered again.
  await shipped.getByRole('button', { name: 'Krediter' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Gaveæske (Krediteret)' })).toBeDisabled();
  await expect(dialog.getByText('Kreditnota på 253 kr')).toBeVisible();
});

test('Regnskab sums the year, and its bogføringsfil adds up to the same sums', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Rigmor Regnskab ${tag}`);
  const order = await shop.freeLine(customer.id, 'Perlesæt', 300);
  await shop.setStatus(order.id, 'invoiced');
  const paidOn = copenhagenDate();
  await api('POST', `/api/orders/${order.id}/payments`, { amountOre: 5000, method: 'mobilepay', paidOn });

  await page.goto(`/books?year=${YEAR}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Regnskab' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'År' })).toHaveAttribute('aria-pressed', 'true');
  const sales = region(page, 'Salg i perioden');
  const paid = region(page, 'Betalt');
  const amountOf = async (card: ReturnType<typeof region>, label: string) => {
    const value = card
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
    return Math.round(Number((await value.innerText()).replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
  };
  await expect(sales.locator('dt', { hasText: /^I alt$/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Hent bogføringsfil' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFFNummer;Type;Dato;Kunde;')).toBe(true);
  const rows = csv
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((row) => row.split(';'));
  const ore = (cell: string | undefined) => Math.round(Number((cell ?? '0').replace(',', '.')) * 100);
  const column = (n: number) => rows.reduce((sum, row) => sum + ore(row[n]), 0);
  expect(column(4)).toBe(await amountOf(sales, 'Varer'));
  expect(column(5)).toBe(await amountOf(sales, 'Porto'));
  expect(column(8)).toBe(await amountOf(sales, 'I alt'));
  expect(column(9)).toBe(await amountOf(paid, 'Betalt i alt'));
  // This test's bill is there, with its payment.
  const mine = rows.find((row) => row[3] === customer.name);
  expect(mine?.slice(4, 12)).toEqual(['300', '53', '0', '0', '353', '50', 'MobilePay', paidOn]);
});

test('a payment registered on the laptop shows on the phone without a reload (live)', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Lise Live ${tag}`);
  const order = await shop.freeLine(customer.id, 'Ankelkæde', 125);
  await shop.setStatus(order.id, 'invoiced');
  await page.goto(`/customers/${customer.id}`);
  const ongoing = region(page, 'Igangværende ordrer');
  await ongoing.getByRole('button', { name: /Afventer betaling/ }).click();
  await expect(ongoing.getByText('Ikke betalt · mangler 178 kr')).toBeVisible();
  // The page's live connection has said hello (api/live.ts marks <html data-live>).
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live');
  // The laptop (the test's own requests) registers a part payment; the phone's page follows the live event.
  await api('POST', `/api/orders/${order.id}/payments`, {
    amountOre: 10_000,
    method: 'cash',
    paidOn: copenhagenDate(),
  });
  await expect(ongoing.getByText('Betalt 100 kr · mangler 78 kr')).toBeVisible();
});
