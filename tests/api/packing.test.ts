/**
 * Pakning: the orders in Skal pakkes page by page (oldest first, priced as everywhere, with contact
 * details and ticks), the pick list summed in SQL over all of them, and the tick per line (kept on the
 * server, only while the order is in Skal pakkes, recorded in the change log), on both engines.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import type { LinePacked, PackingPage, PickList } from '../../src/shared/schemas/api-packing.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  type TestBead,
  type TestOrder,
} from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, dialects } from '../support/test-db.ts';

const OFFER = '2 for 125';

describe.each(dialects)('packing on %s', (kind) => {
  let t: TestApp;
  let agat: TestBead;
  let bog: TestBead;
  let orn: TestBead;
  let first: TestOrder;
  let second: TestOrder;
  const lines: Record<string, string> = {};

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const tick = (orderId: string, lineId: string, body: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/orders/${orderId}/lines/${lineId}/packed`,
      payload: body as object,
    });
  const pickList = async () => {
    const response = await t.request({ method: 'GET', url: '/api/packing/pick-list' });
    expect(response.statusCode).toBe(200);
    return response.json() as PickList;
  };
  const allPages = async (limit: number) => {
    const pages: PackingPage[] = [];
    let after: string | null = null;
    do {
      const query: string = after === null ? `?limit=${limit}` : `?limit=${limit}&after=${after}`;
      const response = await t.request({ method: 'GET', url: `/api/packing/orders${query}` });
      expect(response.statusCode).toBe(200);
      const page = response.json() as PackingPage;
      pages.push(page);
      after = page.nextCursor;
    } while (after !== null);
    return pages;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    agat = await createBead(t.db, { name: 'Agat', priceOre: 3000 });
    bog = await createBead(t.db, { name: 'Bøg', priceOre: 7500, saleType: OFFER });
    orn = await createBead(t.db, { name: 'Ørn', priceOre: 7500, saleType: OFFER });
    const ase = await createCustomer(t.db, {
      name: 'Åse Ågård',
      phone: '12 34 56 78',
      email: 'aase@example.dk',
      address: 'Perlevej 1',
      postcode: '8000',
      city: 'Aarhus C',
    });
    const bent = await createCustomer(t.db, { name: 'Bent Bager' });
    // Åse: Agat, the pair Ørn + Bøg (125 kr), a free line. Oldest of the two.
    first = await createOrder(t.db, { customerId: ase.id, status: 'paid', createdAt: at(60) });
    lines.aseAgat = (await createOrderLine(t.db, { orderId: first.id, beadId: agat.id, addedAt: at(59) })).id;
    lines.aseOrn = (await createOrderLine(t.db, { orderId: first.id, beadId: orn.id, addedAt: at(58) })).id;
    lines.aseBog = (await createOrderLine(t.db, { orderId: first.id, beadId: bog.id, addedAt: at(57) })).id;
    lines.aseBox = (
      await createOrderLine(t.db, { orderId: first.id, text: 'Gaveæske', priceOre: 2000, addedAt: at(56) })
    ).id;
    // Bent: Agat twice, a lone Ørn, the same free line, with home delivery.
    second = await createOrder(t.db, {
      customerId: bent.id,
      status: 'paid',
      homeDelivery: true,
      createdAt: at(30),
    });
    for (const minutes of [29, 28]) {
      await createOrderLine(t.db, { orderId: second.id, beadId: agat.id, addedAt: at(minutes) });
    }
    await createOrderLine(t.db, { orderId: second.id, beadId: orn.id, addedAt: at(27) });
    await createOrderLine(t.db, { orderId: second.id, text: 'Gaveæske', priceOre: 2000, addedAt: at(26) });
    // Not to pack: awaiting payment, already packed, active, and a hidden test customer's paid order.
    for (const status of ['invoiced', 'packed', 'active'] as const) {
      const other = await createOrder(t.db, { status, createdAt: at(90) });
      for (let i = 0; i < 5; i++) await createOrderLine(t.db, { orderId: other.id, beadId: agat.id });
      await createOrderLine(t.db, { orderId: other.id, text: 'Gaveæske', priceOre: 2000 });
    }
    const hidden = await createCustomer(t.db, { name: '{name}' });
    const hiddenOrder = await createOrder(t.db, { customerId: hidden.id, status: 'paid' });
    await createOrderLine(t.db, { orderId: hiddenOrder.id, beadId: agat.id });
  });
  afterAll(() => t.close());

  it('sums the beads of every order in Skal pakkes per bead, with who waits, by Danish name', async () => {
    const list = await pickList();
    expect(list.orderCount).toBe(2);
    expect(list.beads).toEqual([
      {
        beadId: agat.id,
        name: 'Agat',
        units: 3,
        customers: [
          { customerId: second.customerId, customerName: 'Bent Bager', units: 2 },
          { customerId: first.customerId, customerName: 'Åse Ågård', units: 1 },
        ],
      },
      {
        beadId: bog.id,
        name: 'Bøg',
        units: 1,
        customers: [{ customerId: first.customerId, customerName: 'Åse Ågård', units: 1 }],
      },
      {
        beadId: orn.id,
        name: 'Ørn',
        units: 2,
        customers: [
          { customerId: second.customerId, customerName: 'Bent Bager', units: 1 },
          { customerId: first.customerId, customerName: 'Åse Ågård', units: 1 },
        ],
      },
    ]);
    expect(list.freeLines).toEqual([
      {
        beadId: null,
        name: 'Gaveæske',
        units: 2,
        customers: [
          { customerId: second.customerId, customerName: 'Bent Bager', units: 1 },
          { customerId: first.customerId, customerName: 'Åse Ågård', units: 1 },
        ],
      },
    ]);
  });

  it('lists the orders to pack oldest first, priced as everywhere, with contact details', async () => {
    const response = await t.request({ method: 'GET', url: '/api/packing/orders' });
    expect(response.statusCode).toBe(200);
    const page = response.json() as PackingPage;
    expect(page.total).toBe(2);
    expect(page.nextCursor).toBeNull();
    expect(page.orders.map((order) => order.id)).toEqual([first.id, second.id]);
    const [ase, bent] = page.orders;
    expect(ase).toMatchObject({
      customerName: 'Åse Ågård',
      status: 'paid',
      homeDelivery: false,
      phone: '12 34 56 78',
      email: 'aase@example.dk',
      address: 'Perlevej 1\n8000 Aarhus C',
      packedLineIds: [],
      // Agat 30 + the pair 125 + Gaveæske 20 = 175 kr, postage 53 kr.
      totals: { totalOre: 17500, shippingOre: 5300, discountOre: 0, totalWithShippingOre: 22800 },
    });
    expect(ase!.offerGroups.map((group) => group.lines.map((line) => line.text))).toEqual([['Ørn', 'Bøg']]);
    expect(ase!.normalLines.map((line) => line.text)).toEqual(['Agat', 'Gaveæske']);
    expect(bent).toMatchObject({ homeDelivery: true, phone: null, email: null, address: null });
    // Agat 2 × 30 + the lone Ørn 75 + 20 = 155 kr, home delivery 73 kr.
    expect(bent!.totals).toEqual({
      totalOre: 15500,
      shippingOre: 7300,
      discountOre: 0,
      totalWithShippingOre: 22800,
    });
    expect(bent!.offerGroups).toEqual([expect.objectContaining({ missingPartner: true })]);
  });

  it('ticks and unticks a line on the server, idempotently, and records each change', async () => {
    const changeCount = async () =>
      (await t.db.selectFrom('change_log').select('seq').where('action', '=', 'line_packed').execute())
        .length;
    const before = await changeCount();
    const ticked = await tick(first.id, lines.aseOrn!, { packed: true });
    expect(ticked.statusCode).toBe(200);
    const body = ticked.json() as LinePacked;
    expect(body).toMatchObject({ orderId: first.id, lineId: lines.aseOrn, packed: true });
    expect(Date.parse(body.packedAt!)).not.toBeNaN();
    // A repeat keeps the first time and records nothing more.
    const again = await tick(first.id, lines.aseOrn!, { packed: true });
    expect(again.json()).toEqual(body);
    expect(await changeCount()).toBe(before + 1);
    const entry = await t.db
      .selectFrom('change_log')
      .selectAll()
      .where('action', '=', 'line_packed')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'order', entity_id: first.id });
    expect(JSON.parse(entry.data!)).toEqual({ lineId: lines.aseOrn, packed: true });

    await tick(first.id, lines.aseBox!, { packed: true });
    let page = (await t.request({ method: 'GET', url: '/api/packing/orders' })).json() as PackingPage;
    expect(new Set(page.orders[0]!.packedLineIds)).toEqual(new Set([lines.aseOrn, lines.aseBox]));

    const unticked = await tick(first.id, lines.aseOrn!, { packed: false });
    expect(unticked.json()).toMatchObject({ packed: false, packedAt: null });
    page = (await t.request({ method: 'GET', url: '/api/packing/orders' })).json() as PackingPage;
    expect(page.orders[0]!.packedLineIds).toEqual([lines.aseBox]);
    expect(await changeCount()).toBe(before + 3);
    // Ticks do not change what is to be picked.
    expect((await pickList()).beads.map((bead) => bead.units)).toEqual([3, 1, 2]);
  });

  it('refuses a tick in Danish (409, nothing written) when the order is not in Skal pakkes', async () => {
    const waiting = await createOrder(t.db, { status: 'invoiced' });
    const line = await createOrderLine(t.db, { orderId: waiting.id, beadId: agat.id });
    const refused = await tick(waiting.id, line.id, { packed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ORDER_NOT_TO_PACK',
      message: 'Fejl: Der kan kun sættes flueben, mens ordren skal pakkes',
    });
    const row = await t.db
      .selectFrom('order_lines')
      .select('packed_at')
      .where('id', '=', line.id)
      .executeTakeFirstOrThrow();
    expect(row.packed_at).toBeNull();

    // "Pakket": the order moves on to Skal sendes through the status route and leaves the packing screen; its
    // ticks stay, and a tick is refused now.
    const packed = await t.request({
      method: 'PATCH',
      url: `/api/orders/${first.id}`,
      payload: { status: 'packed' },
    });
    expect(packed.statusCode).toBe(200);
    expect((await tick(first.id, lines.aseAgat!, { packed: true })).statusCode).toBe(409);
    const page = (await t.request({ method: 'GET', url: '/api/packing/orders' })).json() as PackingPage;
    expect(page.orders.map((order) => order.id)).toEqual([second.id]);
    expect((await pickList()).orderCount).toBe(1);
    // Back to Skal pakkes: the ticks made before are still there.
    await t.request({ method: 'PATCH', url: `/api/orders/${first.id}`, payload: { status: 'paid' } });
    const back = (await t.request({ method: 'GET', url: '/api/packing/orders' })).json() as PackingPage;
    expect(back.orders.find((order) => order.id === first.id)?.packedLineIds).toEqual([lines.aseBox]);
  });

  it('answers unknown ids with a Danish 404 and a bad body or cursor with a Danish 400', async () => {
    const unknownOrder = await tick('no-such-order', lines.aseAgat!, { packed: true });
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'Ordren findes ikke' });
    const unknownLine = await tick(first.id, 'no-such-line', { packed: true });
    expect(unknownLine.statusCode).toBe(404);
    expect(unknownLine.json()).toMatchObject({ code: 'ORDER_LINE_NOT_FOUND', message: 'Linjen findes ikke' });
    // A line of another order is not this order's line.
    const otherLine = await tick(second.id, lines.aseAgat!, { packed: true });
    expect(otherLine.statusCode).toBe(404);

    for (const body of [{ packed: 'ja' }, {}, { packed: null }]) {
      const bad = await tick(first.id, lines.aseAgat!, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message, JSON.stringify(body)).toBe('Vælg ja eller nej');
    }
    const badCursor = await t.request({ method: 'GET', url: '/api/packing/orders?after=not-a-cursor' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({
      code: 'BAD_CURSOR',
      message: 'Fejl: Listen kan ikke fortsættes herfra. Genindlæs siden.',
    });
    const badLimit = await t.request({ method: 'GET', url: '/api/packing/orders?limit=0' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toMatch(/^[A-ZÆØÅ]/);
    expect(badLimit.json().message).not.toMatch(/expected|invalid/i);
  });

  it('pages every order to pack once, oldest first, however the page size', async () => {
    const created: TestOrder[] = [];
    // Two with the same creation time: the id breaks the tie.
    const same = at(20);
    for (const createdAt of [at(25), same, same, at(10), at(5)]) {
      created.push(await createOrder(t.db, { status: 'paid', createdAt }));
    }
    const expected = (await t.request({ method: 'GET', url: '/api/packing/orders?limit=100' })).json()
      .orders as PackingPage['orders'];
    expect(expected).toHaveLength(7);
    const times = expected.map((order) => order.createdAt);
    expect([...times].sort()).toEqual(times);
    for (const limit of [1, 2, 3]) {
      const pages = await allPages(limit);
      expect(pages.every((page) => page.total === 7)).toBe(true);
      expect(pages.flatMap((page) => page.orders.map((order) => order.id))).toEqual(
        expected.map((order) => order.id),
      );
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    expect(created.every((order) => expected.some((shown) => shown.id === order.id))).toBe(true);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/packing/orders'],
      ['GET', '/api/packing/pick-list'],
      ['PUT', `/api/orders/${second.id}/lines/x/packed`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? { packed: true } : undefined,
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message, url).toMatch(/^[A-ZÆØÅ]/);
    }
  });
});

describe.each(dialects)('migration 0007 on %s', (kind) => {
  it('refuses a tick that is not a time, and goes down (lines kept) and up again', async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      const order = await createOrder(db, { status: 'paid' });
      const line = await createOrderLine(db, { orderId: order.id });
      const setTick = (value: string) =>
        db.updateTable('order_lines').set({ packed_at: value }).where('id', '=', line.id).execute();
      await expect(setTick('')).rejects.toThrow(/check constraint|order_lines/i);
      await expect(setTick('x'.repeat(41))).rejects.toThrow(/check constraint|order_lines/i);
      await setTick(new Date().toISOString());

      await migrateTo(db as Kysely<unknown>, '0006-customer-contact');
      const row = (await db
        .selectFrom('order_lines')
        .selectAll()
        .where('id', '=', line.id)
        .executeTakeFirst()) as Record<string, unknown> | undefined;
      expect(row).toBeDefined();
      expect(Object.keys(row!)).not.toContain('packed_at');
      await migrateToLatest(db as Kysely<unknown>);
      expect(
        await db.selectFrom('order_lines').select('packed_at').where('id', '=', line.id).executeTakeFirst(),
      ).toEqual({ packed_at: null });
    } finally {
      await database.drop();
    }
  });
});
