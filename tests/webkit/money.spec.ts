/**
 * WebKit (every iPhone browser's engine), at 390 × 844: the shop's money (docs/product/money.md) with real taps —
 * the bill copied by a tap gets its number from the server and still lands on the clipboard; a part payment and
 * the rest (tapped twice) in 'Registrér betaling'; the receipt's PDF read back; a shipped order credited; and
 * Regnskab's bogføringsfil adding up to the screen. The files are fetched inside the page (with its session), as
 * a download is awkward to catch through WebDriver. Settings belong to the worker's whole shop: what a test
 * changes is put back after it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import { parseKr } from '../../src/shared/domain/money.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import type { ShopSettings } from '../../src/shared/schemas/api-settings.ts';
import type { Api } from '../e2e/support/fixtures.ts';
import { pasteClipboard } from './support/clipboard.ts';
import { expect, signInAt, test } from './support/fixtures.ts';
import { type Locator, waitFor } from './support/screen.ts';

const YEAR = copenhagenYear();
const region = (ui: Locator, name: string) => ui.role('region', { name });
const toast = (ui: Locator, text: string | RegExp) => ui.css('[data-sonner-toast]').text(text).first();

/** What a test changed in the shop's settings, as it was before: put back after the test. */
type Settings = Omit<ShopSettings, 'updatedAt'>;
let settingsBefore: Partial<Settings> = {};

async function changeSettings(api: Api, change: Partial<Settings>): Promise<void> {
  const { updatedAt: _, ...current } = await api<ShopSettings>('GET', '/api/settings/shop');
  for (const key of Object.keys(change) as (keyof Settings)[])
    if (!(key in settingsBefore)) Object.assign(settingsBefore, { [key]: current[key] });
  await api('PUT', '/api/settings/shop', { ...current, ...change });
}

test.afterEach(async ({ api }) => {
  if (Object.keys(settingsBefore).length === 0) return;
  const { updatedAt: _, ...current } = await api<ShopSettings>('GET', '/api/settings/shop');
  await api('PUT', '/api/settings/shop', { ...current, ...settingsBefore });
  settingsBefore = {};
});

type Fetched = { status: number; type: string; disposition: string; body: Buffer };

/** The file behind a link, fetched inside the page with its session (what a tap on it would download). */
async function fetchLink(link: Locator): Promise<Fetched & { href: string; download: string | null }> {
  const element = await link.element();
  const { href, download } = (await link.driver.executeScript(
    `return { href: arguments[0].href, download: arguments[0].getAttribute('download') }`,
    element,
  )) as { href: string; download: string | null };
  expect(href, 'the link has an address').toBeTruthy();
  const got = (await link.driver.executeAsyncScript(
    `const [href, done] = arguments;
     fetch(href, { credentials: 'same-origin' })
       .then(async (response) => {
         const bytes = new Uint8Array(await response.arrayBuffer());
         let binary = '';
         for (let i = 0; i < bytes.length; i += 0x2000)
           binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
         done({
           status: response.status,
           type: response.headers.get('content-type') ?? '',
           disposition: response.headers.get('content-disposition') ?? '',
           base64: btoa(binary),
         });
       })
       .catch((error) => done({ error: String(error) }));`,
    href,
  )) as { status: number; type: string; disposition: string; base64: string } | { error: string };
  if ('error' in got) throw new Error(`WebKit: fetching ${href} in the page failed: ${got.error}`);
  return { ...got, href, download, body: Buffer.from(got.base64, 'base64') };
}

/** The CSV's rows, cells unquoted (';' between cells, CRLF between rows, '"' quoting with doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** An amount as the screen or the CSV writes it ('1.234 kr', '-53 kr', '12,50', '') in øre. */
function oreOf(text: string): number {
  if (text.trim() === '') return 0;
  const ore = parseKr(text);
  if (ore === null) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return ore;
}

