import { describe, expect, it } from 'vitest';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { appPerSuite } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('customers API on %s', (kind) => {
  const t = appPerSuite(kind);

  const countCustomers = async () => (await t.db.selectFrom('customers').select('id').execute()).length;

  it('creates a customer with a trimmed name', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: '  Åse   Holm ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Åse Holm',
      phone: null,
      email: null,
      address: null,
      address2: null,
      postcode: null,
      city: null,
      countryCode: 'DK',
      addressNeedsCheck: false,
      archived: false,
      archivedAt: null,
    });
  });

  it('refuses a duplicate name case-insensitively in Danish (åse = Åse) with 409', async () => {
    const before = await countCustomers();
    const response = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'åse holm' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Fejl: Der findes allerede en kunde med dette navn',
      code: 'CUSTOMER_NAME_TAKEN',
    });
    expect(await countCustomers()).toBe(before);
  });

  it('refuses an empty name with 400 "Navn er påkrævet" and writes nothing', async () => {
    const before = await countCustomers();
    for (const payload of [{ name: '   ' }, {}]) {
      const response = await t.request({ method: 'POST', url: '/api/customers', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'Navn er påkrævet',
        field: 'name',
      });
    }
    expect(await countCustomers()).toBe(before);
  });

  it('lists customers in Danish order and hides the {name} test rows', async () => {
    for (const name of ['Ørnulf', 'Zenia', 'Æbelø', 'Bent', '{name}']) await createCustomer(t.db, { name });
    const response = await t.request({ method: 'GET', url: '/api/customers' });
    expect(response.statusCode).toBe(200);
    const names = response.json().map((c: { name: string }) => c.name);
    expect(names).not.toContain('{name}');
    const order = ['Bent', 'Zenia', 'Æbelø', 'Ørnulf', 'Åse Holm'];
    expect(names.filter((n: string) => order.includes(n))).toEqual(order);
  });

  it('answers 404 for an unknown customer', async () => {
    const response = await t.request({ method: 'GET', url: '/api/customers/findes-ikke' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Kunde ikke fundet', code: 'CUSTOMER_NOT_FOUND' });
  });

  it('shows one customer with every order (newest first, priced) and the todos', async () => {
    const customer = await createCustomer(t.db, { name: 'Karen Damgaard' });
    const bead = await createBead(t.db, { priceOre: 4500 });
    const shipped = await createOrder(t.db, {
      customerId: customer.id,
      status: 'shipped',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    await createOrderLine(t.db, { orderId: shipped.id, beadId: bead.id, priceOre: 3000 });
    const active = await createOrder(t.db, {
      customerId: customer.id,
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    await createOrderLine(t.db, { orderId: active.id, beadId: bead.id });
    await createOrderLine(t.db, { orderId: active.id, text: 'Gaveæske', priceOre: 2000 });
    const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });

    const response = await t.request({ method: 'GET', url: `/api/customers/${customer.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: customer.id, name: 'Karen Damgaard' });
    expect(detail.orders.map((o: { id: string }) => o.id)).toEqual([active.id, shipped.id]);
    expect(detail.orders[0].totals).toEqual({
      totalOre: 6500,
      shippingOre: 5300,
      discountOre: 0,
      totalWithShippingOre: 11800,
    });
    expect(detail.orders[1].totals.totalOre).toBe(3000);
    expect(detail.todos).toEqual([
      expect.objectContaining({
        id: todo.id,
        amount: 2,
        customer: { id: customer.id, name: 'Karen Damgaard' },
      }),
    ]);
  });
});
