/**
 * Salg: the year's shipped orders per Copenhagen month and the top beads, aggregated in SQL on both
 * engines. A hand-computed fixture (frozen prices, offer pairs pooled across an order, a left-over single, free
 * lines, a sale instant from the change log, Copenhagen month and year boundaries, excluded statuses) and a
 * property test against domain/pricing.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_CUSTOMER_NAME } from '../../src/shared/domain/customer-name.ts';
import { copenhagenParts } from '../../src/shared/domain/dates.ts';
import { type OrderLineInput, priceOrder } from '../../src/shared/domain/pricing.ts';
import { OFFER_2_FOR_125 } from '../../src/shared/domain/sale-type.ts';
import { DEFAULT_POSTAGE } from '../../src/shared/domain/shop-settings.ts';
import { type SalesOverview, salesOverviewSchema } from '../../src/shared/schemas/api-sales.ts';
import { texts } from '../../src/shared/texts.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  type TestOrder,
} from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const POSTAGE = DEFAULT_POSTAGE.postageOre;

describe.each(dialects)('sales overview on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const sales = async (year: number | string): Promise<SalesOverview> => {
    const response = await t.request({ method: 'GET', url: `/api/sales?year=${year}` });
    expect(response.statusCode, response.body).toBe(200);
    return salesOverviewSchema.parse(response.json());
  };
  const shipped = (overrides: Partial<TestOrder>) => createOrder(t.db, { status: 'shipped', ...overrides });
  const setPostage = (orderId: string, postage: number | null) =>
    t.db.updateTable('orders').set({ postage_ore: postage }).where('id', '=', orderId).execute();
  const logStatus = (orderId: string, at: string, from: string, to: string) =>
    t.db
      .insertInto('order_history')
      .values({
        order_id: orderId,
        at,
        kind: 'status',
        from_value: from,
        to_value: to,
        shipment_id: null,
        undo_of: null,
      })
      .execute();
  const line = (
    orderId: string,
    beadId: string | null,
    priceOre: number | null,
    addedAt: string,
    more = {},
  ) =>
    createOrderLine(t.db, {
      orderId,
      beadId,
      priceOre,
      addedAt,
      saleType: null,
      text: beadId === null ? 'Gaveindpakning' : null,
      ...more,
    });

  it('sums a hand-computed year: months by Copenhagen time, frozen prices, offer pairs and top beads', async () => {
    // Current bead facts differ from the frozen ones on purpose.
    const a = await createBead(t.db, { name: 'Salg Rosenkvarts', priceOre: 7500, saleType: OFFER_2_FOR_125 });
    const b = await createBead(t.db, { name: 'Salg Ametyst', priceOre: 9900, saleType: OFFER_2_FOR_125 });
    const c = await createBead(t.db, { name: 'Salg Lavasten', priceOre: 5000 });
    const d = await createBead(t.db, { name: 'Salg Hæmatit', priceOre: 7500, saleType: OFFER_2_FOR_125 });
    const offer = { saleType: OFFER_2_FOR_125 };

    // 1) January, by its date (no change-log entry). Pair A+B 125 kr, A left over 75 kr, C frozen 40 kr (now
    //    50 kr), a free line 25 kr: 265 kr.
    const o1 = await shipped({ createdAt: '2025-01-10T10:00:00.000Z' });
    await line(o1.id, a.id, 7500, '2025-01-10T10:01:00.000Z', offer);
    await line(o1.id, b.id, 8000, '2025-01-10T10:02:00.000Z', offer);
    await line(o1.id, c.id, 4000, '2025-01-10T10:03:00.000Z');
    await line(o1.id, a.id, 7500, '2025-01-10T10:04:00.000Z', offer);
    await line(o1.id, null, 2500, '2025-01-10T10:05:00.000Z');

    // 2) Started in December 2024, shipped 1 February 00:30 Copenhagen (the newest entry into shipped; an older
    //    one and a later entry into another status do not count). D frozen without the offer at 95 kr, a pair of
    //    A 125 kr, C without a frozen price (old data) at today's 50 kr: 270 kr; postage 60 kr.
    const o2 = await shipped({ createdAt: '2024-12-20T09:00:00.000Z' });
    await setPostage(o2.id, 6000);
    await logStatus(o2.id, '2024-12-28T10:00:00.000Z', 'packed', 'shipped');
    await logStatus(o2.id, '2025-01-31T23:30:00.000Z', 'packed', 'shipped');
    await logStatus(o2.id, '2025-03-05T10:00:00.000Z', 'paid', 'packed');
    await line(o2.id, d.id, 9500, '2024-12-20T09:01:00.000Z');
    await line(o2.id, a.id, 7500, '2024-12-20T09:02:00.000Z', offer);
    await line(o2.id, a.id, 7500, '2024-12-20T09:03:00.000Z', offer);
    await line(o2.id, c.id, null, '2024-12-20T09:04:00.000Z');

    // 3) 31 January 23:59:59 Copenhagen: January. Three offer lines added at the same instant pair up by id:
    //    B(90)+A(70) = 125 kr, B(60) left over: 185 kr.
    const o3 = await shipped({ createdAt: '2025-01-31T22:59:59.999Z' });
    const same = '2025-01-31T22:00:00.000Z';
    const prefix = crypto.randomUUID();
    await line(o3.id, b.id, 6000, same, { ...offer, id: `${prefix}-c` });
    await line(o3.id, a.id, 7000, same, { ...offer, id: `${prefix}-b` });
    await line(o3.id, b.id, 9000, same, { ...offer, id: `${prefix}-a` });

    // 4) 1 March 00:00 Copenhagen: March. No frozen postage (old data): today's price. A free line of 10 kr.
    const o4 = await shipped({ createdAt: '2025-02-28T23:00:00.000Z' });
    await setPostage(o4.id, null);
    await line(o4.id, null, 1000, '2025-02-28T23:00:00.000Z');

    // 5) 1 January 2025 00:00 Copenhagen (still 2024 in UTC): January 2025. 5 kr.
    const o5 = await shipped({ createdAt: '2024-12-31T23:00:00.000Z' });
    await line(o5.id, null, 500, '2024-12-31T23:00:00.000Z');

    // Not in 2025: not shipped, 31 December 2024 23:59 Copenhagen, shipped in 2026, the hidden test customer.
    const open = await createOrder(t.db, { status: 'paid', createdAt: '2025-01-15T10:00:00.000Z' });
    await line(open.id, c.id, 4000, '2025-01-15T10:00:00.000Z');
    const late2024 = await shipped({ createdAt: '2024-12-31T22:59:00.000Z' });
    await line(late2024.id, c.id, 4000, '2024-12-31T22:59:00.000Z');
    const in2026 = await shipped({ createdAt: '2025-06-01T10:00:00.000Z' });
    await logStatus(in2026.id, '2026-01-02T10:00:00.000Z', 'packed', 'shipped');
    await line(in2026.id, c.id, 4000, '2025-06-01T10:00:00.000Z');
    const hidden = await createCustomer(t.db, { name: HIDDEN_CUSTOMER_NAME });
    const test = await shipped({ customerId: hidden.id, createdAt: '2025-01-20T10:00:00.000Z' });
    await line(test.id, c.id, 4000, '2025-01-20T10:00:00.000Z');

    const body = await sales(2025);
    expect(body.year).toBe(2025);
    expect(body.years).toEqual([2026, 2025, 2024]);
    const month = (n: number) => body.months[n - 1];
    expect(body.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(month(1)).toEqual({
      month: 1,
      orders: 3,
      goodsOre: 26500 + 18500 + 500,
      postageOre: 3 * POSTAGE,
      averageOre: Math.round(45500 / 3),
    });
    expect(month(2)).toEqual({ month: 2, orders: 1, goodsOre: 27000, postageOre: 6000, averageOre: 27000 });
    expect(month(3)).toEqual({ month: 3, orders: 1, goodsOre: 1000, postageOre: POSTAGE, averageOre: 1000 });
    for (const empty of [4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      expect(month(empty)).toEqual({ month: empty, orders: 0, goodsOre: 0, postageOre: 0, averageOre: 0 });
    }
    expect(body.totals).toEqual({
      orders: 5,
      goodsOre: 73500,
      postageOre: 4 * POSTAGE + 6000,
      averageOre: 14700,
    });

    // Units = lines; a pair's 125 kr split 62,50 + 62,50. A: 62,50 + 75 (o1) + 125 (o2) + 62,50 (o3) = 325 kr.
    // None of them is counted: no stock beside them (docs/product/stock.md).
    const beadA = { beadId: a.id, name: a.name, units: 5, revenueOre: 32500, stock: null };
    const beadB = { beadId: b.id, name: b.name, units: 3, revenueOre: 6250 + 6250 + 6000, stock: null };
    const beadC = { beadId: c.id, name: c.name, units: 2, revenueOre: 9000, stock: null };
    const beadD = { beadId: d.id, name: d.name, units: 1, revenueOre: 9500, stock: null };
    expect(body.topByUnits).toEqual([beadA, beadB, beadC, beadD]);
    expect(body.topByRevenue).toEqual([beadA, beadB, beadD, beadC]);

    // The other years are there too.
    expect((await sales(2024)).totals).toMatchObject({ orders: 1, goodsOre: 4000 });
    expect((await sales(2026)).totals).toMatchObject({ orders: 1, goodsOre: 4000 });
  });

  it('answers an empty year with twelve zero months and no beads', async () => {
    const body = await sales(2011);
    expect(body.months).toHaveLength(12);
    expect(body.totals).toEqual({ orders: 0, goodsOre: 0, postageOre: 0, averageOre: 0 });
    expect(body.topByUnits).toEqual([]);
    expect(body.topByRevenue).toEqual([]);
  });

  it('offers the years with sales by Copenhagen time: 31 December 23:30 UTC is the next year', async () => {
    const order = await shipped({ createdAt: '2015-12-31T23:30:00.000Z' });
    await line(order.id, null, 700, '2015-12-31T23:30:00.000Z');
    const body = await sales(2016);
    expect(body.years).toContain(2016);
    expect(body.years).not.toContain(2015);
    expect(body.months[0]).toMatchObject({ orders: 1, goodsOre: 700 });
  });

  it('keeps at most ten beads per list, ranked', async () => {
    const order = await shipped({ createdAt: '2012-05-05T10:00:00.000Z' });
    const beads = [];
    for (let i = 0; i < 12; i++) beads.push(await createBead(t.db, { name: `Top ${i}`, priceOre: 1000 }));
    for (const [i, bead] of beads.entries()) {
      // Bead i: i + 1 lines at (12 - i) kr: units rise with i, revenue per line falls.
      for (let n = 0; n <= i; n++)
        await line(order.id, bead.id, (12 - i) * 100, `2012-05-05T10:${String(n).padStart(2, '0')}:00.000Z`);
    }
    const body = await sales(2012);
    expect(body.topByUnits.map((b) => b.name)).toEqual(
      beads
        .slice(2)
        .reverse()
        .map((b) => b.name),
    );
    expect(body.topByUnits[0]).toMatchObject({ units: 12, revenueOre: 12 * 100 });
    // Revenue of bead i: (i + 1)(12 - i) × 100 øre, largest at i = 5 and 6 (4.200), then by units.
    const revenue = beads.map((bead, i) => ({
      name: bead.name,
      units: i + 1,
      revenueOre: (i + 1) * (12 - i) * 100,
    }));
    const expected = [...revenue]
      .sort((x, y) => y.revenueOre - x.revenueOre || y.units - x.units)
      .slice(0, 10)
      .map((b) => b.name);
    expect(body.topByRevenue.map((b) => b.name)).toEqual(expected);
  });

  it('answers conditionally: 304 while nothing changed, a new answer after a sale', async () => {
    const first = await t.request({ method: 'GET', url: '/api/sales?year=2013' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.request({
      method: 'GET',
      url: '/api/sales?year=2013',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const order = await shipped({ createdAt: '2013-03-03T10:00:00.000Z' });
    await line(order.id, null, 1234, '2013-03-03T10:00:00.000Z');
    const after = await t.request({
      method: 'GET',
      url: '/api/sales?year=2013',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(salesOverviewSchema.parse(after.json()).totals.goodsOre).toBe(1234);
  });

  it('defaults to the current year in Copenhagen', async () => {
    const response = await t.request({ method: 'GET', url: '/api/sales' });
    expect(response.statusCode).toBe(200);
    expect(response.json().year).toBe(copenhagenParts(new Date()).year);
  });

  it('refuses a bad year in Danish', async () => {
    for (const query of ['?year=abc', '?year=1999', '?year=2101', '?year=20255', '?year=', '?year=2025.5']) {
      for (const path of ['/api/sales', '/api/sales.csv']) {
        const response = await t.request({ method: 'GET', url: `${path}${query}` });
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json().message, query).toBe(texts.sales.badYear);
      }
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/sales?year=2025', '/api/sales.csv?year=2025']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Du er ikke logget ind');
    }
  });

  it('downloads the monthly table as CSV in the export format', async () => {
    const order = await shipped({ createdAt: '2014-02-10T10:00:00.000Z' });
    await line(order.id, null, 123450, '2014-02-10T10:00:00.000Z');
    await line(order.id, null, 1, '2014-02-10T10:01:00.000Z');
    const response = await t.request({ method: 'GET', url: '/api/sales.csv?year=2014' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="salg-2014.csv"');
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).split('\r\n');
    expect(rows[0]).toBe('Måned;Ordrer;Omsætning (varer) (kr);Porto (kr);Gns. køb (kr)');
    expect(rows[1]).toBe('Januar 2014;0;0;0;0');
    expect(rows[2]).toBe(`Februar 2014;1;1234,51;${POSTAGE / 100};1234,51`);
    expect(rows[12]).toBe('December 2014;0;0;0;0');
    expect(rows[13]).toBe(`I alt;1;1234,51;${POSTAGE / 100};1234,51`);
    expect(rows[14]).toBe('');
    expect(rows).toHaveLength(15);
  });

  it('matches domain/pricing.ts month by month for random orders (property)', async () => {
    const beads = [
      await createBead(t.db, { name: 'Egenskab tilbud', priceOre: 7500, saleType: OFFER_2_FOR_125 }),
      await createBead(t.db, { name: 'Egenskab almindelig', priceOre: 3000 }),
    ];
    const year = 2030;
    const yearStart = Date.parse('2029-12-31T23:00:00.000Z');
    const yearLength = Date.parse('2030-12-31T23:00:00.000Z') - yearStart;
    const lineArb = fc.record({
      // Mostly offer lines with their own prices, so pools of three or more (a left-over single) are common.
      bead: fc.constantFrom(-1, 0, 0, 1, 1),
      price: fc.oneof(
        fc.constant(null),
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: 0, max: 20000 }),
      ),
      offer: fc.constantFrom(true, true, false),
      // Few distinct instants, so ties (broken by id) happen.
      minute: fc.integer({ min: 0, max: 2 }),
    });
    const orderArb = fc.record({
      at: fc.integer({ min: -3_600_000, max: yearLength + 3_600_000 }),
      lines: fc.array(lineArb, { maxLength: 7 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 4 }), async (orders) => {
        const expected = Array.from({ length: 12 }, () => ({ orders: 0, goodsOre: 0 }));
        const created: string[] = [];
        for (const spec of orders) {
          const createdAt = new Date(yearStart + spec.at).toISOString();
          const order = await shipped({ createdAt });
          created.push(order.id);
          const inputs: OrderLineInput[] = [];
          for (const [i, l] of spec.lines.entries()) {
            const addedAt = new Date(yearStart + spec.at + l.minute * 60_000).toISOString();
            const id = `${order.id}-${String.fromCharCode(97 + ((i * 7) % 26))}${i}`;
            const bead = l.bead < 0 ? null : (beads[l.bead] as (typeof beads)[number]);
            const priceOre = bead === null ? (l.price ?? 0) : l.price;
            const saleType = bead !== null && l.price !== null && l.offer ? OFFER_2_FOR_125 : null;
            await line(order.id, bead?.id ?? null, priceOre, addedAt, { id, saleType });
            // As orders.mapping.ts resolves a shipped order's line.
            inputs.push({
              id,
              kind: bead === null ? 'free' : 'bead',
              beadId: bead?.id ?? null,
              text: '',
              unitPriceOre: priceOre ?? bead?.priceOre ?? 0,
              saleType: bead === null ? null : priceOre === null ? bead.saleType : saleType,
              addedAt,
            });
          }
          const parts = copenhagenParts(createdAt);
          if (parts.year !== year) continue;
          const m = expected[parts.month - 1] as { orders: number; goodsOre: number };
          m.orders += 1;
          m.goodsOre += priceOrder(inputs).totalOre;
        }
        try {
          const body = await sales(year);
          expect(body.months.map(({ orders: n, goodsOre }) => ({ orders: n, goodsOre }))).toEqual(expected);
        } finally {
          await t.db.deleteFrom('order_lines').where('order_id', 'in', created).execute();
          await t.db.deleteFrom('orders').where('id', 'in', created).execute();
        }
      }),
      { numRuns: 40 },
    );
  });
});