test('the bill copied by a tap gets its number from the server, asks for it in MobilePay, and the order shows it', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  await changeSettings(api, { mobilePayNumber: '12345678' });
  const customer = await shop.customer(`Nanna Nummer ${tag}`);
  const order = await shop.freeLine(customer.id, 'Halskæde', 125);
  expect(order.number).toBeNull();

  await signInAt(phone, server.url, `/customers/${customer.id}`);
  const active = region(ui, 'Aktiv ordre');
  await active.text('(178 kr)').visible();
  // Not billed yet: no number, so the tap has to wait for the server to give the text with it.
  await active.text(/^Nr\. /).hasCount(0);
  await active.role('button', { name: 'Kopiér Regningstekst' }).click();
  await toast(ui, 'Kopieret til udklipsholder').visible();

  const copied = await pasteClipboard(phone);
  const number = /Regningsnummer: (\d{4}-\d{4,})/.exec(copied)?.[1];
  expect(number, copied).toMatch(new RegExp(`^${YEAR}-\\d{4,}$`));
  expect(copied).toContain(`Skriv ${number} i beskeden, når du betaler med MobilePay.`);
  expect(copied).toContain('Halskæde: 125 kr');
  expect((await api<Order>('GET', `/api/orders/${order.id}`)).number).toBe(number);
  await active.text(`Nr. ${number}`).visible();

  // It keeps the number when it leaves Aktiv: the row says 'Nr. 2026-0001 · 178 kr'.
  await active.role('combobox', { name: 'Status' }).select('Afventer betaling');
  await toast(ui, 'Status ændret til afventer betaling').visible();
  await region(ui, 'Igangværende ordrer').text(`Nr. ${number}`, { exact: false }).visible();
});

test('a part payment shows what is missing; the rest, tapped twice, is one payment and moves the order to Skal pakkes', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const customer = await shop.customer(`Bente Betaler ${tag}`);
  const order = await shop.freeLine(customer.id, 'Armbånd', 125);
  await shop.setStatus(order.id, 'invoiced');

  await signInAt(phone, server.url, `/customers/${customer.id}`);
  const ongoing = region(ui, 'Igangværende ordrer');
  await ongoing.role('button', { name: /Afventer betaling/ }).click();
  await ongoing.text('Ikke betalt · mangler 178 kr').visible();

  // The day the dialog opens on (a run may pass midnight: either day is right).
  const openedOn = copenhagenDate();
  await ongoing.role('button', { name: 'Registrér betaling' }).click();
  const dialog = ui.role('dialog', { name: 'Registrér betaling' });
  const amount = dialog.label('Beløb');
  await amount.waitValue('178');
  await dialog.role('radio', { name: 'MobilePay', checked: true }).visible();
  const date = await waitFor(
    () => dialog.label('Dato').value(),
    (value) => value !== '',
    'the dialog’s date',
  );
  expect([openedOn, copenhagenDate()]).toContain(date);
  // A Danish word for a bad amount, nothing sent.
  await amount.fill('0');
  await dialog.role('button', { name: 'Gem' }).click();
  await dialog.text('Beløbet skal være over 0 kr').visible();
  await amount.fill('100');
  await dialog.role('button', { name: 'Gem' }).click();
  await dialog.hidden();
  await toast(ui, 'Betaling registreret').visible();
  await ongoing.text('Betalt 100 kr · mangler 78 kr').visible();

  // The rest: 78 kr by bank, and 'Gem' tapped twice in a row (an impatient thumb).
  await ongoing.role('button', { name: 'Registrér betaling' }).click();
  await amount.waitValue('78');
  await dialog.role('radio', { name: 'Bankoverførsel' }).click();
  await dialog.role('radio', { name: 'Bankoverførsel', checked: true }).visible();
  await dialog.role('radio', { name: 'MobilePay', checked: false }).visible();
  const save = await dialog.role('button', { name: 'Gem' }).element();
  await phone.executeScript("arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' })", save);
  await phone.actions().doubleClick(save).perform();
  await toast(ui, 'Betaling registreret · status ændret til skal pakkes').visible();
  await dialog.hidden();
  await ongoing.text('Betalt 178 kr').visible();
  await ongoing.role('combobox', { name: 'Status' }).waitValue('paid');
  await ongoing.role('list', { name: 'Betalinger' }).role('listitem').hasCount(2);

  const saved = await api<Order>('GET', `/api/orders/${order.id}`);
  expect(saved.payments.map((payment) => [payment.amountOre, payment.method])).toEqual([
    [10_000, 'mobilepay'],
    [7_800, 'bank'],
  ]);
  expect(saved.status).toBe('paid');
});

