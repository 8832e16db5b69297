import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { createBead, createCustomer, createOrder, createOrderLine } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const allLines = (order: Order) => [...order.offerGroups.flatMap((g) => g.lines), ...order.normalLines];

describe.each(dialects)('orders API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const activeOrdersOf = (customerId: string) =>
    t.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('status', '=', 'active')
      .execute();
  const patchOrder = (id: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/orders/${id}`, payload });

  describe('the active order', () => {
    it('is created once (201) and then found (200)', async () => {
      const customer = await createCustomer(t.db);
      const first = await t.request({ method: 'POST', url: `/api/customers/${customer.id}/active-order` });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ customerId: customer.id, status: 'active', homeDelivery: false });
      const second = await t.request({ method: 'POST', url: `/api/customers/${customer.id}/active-order` });
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
    });

    it('is exactly one after 50 parallel get-or-create calls', async () => {
      const customer = await createCustomer(t.db);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.request({ method: 'POST', url: `/api/customers/${customer.id}/active-order` }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(49);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      expect(await activeOrdersOf(customer.id)).toHaveLength(1);
    });

    it('is exactly one after 50 parallel line additions for a customer without one', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.request({
            method: 'POST',
            url: `/api/customers/${customer.id}/lines`,
            payload: { kind: 'bead', beadId: bead.id },
          }),
        ),
      );
      expect(responses.every((r) => r.statusCode === 201)).toBe(true);
      const active = await activeOrdersOf(customer.id);
      expect(active).toHaveLength(1);
      const lines = await t.db
        .selectFrom('order_lines')
        .select('id')
        .where('order_id', '=', active[0]!.id)
        .execute();
      expect(lines).toHaveLength(50);
    });

    it('answers 404 for an unknown customer', async () => {
      const response = await t.request({ method: 'POST', url: '/api/customers/findes-ikke/active-order' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('CUSTOMER_NOT_FOUND');
    });
  });

  describe('lines', () => {
    it('adds bead and free lines, prices them with 2-for-125 pooling and shipping', async () => {
      const customer = await createCustomer(t.db);
      const offerA = await createBead(t.db, { priceOre: 7500, saleType: '2 for 125' });
      const offerB = await createBead(t.db, { priceOre: 8000, saleType: '2 for 125' });
      const plain = await createBead(t.db, { priceOre: 4500 });
      const add = (payload: object) =>
        t.request({ method: 'POST', url: `/api/customers/${customer.id}/lines`, payload });
      await add({ kind: 'bead', beadId: offerA.id });
      await add({ kind: 'bead', beadId: plain.id });
      await add({ kind: 'bead', beadId: offerB.id });
      await add({ kind: 'bead', beadId: offerA.id });
      const response = await add({ kind: 'free', text: ' Gaveindpakning ', priceOre: 2500 });
      expect(response.statusCode).toBe(201);
      const order = response.json() as Order;
      expect(order.offerGroups.map((g) => [g.lines.map((l) => l.priceOre), g.missingPartner])).toEqual([
        [[12500, null], false],
        [[7500], true],
      ]);
      expect(order.normalLines.map((l) => [l.kind, l.text, l.priceOre])).toEqual([
        ['bead', plain.name, 4500],
        ['free', 'Gaveindpakning', 2500],
      ]);
      expect(order.totals).toEqual({
        totalOre: 27000,
        shippingOre: 5300,
        discountOre: 0,
        totalWithShippingOre: 32300,
      });
    });

    it('validates a line in Danish and writes nothing', async () => {
      const customer = await createCustomer(t.db);
      const cases: Array<[object, string]> = [
        [{ kind: 'free', text: '  ', priceOre: 100 }, 'Tekst er påkrævet'],
        [{ kind: 'free', text: 'Snor' }, 'Pris er påkrævet'],
        [{ kind: 'bead', beadId: '' }, 'Vælg en perle'],
      ];
      for (const [payload, message] of cases) {
        const response = await t.request({
          method: 'POST',
          url: `/api/customers/${customer.id}/lines`,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
      }
      const unknownBead = await t.request({
        method: 'POST',
        url: `/api/customers/${customer.id}/lines`,
        payload: { kind: 'bead', beadId: 'findes-ikke' },
      });
      expect(unknownBead.statusCode).toBe(404);
      expect(
        await t.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute(),
      ).toEqual([]);
    });

    it('deletes a line of an active order only; 409 on other orders, 404 for unknown lines', async () => {
      const active = await createOrder(t.db);
      const line = await createOrderLine(t.db, { orderId: active.id });
      const keep = await createOrderLine(t.db, { orderId: active.id, text: 'Bliver', priceOre: 500 });
      const deleted = await t.request({ method: 'DELETE', url: `/api/order-lines/${line.id}` });
      expect(deleted.statusCode).toBe(200);
      expect(allLines(deleted.json()).map((l) => l.id)).toEqual([keep.id]);

      for (const status of ['invoiced', 'shipped'] as const) {
        const order = await createOrder(t.db, { status });
        const other = await createOrderLine(t.db, { orderId: order.id });
        const refused = await t.request({ method: 'DELETE', url: `/api/order-lines/${other.id}` });
        expect(refused.statusCode, status).toBe(409);
        expect(refused.json()).toEqual({
          message: 'Fejl: Linjer kan kun ændres på en aktiv ordre',
          code: 'ORDER_NOT_ACTIVE',
        });
        expect(
          await t.db.selectFrom('order_lines').select('id').where('id', '=', other.id).execute(),
        ).toHaveLength(1);
      }
      const unknown = await t.request({ method: 'DELETE', url: `/api/order-lines/${line.id}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('ORDER_LINE_NOT_FOUND');
    });
  });

  describe('status and home delivery', () => {
    it('changes status and home delivery', async () => {
      const order = await createOrder(t.db);
      const response = await patchOrder(order.id, { status: 'invoiced', homeDelivery: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'invoiced',
        homeDelivery: true,
        totals: { shippingOre: 7300 },
      });
    });

    it('refuses every change of a shipped order with 409', async () => {
      const order = await createOrder(t.db, { status: 'shipped' });
      for (const payload of [{ status: 'active' }, { status: 'paid' }, { homeDelivery: true }, {}]) {
        const response = await patchOrder(order.id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(409);
        expect(response.json()).toEqual({
          message: 'Fejl: Ordren er afsendt og kan ikke ændres',
          code: 'ORDER_SHIPPED',
        });
      }
      const row = await t.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect([row.status, Boolean(row.home_delivery)]).toEqual(['shipped', false]);
    });

    it('refuses a second active order for a customer with 409', async () => {
      const customer = await createCustomer(t.db);
      await createOrder(t.db, { customerId: customer.id, status: 'active' });
      const other = await createOrder(t.db, { customerId: customer.id, status: 'paid' });
      const response = await patchOrder(other.id, { status: 'active' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Fejl: Der er allerede en aktiv ordre',
        code: 'ACTIVE_ORDER_EXISTS',
      });
      expect(await activeOrdersOf(customer.id)).toHaveLength(1);
    });

    it('lets only one of two orders become active when both try at once', async () => {
      const customer = await createCustomer(t.db);
      const a = await createOrder(t.db, { customerId: customer.id, status: 'paid' });
      const b = await createOrder(t.db, { customerId: customer.id, status: 'packed' });
      const responses = await Promise.all([
        patchOrder(a.id, { status: 'active' }),
        patchOrder(b.id, { status: 'active' }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await activeOrdersOf(customer.id)).toHaveLength(1);
    });

    it('validates the status in Danish', async () => {
      const order = await createOrder(t.db);
      const response = await patchOrder(order.id, { status: 'lost' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'Ugyldig værdi',
        field: 'status',
      });
    });

    it('answers 404 for unknown orders', async () => {
      for (const request of [
        { method: 'GET' as const, url: '/api/orders/nope' },
        { method: 'PATCH' as const, url: '/api/orders/nope', payload: { status: 'paid' } },
        { method: 'GET' as const, url: '/api/orders/nope/bill-text' },
      ]) {
        const response = await t.request(request);
        expect(response.statusCode, request.url).toBe(404);
        expect(response.json()).toEqual({ message: 'Ordren findes ikke', code: 'ORDER_NOT_FOUND' });
      }
    });
  });

  describe('frozen prices', () => {
    it('follows the bead while active, freezes on leaving active, unfreezes on returning', async () => {
      const bead = await createBead(t.db, { priceOre: 4000 });
      const order = await createOrder(t.db);
      await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
      await createOrderLine(t.db, { orderId: order.id, text: 'Fri linje', priceOre: 1000 });
      const setBead = (payload: object) =>
        t.request({ method: 'PATCH', url: `/api/beads/${bead.id}`, payload });
      const total = async () =>
        (await t.request({ method: 'GET', url: `/api/orders/${order.id}` })).json().totals.totalOre;

      await setBead({ priceOre: 5000 });
      expect(await total()).toBe(6000);

      await patchOrder(order.id, { status: 'invoiced' });
      const frozen = await t.db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(frozen.find((l) => l.bead_id === bead.id)).toMatchObject({ price_ore: 5000, sale_type: null });
      expect(frozen.find((l) => l.bead_id === null)).toMatchObject({ text: 'Fri linje', price_ore: 1000 });

      await setBead({ priceOre: 9000, saleType: '2 for 125' });
      expect(await total()).toBe(6000);
      await patchOrder(order.id, { status: 'paid' });
      expect(await total()).toBe(6000);

      await patchOrder(order.id, { status: 'active' });
      const unfrozen = await t.db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(unfrozen.find((l) => l.bead_id === bead.id)).toMatchObject({ price_ore: null, sale_type: null });
      expect(unfrozen.find((l) => l.bead_id === null)).toMatchObject({ price_ore: 1000 });
      expect(await total()).toBe(10000);
    });

    it('freezes the sale type too, so a frozen pair stays a pair', async () => {
      const bead = await createBead(t.db, { priceOre: 7500, saleType: '2 for 125' });
      const order = await createOrder(t.db);
      await createOrderLine(t.db, {
        orderId: order.id,
        beadId: bead.id,
        addedAt: '2026-01-01T10:00:00.000Z',
      });
      await createOrderLine(t.db, {
        orderId: order.id,
        beadId: bead.id,
        addedAt: '2026-01-01T10:01:00.000Z',
      });
      await patchOrder(order.id, { status: 'shipped' });
      await t.request({
        method: 'PATCH',
        url: `/api/beads/${bead.id}`,
        payload: { saleType: null, priceOre: 100 },
      });
      const response = await t.request({ method: 'GET', url: `/api/orders/${order.id}` });
      expect(response.json().totals.totalOre).toBe(12500);
      expect(response.json().offerGroups).toHaveLength(1);
    });
  });

  describe('lists', () => {
    it('lists open orders newest first with customer names, without shipped ones or hidden customers', async () => {
      const customer = await createCustomer(t.db, { name: 'Søren Ågård' });
      const hidden = await createCustomer(t.db, { name: '{name}' });
      const newest = await createOrder(t.db, {
        customerId: customer.id,
        status: 'packed',
        createdAt: '2030-01-02T00:00:00.000Z',
      });
      const older = await createOrder(t.db, {
        customerId: customer.id,
        status: 'invoiced',
        createdAt: '2030-01-01T00:00:00.000Z',
      });
      const shipped = await createOrder(t.db, {
        customerId: customer.id,
        status: 'shipped',
        createdAt: '2030-01-03T00:00:00.000Z',
      });
      const hiddenOrder = await createOrder(t.db, { customerId: hidden.id, status: 'paid' });
      const orphan = await createOrder(t.db, {
        customerId: null,
        status: 'paid',
        createdAt: '2029-12-31T00:00:00.000Z',
      });

      const response = await t.request({ method: 'GET', url: '/api/orders' });
      expect(response.statusCode).toBe(200);
      const ids = (response.json() as Order[]).map((o) => o.id);
      expect(ids.slice(0, 2)).toEqual([newest.id, older.id]);
      expect(ids).not.toContain(shipped.id);
      expect(ids).not.toContain(hiddenOrder.id);
      expect(ids).toContain(orphan.id);
      expect(response.json()[0].customerName).toBe('Søren Ågård');
      expect((response.json() as Order[]).find((o) => o.id === orphan.id)?.customerName).toBeNull();
    });

    it('gives a Danish bill text', async () => {
      const customer = await createCustomer(t.db, { name: 'åse jensen' });
      const bead = await createBead(t.db, { name: 'Sølvnål', priceOre: 4500 });
      const order = await createOrder(t.db, { customerId: customer.id });
      await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
      const response = await t.request({ method: 'GET', url: `/api/orders/${order.id}/bill-text` });
      expect(response.statusCode).toBe(200);
      const { text } = response.json() as { text: string };
      expect(text).toContain('Hej Åse');
      expect(text).toContain('Sølvnål');
      expect(text).toContain('I alt: 98 kr');
    });
  });
});

describe.each(dialects)('pillow API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('has zero statistics when there are no active orders', async () => {
    const response = await t.request({ method: 'GET', url: '/api/pillow' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orders: [], statistics: { count: 0, averageOre: 0, totalOre: 0 } });
  });

  it('lists active orders by customer name in Danish order, with statistics', async () => {
    const bead = await createBead(t.db, { priceOre: 1000 });
    const names = ['Åge', 'Bodil', 'Ærø-Hanne', 'aase', '{name}'];
    for (const [index, name] of names.entries()) {
      const customer = await createCustomer(t.db, { name });
      const order = await createOrder(t.db, { customerId: customer.id });
      for (let i = 0; i <= index; i++) await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
      await createOrder(t.db, { customerId: customer.id, status: 'paid' });
    }
    const response = await t.request({ method: 'GET', url: '/api/pillow' });
    const pillow = response.json() as { orders: Order[]; statistics: object };
    // Danish collation: Æ, Ø, Å after Z, and 'aa' sorts as 'å' ('aase' = 'åse', after 'Åge').
    expect(pillow.orders.map((o) => o.customerName)).toEqual(['Bodil', 'Ærø-Hanne', 'Åge', 'aase']);
    expect(pillow.orders.every((o) => o.status === 'active')).toBe(true);
    // Totals without postage: 10 + 20 + 30 + 40 kr over four orders.
    expect(pillow.statistics).toEqual({ count: 4, averageOre: 2500, totalOre: 10000 });
  });
});
