/**
 * 'Indsæt besked''s 'Tilføj N varer' and its 'Fortryd' (issue 46, docs/product/messages.md), on both engines:
 * all or nothing, once per key, and undone once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBead, createCustomer, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('message lines API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (customerId: string, payload: unknown, key: string = crypto.randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/customers/${customerId}/message-lines`,
      payload: payload as object,
      headers: { 'idempotency-key': key },
    });
  const undo = (customerId: string, payload: unknown, key: string = crypto.randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/customers/${customerId}/message-lines/undo`,
      payload: payload as object,
      headers: { 'idempotency-key': key },
    });
  const linesOf = (customerId: string) =>
    t.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.id', 'order_lines.bead_id'])
      .where('orders.customer_id', '=', customerId)
      .execute();
  const todosOf = (customerId: string) =>
    t.db
      .selectFrom('todos')
      .select(['id', 'bead_id', 'amount'])
      .where('customer_id', '=', customerId)
      .execute();

  it('adds each bead its quantity of lines and the todo items to the todo, in one answer', async () => {
    const customer = await createCustomer(t.db);
    const red = await createBead(t.db, { name: 'Rød glasperle', priceOre: 1500 });
    const quartz = await createBead(t.db, { name: 'Rosenkvarts' });
    const unpriced = await createBead(t.db, { name: 'Ny perle', priceOre: 0 });
    const response = await add(customer.id, {
      items: [
        { beadId: red.id, quantity: 2, as: 'line' },
        { beadId: quartz.id, quantity: 1, as: 'line' },
        { beadId: unpriced.id, quantity: 3, as: 'todo' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.lineIds).toHaveLength(3);
    expect(body.order.customerId).toBe(customer.id);
    expect(body.order.status).toBe('active');
    const lines = await linesOf(customer.id);
    expect(lines.map((line) => line.bead_id).sort()).toEqual([red.id, red.id, quartz.id].sort());
    expect(await todosOf(customer.id)).toEqual([
      { id: body.todos[0].todoId, bead_id: unpriced.id, amount: 3 },
    ]);
    expect(body.todos).toEqual([{ todoId: body.todos[0].todoId, amount: 3 }]);
  });

  it('adds once for a double tap or a retry with the same key', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db);
    const payload = { items: [{ beadId: bead.id, quantity: 2, as: 'line' }] };
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      add(customer.id, payload, key),
      add(customer.id, payload, key),
    ]);
    const third = await add(customer.id, payload, key);
    for (const response of [first, second, third]) expect(response.statusCode).toBe(201);
    expect(third.json().lineIds).toEqual(first.json().lineIds);
    expect(await linesOf(customer.id)).toHaveLength(2);
  });

  it('refuses a bead without a price as a line, by its name, and adds nothing of the message', async () => {
    const customer = await createCustomer(t.db);
    const fine = await createBead(t.db);
    const unpriced = await createBead(t.db, { name: 'Månesten', priceOre: 0 });
    const response = await add(customer.id, {
      items: [
        { beadId: fine.id, quantity: 1, as: 'line' },
        { beadId: unpriced.id, quantity: 1, as: 'line' },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'BEAD_NEEDS_TODO',
      message: 'Månesten har ingen pris endnu: læg den på todo',
    });
    expect(await linesOf(customer.id)).toEqual([]);
    expect(
      await t.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute(),
    ).toEqual([]);
  });

  it('refuses an unknown bead (404) and leaves the todo as it was', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db);
    const response = await add(customer.id, {
      items: [
        { beadId: bead.id, quantity: 1, as: 'todo' },
        { beadId: 'findes-ikke', quantity: 1, as: 'line' },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('BEAD_NOT_FOUND');
    expect(await todosOf(customer.id)).toEqual([]);
  });

  it('refuses an archived or unknown customer', async () => {
    const bead = await createBead(t.db);
    const archived = await createCustomer(t.db);
    await t.request({ method: 'POST', url: `/api/customers/${archived.id}/archive` });
    const payload = { items: [{ beadId: bead.id, quantity: 1, as: 'line' }] };
    const refused = await add(archived.id, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CUSTOMER_ARCHIVED');
    expect((await add('findes-ikke', payload)).statusCode).toBe(404);
  });

  it.each([
    [{ items: [] }, 'Der er ingen varer at tilføje'],
    [{}, 'Der er ingen varer at tilføje'],
    [{ items: [{ beadId: 'b', quantity: 0, as: 'line' }] }, 'Antal skal være et helt tal fra 1 til 99'],
    [{ items: [{ beadId: 'b', quantity: 100, as: 'line' }] }, 'Antal skal være et helt tal fra 1 til 99'],
    [{ items: [{ beadId: 'b', quantity: 1.5, as: 'line' }] }, 'Antal skal være et helt tal fra 1 til 99'],
    [{ items: [{ beadId: '', quantity: 1, as: 'line' }] }, 'Vælg en perle'],
    [
      { items: Array.from({ length: 51 }, () => ({ beadId: 'b', quantity: 1, as: 'line' })) },
      'Højst 50 forskellige varer ad gangen',
    ],
  ])('refuses %j in Danish', async (payload, message) => {
    const customer = await createCustomer(t.db);
    const response = await add(customer.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('merges into the todo she has, and refuses past the most a todo holds', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db, { priceOre: 0 });
    const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });
    const merged = await add(customer.id, { items: [{ beadId: bead.id, quantity: 3, as: 'todo' }] });
    expect(merged.statusCode).toBe(201);
    expect(merged.json().todos).toEqual([{ todoId: todo.id, amount: 3 }]);
    expect(merged.json().order).toBeNull();
    expect((await todosOf(customer.id))[0]?.amount).toBe(5);
    await t.db.updateTable('todos').set({ amount: 950 }).where('id', '=', todo.id).execute();
    const tooMany = await add(customer.id, { items: [{ beadId: bead.id, quantity: 99, as: 'todo' }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('TODO_AMOUNT_TOO_HIGH');
    expect((await todosOf(customer.id))[0]?.amount).toBe(950);
  });

  it('undoes once: the lines off the order, their stock back, the amounts off the todos', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db);
    const todoBead = await createBead(t.db, { priceOre: 0 });
    await createTodo(t.db, { beadId: todoBead.id, customerId: customer.id, amount: 1 });
    const other = await createBead(t.db, { priceOre: 0 });
    const added = (
      await add(customer.id, {
        items: [
          { beadId: bead.id, quantity: 2, as: 'line' },
          { beadId: todoBead.id, quantity: 2, as: 'todo' },
          { beadId: other.id, quantity: 1, as: 'todo' },
        ],
      })
    ).json();
    const payload = { lineIds: added.lineIds, todos: added.todos };
    const key = crypto.randomUUID();
    const [first, again] = await Promise.all([
      undo(customer.id, payload, key),
      undo(customer.id, payload, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect((await undo(customer.id, payload, key)).statusCode).toBe(200);
    expect(await linesOf(customer.id)).toEqual([]);
    // The todo she had keeps its 1; the one the message made is gone.
    expect((await todosOf(customer.id)).map((todo) => [todo.bead_id, todo.amount])).toEqual([
      [todoBead.id, 1],
    ]);
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['quantity'])
      .where('bead_id', '=', bead.id)
      .execute();
    expect(moves.reduce((sum, move) => sum + Number(move.quantity), 0)).toBe(0);
  });

  it('refuses to undo once the order has left Aktiv, and undoes nothing', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db);
    const todoBead = await createBead(t.db, { priceOre: 0 });
    const added = (
      await add(customer.id, {
        items: [
          { beadId: bead.id, quantity: 1, as: 'line' },
          { beadId: todoBead.id, quantity: 1, as: 'todo' },
        ],
      })
    ).json();
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/orders/${added.order.id}`,
      payload: { status: 'invoiced' },
    });
    expect(moved.statusCode).toBe(200);
    const response = await undo(customer.id, { lineIds: added.lineIds, todos: added.todos });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Kan ikke fortrydes: ordren er ikke længere aktiv');
    expect(await linesOf(customer.id)).toHaveLength(1);
    expect(await todosOf(customer.id)).toHaveLength(1);
  });

  it("refuses to undo another customer's lines", async () => {
    const customer = await createCustomer(t.db);
    const stranger = await createCustomer(t.db);
    const bead = await createBead(t.db);
    const added = (await add(customer.id, { items: [{ beadId: bead.id, quantity: 1, as: 'line' }] })).json();
    const response = await undo(stranger.id, { lineIds: added.lineIds, todos: [] });
    expect(response.statusCode).toBe(404);
    expect(await linesOf(customer.id)).toHaveLength(1);
  });
});