test('the receipt behind "Kvittering" is a PDF with the shop, the number, the line and how it was paid', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
  scratch,
}) => {
  await changeSettings(api, { address: 'Perlegade 7\n8000 Aarhus C', cvr: '12345678' });
  const customer = await shop.customer(`Łucja Kvittering ${tag}`);
  const order = await shop.freeLine(customer.id, 'Ørering', 125);
  const billed = await shop.setStatus(order.id, 'invoiced');
  expect(billed.number).toMatch(new RegExp(`^${YEAR}-\\d{4,}$`));
  await api('POST', `/api/orders/${order.id}/payments`, {
    amountOre: 17_800,
    method: 'cash',
    paidOn: copenhagenDate(),
  });

  await signInAt(phone, server.url, `/customers/${customer.id}`);
  const ongoing = region(ui, 'Igangværende ordrer');
  await ongoing.role('button', { name: /Skal pakkes/ }).click();
  await ongoing.text('Betalt 178 kr').visible();
  const pdf = await fetchLink(ongoing.role('link', { name: 'Kvittering' }));
  expect(pdf.download).toBe(`kvittering-${billed.number}.pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  expect(pdf.disposition).toContain(`filename="kvittering-${billed.number}.pdf"`);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(scratch, 'kvittering.pdf');
  fs.writeFileSync(file, pdf.body);
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

test('a shipped order is credited one line: a credit note with its own number, and the order kept as it was', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const customer = await shop.customer(`Kirsten Kredit ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 200);
  const order = await shop.freeLine(customer.id, 'Gaveæske', 20);
  const billed = await shop.setStatus(order.id, 'packed');
  await shop.setStatus(order.id, 'shipped');

  await signInAt(phone, server.url, `/customers/${customer.id}`);
  const shipped = region(ui, 'Afsendte ordrer');
  await shipped.role('button', { name: /Afsendt/ }).click();
  await shipped.role('button', { name: 'Krediter' }).click();
  const dialog = ui.role('dialog', { name: `Krediter ordre ${billed.number}` });
  // Everything is ticked to begin with: 220 kr + 53 kr postage.
  await dialog.text('Kreditnota på 273 kr').visible();
  await dialog.role('checkbox', { name: 'Hele ordren', checked: true }).click();
  await dialog.text('Kreditnota på 0 kr').visible();
  await dialog.role('checkbox', { name: 'Gaveæske', checked: false }).click();
  await dialog.role('checkbox', { name: 'Gaveæske', checked: true }).visible();
  await dialog.role('checkbox', { name: 'Halskæde', checked: false }).visible();
  await dialog.role('checkbox', { name: 'Porto', checked: false }).visible();
  await dialog.text('Kreditnota på 20 kr').visible();
  await dialog.role('button', { name: 'Lav kreditnota' }).click();
  await dialog.hidden();
  const made = toast(ui, /^Kreditnota \d{4}-\d{4,} er lavet$/);
  await made.visible();
  const number = /Kreditnota (\S+) er lavet/.exec(await made.textContent())?.[1];

  const saved = await api<Order>('GET', `/api/orders/${order.id}`);
  expect(saved.status).toBe('shipped');
  expect(saved.creditNotes).toHaveLength(1);
  const note = saved.creditNotes[0]!;
  expect(note.number).toBe(number);
  expect(note.totalOre).toBe(2000);
  expect(Number(note.number.split('-')[1])).toBeGreaterThan(Number(billed.number?.split('-')[1]));
  await shipped.role('link', { name: new RegExp(`Kreditnota ${note.number}.*-20 kr`) }).visible();
});

