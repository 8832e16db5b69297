/**
 * parcels: the orders that wait to be sent with their addresses, the labels as a PDF (read back with
 * poppler's pdftotext, positions included), the shipping CSV, and 'Markér som sendt' with its 'Fortryd', on both
 * engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_TEXT_MARGIN_MM, labelBox, labelSheet, textBox } from '../../src/shared/domain/label-sheets.ts';
import type { OrderHistory } from '../../src/shared/schemas/api-order-history.ts';
import type { ParcelList, Shipment, ShipmentUndone } from '../../src/shared/schemas/api-parcels.ts';
import { createCustomer, createOrder, type TestOrder } from '../support/factories.ts';
import { linesOf, mmBox, PT_PER_MM, readPdf, wordsIn } from '../support/pdf-text.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const SHEET = labelSheet('a4-3x7-70x42');

describe.each(dialects)('parcels on %s', (kind) => {
  let t: TestApp;
  let list: ParcelList;
  const orders: Record<string, TestOrder> = {};

  const get = (url: string) => t.request({ method: 'GET', url });
  const printable = () => list.parcels.filter((parcel) => parcel.addressState === 'ok');
  const labelsUrl = (ids: readonly string[], query = 'sheet=a4-3x7-70x42') =>
    `/api/parcels/labels.pdf?${query}&orders=${ids.join(',')}`;
  const statusOf = async (id: string) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
    const add = async (
      key: string,
      customer: Parameters<typeof createCustomer>[1],
      order: Partial<TestOrder> = {},
    ) => {
      const { id } = await createCustomer(t.db, customer);
      orders[key] = await createOrder(t.db, { customerId: id, status: 'packed', createdAt: at(0), ...order });
    };
    // 21 ordinary Danish addresses: 'Kunde 01' … 'Kunde 21'.
    for (let n = 1; n <= 21; n++) {
      const nn = String(n).padStart(2, '0');
      await add(`k${nn}`, {
        name: `Kunde ${nn}`,
        address: `Perlevej ${n}`,
        postcode: String(8000 + n),
        city: 'Aarhus',
      });
    }
    await add(
      'soren',
      {
        name: 'Søren Ørsted-Åberg',
        address: 'Æblegade 7, 2. tv',
        postcode: '8000',
        city: 'Aarhus C',
        email: 'soren@example.dk',
        phone: '+45 12 34 56 78',
      },
      { createdAt: at(5) },
    );
    await add('lucja', {
      name: 'Łucja Wąs',
      address: 'ul. Długa 5',
      address2: 'm. 12',
      postcode: '00-238',
      city: 'Warszawa',
      countryCode: 'PL',
      phone: '+48 601 234 567',
    });
    // Listed, never printed: no address, an old one to check, no customer at all.
    await add('missing', { name: 'Mangler Adresse' });
    await add('check', { name: 'Tjek Tjeksen', address: 'Perlevej 1, Aarhus', addressNeedsCheck: true });
    // No postage paid: picked up, still listed (the dialog leaves it unticked).
    await add(
      'pickup',
      { name: 'Afhenter Hansen', address: 'Vej 1', postcode: '4000', city: 'Roskilde' },
      {
        postageOre: 0,
      },
    );
    // Not in Skal sendes, or hidden: not listed.
    await add(
      'paid',
      { name: 'Betalt Bodil', address: 'Vej 2', postcode: '4000', city: 'Roskilde' },
      {
        status: 'paid',
      },
    );
    await add('hidden', { name: '{name}', address: 'Vej 3', postcode: '4000', city: 'Roskilde' });
    const response = await get('/api/parcels?status=packed');
    expect(response.statusCode).toBe(200);
    list = response.json() as ParcelList;
  });
  afterAll(() => t.close());

  it('lists the orders in Skal sendes by customer in Danish order, with label lines and what can be printed', () => {
    expect(list.status).toBe('packed');
    const names = list.parcels.map((parcel) => parcel.customerName);
    expect(names).toHaveLength(26);
    expect(names.slice(0, 3)).toEqual(['Afhenter Hansen', 'Kunde 01', 'Kunde 02']);
    expect(names).not.toContain('Betalt Bodil');
    expect(names).not.toContain('{name}');
    expect(names.indexOf('Łucja Wąs')).toBeGreaterThan(names.indexOf('Kunde 21'));
    expect(names.at(-1)).toBe('Tjek Tjeksen');
    const byName = new Map(list.parcels.map((parcel) => [parcel.customerName, parcel]));
    expect(byName.get('Søren Ørsted-Åberg')).toMatchObject({
      orderId: orders.soren!.id,
      reference: orders.soren!.id.replaceAll('-', '').slice(0, 8),
      addressState: 'ok',
      lines: ['Søren Ørsted-Åberg', 'Æblegade 7, 2. tv', '8000 Aarhus C'],
      postageOre: 5300,
    });
    expect(byName.get('Łucja Wąs')?.lines).toEqual([
      'Łucja Wąs',
      'ul. Długa 5',
      'm. 12',
      '00-238 Warszawa',
      'POLEN',
    ]);
    expect(byName.get('Mangler Adresse')).toMatchObject({
      addressState: 'missing',
      lines: ['Mangler Adresse'],
    });
    expect(byName.get('Tjek Tjeksen')).toMatchObject({
      addressState: 'check',
      lines: ['Tjek Tjeksen', 'Perlevej 1, Aarhus'],
    });
    expect(byName.get('Afhenter Hansen')).toMatchObject({ addressState: 'ok', postageOre: 0 });
  });

  it('refuses a status other than Skal pakkes or Skal sendes', async () => {
    const response = await get('/api/parcels?status=shipped');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: 'Ugyldig værdi' });
  });

  it('puts 23 labels on a 3 × 7 sheet after 2 used ones: 2 pages, the first address in the 3rd box', async () => {
    const ready = printable().filter((parcel) => parcel.postageOre > 0);
    expect(ready).toHaveLength(23);
    const response = await get(
      labelsUrl(
        ready.map((parcel) => parcel.orderId),
        'sheet=a4-3x7-70x42&skip=2',
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="adresselabels.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const pages = await readPdf(response.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(210 * PT_PER_MM, 1);
      expect(page.height).toBeCloseTo(297 * PT_PER_MM, 1);
    }
    const inBox = (page: number, index: number) =>
      linesOf(wordsIn(pages[page]!.words, mmBox(labelBox(SHEET, index)))).map((line) => line.text);
    expect(inBox(0, 0)).toEqual([]);
    expect(inBox(0, 1)).toEqual([]);
    expect(inBox(0, 2)).toEqual(ready[0]!.lines);
    expect(inBox(0, 20)).toEqual(ready[18]!.lines);
    expect(inBox(1, 0)).toEqual(ready[19]!.lines);
    expect(inBox(1, 3)).toEqual(ready[22]!.lines);
    expect(inBox(1, 4)).toEqual([]);
    // Every word of the PDF belongs to one label and keeps 4 mm from its edges.
    const placed = ready.map((_, n) => ({ page: Math.floor((n + 2) / 21), index: (n + 2) % 21 }));
    let words = 0;
    for (const { page, index } of placed) {
      const label = mmBox(labelBox(SHEET, index));
      const inside = wordsIn(pages[page]!.words, label);
      words += inside.length;
      const text = mmBox(textBox(labelBox(SHEET, index)));
      for (const word of inside) {
        expect(word.xMin).toBeGreaterThanOrEqual(text.xMin - 0.01);
        expect(word.xMax).toBeLessThanOrEqual(text.xMax + 0.01);
        expect(word.yMin).toBeGreaterThanOrEqual(text.yMin - 0.01);
        expect(word.yMax).toBeLessThanOrEqual(text.yMax + 0.01);
      }
      // The name (the first line) has at least the margin to each edge of its label.
      const name = linesOf(inside)[0]!.box;
      const margin = LABEL_TEXT_MARGIN_MM * PT_PER_MM - 0.01;
      expect(name.xMin - label.xMin).toBeGreaterThanOrEqual(margin);
      expect(label.xMax - name.xMax).toBeGreaterThanOrEqual(margin);
      expect(name.yMin - label.yMin).toBeGreaterThanOrEqual(margin);
      expect(label.yMax - name.yMax).toBeGreaterThanOrEqual(margin);
    }
    expect(words).toBe(pages.reduce((sum, page) => sum + page.words.length, 0));
  });

  it('writes Æ, Ø, Å and Polish letters exactly, and a foreign country in capitals', async () => {
    const ids = [orders.soren!.id, orders.lucja!.id];
    const pages = await readPdf((await get(labelsUrl(ids))).rawPayload);
    expect(pages).toHaveLength(1);
    const lines = [0, 1].map((index) =>
      linesOf(wordsIn(pages[0]!.words, mmBox(labelBox(SHEET, index)))).map((line) => line.text),
    );
    expect(lines).toEqual([
      ['Łucja Wąs', 'ul. Długa 5', 'm. 12', '00-238 Warszawa', 'POLEN'],
      ['Søren Ørsted-Åberg', 'Æblegade 7, 2. tv', '8000 Aarhus C'],
    ]);
  });

  it('leaves out orders without a usable address, and refuses when none is left', async () => {
    const ids = [orders.missing!.id, orders.check!.id, orders.k01!.id];
    const pages = await readPdf((await get(labelsUrl(ids))).rawPayload);
    expect(linesOf(pages[0]!.words).map((line) => line.text)).toEqual([
      'Kunde 01',
      'Perlevej 1',
      '8001 Aarhus',
    ]);
    const none = await get(labelsUrl([orders.missing!.id, orders.check!.id]));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      code: 'NO_LABELS',
      message: 'Ingen af de valgte ordrer har en adresse, der kan bruges',
    });
  });

  it('moves everything by the offset, and puts one Brother label on each 62 × 100 mm page', async () => {
    const first = async (query: string) =>
      (await readPdf((await get(labelsUrl([orders.k01!.id], query))).rawPayload))[0]!.words[0]!;
    const plain = await first('sheet=a4-3x7-70x42');
    const moved = await first('sheet=a4-3x7-70x42&right=2&down=-1.5');
    expect(moved.xMin - plain.xMin).toBeCloseTo(2 * PT_PER_MM, 2);
    expect(moved.yMin - plain.yMin).toBeCloseTo(-1.5 * PT_PER_MM, 2);
    const brother = await readPdf(
      (await get(labelsUrl([orders.k01!.id, orders.k02!.id, orders.soren!.id], 'sheet=brother-62x100')))
        .rawPayload,
    );
    expect(brother).toHaveLength(3);
    expect(brother[0]!.width).toBeCloseTo(62 * PT_PER_MM, 1);
    expect(brother[0]!.height).toBeCloseTo(100 * PT_PER_MM, 1);
    expect(linesOf(brother[2]!.words).map((line) => line.text)).toEqual([
      'Søren Ørsted-Åberg',
      'Æblegade 7, 2. tv',
      '8000 Aarhus C',
    ]);
  });

  it.each([
    ['sheet=a4-3x7-70x42&skip=21', 'Spring over skal være et helt tal fra 0 til 20'],
    ['sheet=brother-62x100&skip=1', 'Spring over skal være et helt tal fra 0 til 0'],
    ['sheet=a4-3x7-70x42&right=10.5', 'Skriv et tal fra -10 til 10 mm'],
    ['sheet=a4-3x7-70x42&down=op', 'Skriv et tal fra -10 til 10 mm'],
    ['sheet=a5', 'Ugyldig værdi'],
  ])('refuses %s in Danish', async (query, message) => {
    const response = await get(labelsUrl([orders.k01!.id], query));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
  });

  it('refuses a download without orders, and with too many', async () => {
    expect((await get('/api/parcels/labels.pdf?sheet=a4-3x7-70x42&orders=')).json()).toMatchObject({
      message: 'Vælg mindst én ordre med adresse',
    });
    const many = Array.from({ length: 201 }, (_, n) => `o${n}`);
    expect((await get(labelsUrl(many))).statusCode).toBe(400);
  });

  it('draws a test sheet: every label numbered in its box, the first one saying what it is', async () => {
    const response = await get('/api/parcels/test-sheet.pdf?sheet=a4-3x7-70x42&right=1&down=0');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="proveark.pdf"');
    const [page] = await readPdf(response.rawPayload);
    for (let index = 0; index < 21; index++) {
      const lines = linesOf(wordsIn(page!.words, mmBox(labelBox(SHEET, index, { rightMm: 1, downMm: 0 }))));
      expect(lines[0]?.text).toBe(String(index + 1));
    }
    expect(
      linesOf(wordsIn(page!.words, mmBox(labelBox(SHEET, 0, { rightMm: 1, downMm: 0 })))).map((l) => l.text),
    ).toEqual(['1', 'Prøveark', '3 × 7 · 70 × 42,3 mm', 'Flyttet 1 mm til højre, 0 mm ned']);
  });

  it('writes the shipping CSV: UTF-8 with BOM, ";", the services’ header, one row per order', async () => {
    const ids = [orders.soren!.id, orders.lucja!.id, orders.missing!.id, orders.k03!.id];
    const response = await get(`/api/parcels/shipping.csv?orders=${ids.join(',')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="forsendelser.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    const ref = (key: string) => orders[key]!.id.replaceAll('-', '').slice(0, 8);
    expect(rows).toEqual([
      'name;attention;address1;address2;zipcode;city;country_code;email;mobile;reference',
      `Kunde 03;;Perlevej 3;;8003;Aarhus;DK;;;${ref('k03')}`,
      `Łucja Wąs;;ul. Długa 5;m. 12;00-238;Warszawa;PL;;+48601234567;${ref('lucja')}`,
      `Søren Ørsted-Åberg;;Æblegade 7, 2. tv;;8000;Aarhus C;DK;soren@example.dk;12345678;${ref('soren')}`,
      '',
    ]);
  });

  describe('Markér som sendt and Fortryd', () => {
    const ship = (orderIds: string[], key = crypto.randomUUID()) =>
      t.request({
        method: 'POST',
        url: '/api/parcels/ship',
        headers: { 'idempotency-key': key },
        payload: { orderIds },
      });
    const undo = (id: string) => t.request({ method: 'POST', url: `/api/parcels/shipments/${id}/undo` });

    it('moves the ticked orders to Afsendt in one step, recorded in each order’s history', async () => {
      const ids = [orders.k10!.id, orders.k11!.id, orders.paid!.id];
      const key = crypto.randomUUID();
      const response = await ship(ids, key);
      expect(response.statusCode).toBe(200);
      const shipment = response.json() as Shipment;
      expect(shipment.orders).toEqual(
        expect.arrayContaining([
          { orderId: orders.k10!.id, from: 'packed' },
          { orderId: orders.k11!.id, from: 'packed' },
          { orderId: orders.paid!.id, from: 'paid' },
        ]),
      );
      for (const id of ids) expect(await statusOf(id)).toBe('shipped');
      const history = (await get(`/api/orders/${orders.paid!.id}/history`)).json() as OrderHistory;
      expect(history.entries.at(-1)).toMatchObject({ kind: 'status', from: 'paid', to: 'shipped' });
      // The same tap again (a lost answer): the first answer, nothing more.
      const again = await ship(ids, key);
      expect(again.json()).toEqual(shipment);
      // They are gone from Skal sendes, and shown as shipped this month.
      const packed = (await get('/api/parcels?status=packed')).json() as ParcelList;
      expect(packed.parcels.map((parcel) => parcel.orderId)).not.toContain(orders.k10!.id);
      const from = new Date(Date.now() - 86_400_000).toISOString();
      const until = new Date(Date.now() + 86_400_000).toISOString();
      const shipped = (await get(`/api/orders/shipped?from=${from}&until=${until}`)).json() as Array<{
        id: string;
      }>;
      expect(shipped.map((order) => order.id)).toEqual(expect.arrayContaining(ids));

      // Fortryd: each back to what it was, recorded too; a second Fortryd restores nothing.
      const undone = await undo(shipment.shipmentId);
      expect(undone.statusCode).toBe(200);
      expect((undone.json() as ShipmentUndone).restored).toEqual(
        expect.arrayContaining([
          { orderId: orders.k10!.id, status: 'packed' },
          { orderId: orders.k11!.id, status: 'packed' },
          { orderId: orders.paid!.id, status: 'paid' },
        ]),
      );
      expect(await statusOf(orders.k10!.id)).toBe('packed');
      expect(await statusOf(orders.paid!.id)).toBe('paid');
      const after = (await get(`/api/orders/${orders.paid!.id}/history`)).json() as OrderHistory;
      expect(after.entries.slice(-2)).toMatchObject([
        { kind: 'status', from: 'paid', to: 'shipped' },
        { kind: 'status', from: 'shipped', to: 'paid' },
      ]);
      // The same Fortryd again (a lost answer): the same answer, nothing more changed or recorded.
      const seq = async () => (await t.db.selectFrom('change_log').select('seq').execute()).length;
      const before = await seq();
      expect((await undo(shipment.shipmentId)).json()).toEqual(undone.json());
      expect(await seq()).toBe(before);
    });

    it('is all or nothing: an order not ready to send refuses the whole step', async () => {
      const active = await createOrder(t.db, { status: 'active' });
      const response = await ship([orders.k12!.id, active.id]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_NOT_READY_TO_SHIP' });
      expect(await statusOf(orders.k12!.id)).toBe('packed');
      expect((await ship([orders.k12!.id, 'findes-ikke'])).statusCode).toBe(404);
      expect(await statusOf(orders.k12!.id)).toBe('packed');
      expect((await ship([])).json()).toMatchObject({ message: 'Vælg mindst én ordre med adresse' });
    });

    it('leaves an order changed since alone, and refuses an undo after 15 minutes', async () => {
      const shipment = (await ship([orders.k13!.id, orders.k14!.id])).json() as Shipment;
      // The other device moves one back by hand first (the status route: shipped is read-only, so directly).
      await t.db.updateTable('orders').set({ status: 'packed' }).where('id', '=', orders.k14!.id).execute();
      const undone = (await undo(shipment.shipmentId)).json() as ShipmentUndone;
      expect(undone).toEqual({
        restored: [{ orderId: orders.k13!.id, status: 'packed' }],
        kept: [orders.k14!.id],
      });

      const late = (await ship([orders.k15!.id])).json() as Shipment;
      const past = new Date(Date.now() - 16 * 60_000).toISOString();
      await t.db
        .updateTable('order_history')
        .set({ at: past })
        .where('shipment_id', '=', late.shipmentId)
        .execute();
      const refused = await undo(late.shipmentId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'SHIPMENT_UNDO_EXPIRED',
        message: 'Afsendelsen kan ikke længere fortrydes',
      });
      expect(await statusOf(orders.k15!.id)).toBe('shipped');
      // A pattern instead of an id finds nothing.
      expect((await undo('%25')).statusCode).toBe(409);
      expect((await undo('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz')).statusCode).toBe(409);
    });
  });
});
