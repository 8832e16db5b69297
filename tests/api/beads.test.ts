import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBead, createCustomer, createOrder, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('beads API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const countBeads = async () => (await t.db.selectFrom('beads').select('id').execute()).length;

  it('creates a bead (saleType defaults to null)', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/beads',
      payload: { name: ' Rød glasperle ', priceOre: 4500 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Rød glasperle',
      priceOre: 4500,
      saleType: null,
      isDeleted: false,
      photoId: null,
      stock: null,
    });
  });

  it('refuses a duplicate name with 409, in any case (names are unique ignoring case, docs/product/beads.md)', async () => {
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/beads',
      payload: { name: 'Rød glasperle', priceOre: 100 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'Fejl! Der findes allerede en nål med dette navn',
      code: 'BEAD_NAME_TAKEN',
    });
    const otherCase = await t.request({
      method: 'POST',
      url: '/api/beads',
      payload: { name: 'rød glasperle', priceOre: 100 },
    });
    expect(otherCase.statusCode).toBe(409);
  });

  it('validates in Danish and writes nothing', async () => {
    const before = await countBeads();
    const cases: Array<[unknown, string, string]> = [
      [{ priceOre: 100 }, 'Navn er påkrævet', 'name'],
      [{ name: 'Uden pris' }, 'Pris er påkrævet', 'priceOre'],
      [{ name: 'Negativ', priceOre: -1 }, 'Prisen må ikke være negativ', 'priceOre'],
      [{ name: 'Tilbud', priceOre: 100, saleType: '3 for 100' }, 'Ukendt tilbud', 'saleType'],
    ];
    for (const [payload, message, field] of cases) {
      const response = await t.request({ method: 'POST', url: '/api/beads', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message, field });
    }
    expect(await countBeads()).toBe(before);
  });

  it('lists beads in Danish order without their todos; a deleted bead only when asked or when a todo names it', async () => {
    const customer = await createCustomer(t.db);
    const ål = await createBead(t.db, { name: 'Ålesund perle', priceOre: 0 });
    const zebra = await createBead(t.db, { name: 'Zebra perle', saleType: '2 for 125', priceOre: 7500 });
    const gone = await createBead(t.db, { name: 'Gammel perle', isDeleted: true });
    const goneButWanted = await createBead(t.db, { name: 'Savnet perle', isDeleted: true });
    await createTodo(t.db, { beadId: ål.id, customerId: customer.id, amount: 3 });
    await createTodo(t.db, { beadId: goneButWanted.id, customerId: customer.id, amount: 1 });

    const response = await t.request({ method: 'GET', url: '/api/beads' });
    expect(response.statusCode).toBe(200);
    const beads = response.json() as Array<{ id: string; name: string }>;
    const names = beads.map((b) => b.name);
    expect(names.indexOf('Zebra perle')).toBeLessThan(names.indexOf('Ålesund perle'));
    expect(names).not.toContain('Gammel perle');
    expect(beads.find((b) => b.id === goneButWanted.id)).toMatchObject({ isDeleted: true });
    expect(beads.find((b) => b.id === zebra.id)).toEqual({
      id: zebra.id,
      name: 'Zebra perle',
      priceOre: 7500,
      saleType: '2 for 125',
      isDeleted: false,
      photoId: null,
      stock: null,
    });

    const all = await t.request({ method: 'GET', url: '/api/beads?includeDeleted=true' });
    expect(all.json().map((b: { id: string }) => b.id)).toContain(gone.id);
  });

  it('reads one bead, also a soft-deleted one; 404 with the Danish message for an unknown id', async () => {
    const bead = await createBead(t.db, { isDeleted: true });
    const found = await t.request({ method: 'GET', url: `/api/beads/${bead.id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: bead.id, isDeleted: true, todos: [] });

    for (const request of [
      { method: 'GET' as const, url: '/api/beads/nope' },
      { method: 'PATCH' as const, url: '/api/beads/nope', payload: { priceOre: 100 } },
      { method: 'DELETE' as const, url: '/api/beads/nope' },
      { method: 'POST' as const, url: '/api/beads/nope/add-to-customers', payload: { customerIds: ['x'] } },
    ]) {
      const response = await t.request(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Perlen kun ikke findes', code: 'BEAD_NOT_FOUND' });
    }
  });

  it('updates price, sale type and the deleted flag partially', async () => {
    const bead = await createBead(t.db, { priceOre: 4500, isDeleted: true });
    const response = await t.request({
      method: 'PATCH',
      url: `/api/beads/${bead.id}`,
      payload: { priceOre: 7500, saleType: '2 for 125', isDeleted: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ priceOre: 7500, saleType: '2 for 125', isDeleted: false });
    const partial = await t.request({
      method: 'PATCH',
      url: `/api/beads/${bead.id}`,
      payload: { saleType: null },
    });
    expect(partial.json()).toMatchObject({ priceOre: 7500, saleType: null, isDeleted: false });
  });

  it('soft-deletes a bead', async () => {
    const bead = await createBead(t.db);
    const response = await t.request({ method: 'DELETE', url: `/api/beads/${bead.id}` });
    expect(response.statusCode).toBe(204);
    const row = await t.db
      .selectFrom('beads')
      .select('is_deleted')
      .where('id', '=', bead.id)
      .executeTakeFirst();
    expect(Boolean(row?.is_deleted)).toBe(true);
  });

  it('brings a soft-deleted bead back when a bead of exactly its name is added again', async () => {
    const deleted = await createBead(t.db, { name: 'Gammel kobberperle', priceOre: 3000, isDeleted: true });
    const before = await countBeads();
    const response = await t.request({
      method: 'POST',
      url: '/api/beads',
      payload: { name: 'Gammel kobberperle', priceOre: 7500, saleType: '2 for 125' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: deleted.id,
      name: 'Gammel kobberperle',
      priceOre: 7500,
      saleType: '2 for 125',
      isDeleted: false,
      photoId: null,
      stock: null,
    });
    expect(await countBeads()).toBe(before);
  });

  it("adds a bead to several customers' active orders, creating the missing ones", async () => {
    const bead = await createBead(t.db, { priceOre: 3000 });
    const withOrder = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: withOrder.id });
    const without = await createCustomer(t.db);
    const response = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/add-to-customers`,
      payload: { customerIds: [withOrder.id, without.id, withOrder.id] },
    });
    expect(response.statusCode).toBe(201);
    const { added } = response.json() as { added: Array<{ customerId: string; orderId: string }> };
    expect(added).toHaveLength(2);
    expect(added.find((a) => a.customerId === withOrder.id)?.orderId).toBe(order.id);
    const newOrder = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', without.id)
      .executeTakeFirstOrThrow();
    expect(newOrder.status).toBe('active');
    const lines = await t.db.selectFrom('order_lines').selectAll().where('bead_id', '=', bead.id).execute();
    expect(lines).toHaveLength(2);
  });

  it('adds to no one when one of the customers is unknown (all or nothing)', async () => {
    const bead = await createBead(t.db);
    const customer = await createCustomer(t.db);
    const response = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/add-to-customers`,
      payload: { customerIds: [customer.id, 'findes-ikke'] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('CUSTOMER_NOT_FOUND');
    expect(
      await t.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute(),
    ).toEqual([]);
    const empty = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/add-to-customers`,
      payload: { customerIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Vælg mindst én kunde');
  });
});