test('Regnskab: the bogføringsfil behind "Hent bogføringsfil" adds up to the sums on the screen', async ({
  phone,
  server,
  api,
  tag,
  shop,
  ui,
}) => {
  const customer = await shop.customer(`Rigmor Regnskab ${tag}`);
  const order = await shop.freeLine(customer.id, 'Perlesæt', 300);
  await shop.setStatus(order.id, 'invoiced');
  const paidOn = copenhagenDate();
  await api('POST', `/api/orders/${order.id}/payments`, { amountOre: 5000, method: 'mobilepay', paidOn });
  // And a shipped order credited one line, so the file has a credit note's row even when this test runs alone.
  const other = await shop.customer(`Rasmus Retur ${tag}`);
  await shop.freeLine(other.id, 'Broche', 90);
  const returned = await shop.freeLine(other.id, 'Kæde', 40);
  await shop.setStatus(returned.id, 'packed');
  await shop.setStatus(returned.id, 'shipped');
  const chain = returned.normalLines.find((line) => line.text === 'Kæde');
  await api('POST', `/api/orders/${returned.id}/credit-notes`, {
    lineIds: [chain?.id],
    postage: false,
    method: 'bank',
    refundedOn: copenhagenDate(),
  });

  await signInAt(phone, server.url, `/books?year=${YEAR}`);
  await ui.role('heading', { level: 1, name: 'Regnskab' }).visible();
  await ui.role('button', { name: 'År' }).waitAttribute('aria-pressed', 'true');
  const sales = region(ui, 'Salg i perioden');
  const paid = region(ui, 'Betalt');
  await sales.text('I alt').visible();
  /** The amount the card shows beside its label (a <dt> and its <dd>), in øre. */
  const amountOf = async (card: Locator, label: string) => {
    const shown = await card.driver.executeScript(
      `const dt = [...arguments[0].querySelectorAll('dt')].find((dt) => dt.textContent.trim() === arguments[1]);
       return dt?.nextElementSibling?.textContent ?? null;`,
      await card.element(),
      label,
    );
    expect(shown, `${label} on the screen`).toEqual(expect.stringMatching(/kr$/));
    return oreOf(String(shown));
  };

  const link = ui.role('link', { name: 'Hent bogføringsfil' });
  await link.waitAttribute('aria-disabled', null);
  const file = await fetchLink(link);
  expect(file.status).toBe(200);
  expect(file.type).toContain('text/csv');
  expect(file.disposition).toContain(`bogfoering-${YEAR}.csv`);
  const csv = file.body.toString('utf8');
  expect(csv.startsWith('\uFEFFNummer;Type;Dato;Kunde;')).toBe(true);
  const [header = [], ...rows] = parseCsv(csv.slice(1));
  const column = (name: string) => {
    const index = header.indexOf(name);
    expect(index, `the column "${name}" in ${header.join(';')}`).toBeGreaterThanOrEqual(0);
    return rows.reduce((sum, row) => sum + oreOf(row[index] ?? ''), 0);
  };
  expect(rows.length).toBeGreaterThan(0);
  expect(column('I alt (kr)')).toBe(await amountOf(sales, 'I alt'));
  expect(column('Varer (kr)')).toBe(await amountOf(sales, 'Varer'));
  expect(column('Porto (kr)')).toBe(await amountOf(sales, 'Porto'));
  expect(column('Betalt (kr)')).toBe(await amountOf(paid, 'Betalt i alt'));
  // This test's bill is there with its payment, and the credit note with its minus.
  const cell = (row: string[] | undefined, name: string) => row?.[header.indexOf(name)];
  const rowOf = (kind: string, name: string) =>
    rows.find((row) => cell(row, 'Type') === kind && cell(row, 'Kunde') === name);
  const bill = rowOf('Regning', customer.name);
  expect(bill, `a bill for ${customer.name}`).toBeDefined();
  expect(['I alt (kr)', 'Betalt (kr)', 'Betalt med', 'Betalt den'].map((name) => cell(bill, name))).toEqual([
    '353',
    '50',
    'MobilePay',
    paidOn,
  ]);
  const credit = rowOf('Kreditnota', other.name);
  expect(credit, `a credit note for ${other.name}`).toBeDefined();
  expect(cell(credit, 'I alt (kr)')).toBe('-40');
});
