/**
 * 'Modtaget' with 'Læg i kundernes ordrer' (docs/product/stock.md): one step that records the delivery and
 * completes the ticked todos as completing a todo does, and its 'Fortryd', which puts everything back. On both
 * engines.
 */
import { describe, expect, it } from 'vitest';
import type { BeadWithTodos } from '../../src/shared/schemas/api-beads.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { appPerSuite } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('a delivery that fills the waiting orders on %s', (kind) => {
  const t = appPerSuite(kind);

  const deliver = (beadId: string, body: object, key: string = crypto.randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/beads/${beadId}/deliveries`,
      payload: body,
      headers: { 'idempotency-key': key },
    });
  const undo = (movementId: string) =>
    t.request({
      method: 'POST',
      url: `/api/stock-movements/${movementId}/undo`,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
  const page = async (beadId: string) =>
    (await t.request({ method: 'GET', url: `/api/beads/${beadId}` })).json() as BeadWithTodos;
  const linesOf = (orderId: string) =>
    t.db.selectFrom('order_lines').select(['id', 'bead_id']).where('order_id', '=', orderId).execute();
  const activeOrderOf = (customerId: string) =>
    t.db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  /** A counted bead with three waiting customers: Ældste (2, has an order), Mellem (1, none), Nyeste (3). */
  async function waitingShop() {
    const bead = await createBead(t.db, { priceOre: 3000 });
    const oldest = await createCustomer(t.db, { name: `Ældste ${crypto.randomUUID().slice(0, 4)}` });
    const middle = await createCustomer(t.db, { name: `Mellem ${crypto.randomUUID().slice(0, 4)}` });
    const newest = await createCustomer(t.db, { name: `Nyeste ${crypto.randomUUID().slice(0, 4)}` });
    const existing = await createOrder(t.db, { customerId: oldest.id });
    const kept = await createOrderLine(t.db, { orderId: existing.id });
    const todos = {
      oldest: await createTodo(t.db, {
        beadId: bead.id,
        customerId: oldest.id,
        amount: 2,
        createdAt: days(9),
      }),
      middle: await createTodo(t.db, {
        beadId: bead.id,
        customerId: middle.id,
        amount: 1,
        createdAt: days(5),
      }),
      newest: await createTodo(t.db, {
        beadId: bead.id,
        customerId: newest.id,
        amount: 3,
        createdAt: days(1),
      }),
    };
    await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/stock`,
      payload: { kind: 'count', quantity: 1 },
    });
    return { bead, customers: { oldest, middle, newest }, existing, kept, todos };
  }

  it("puts the ticked customers' beads in their active orders (found or made) in one step, and Fortryd puts it all back", async () => {
    const shop = await waitingShop();
    const { bead, todos, customers } = shop;
    // The bead's page lists the waiting todos oldest first: the dialog ticks from the top.
    expect((await page(bead.id)).todos.map((todo) => todo.id)).toEqual([
      todos.oldest.id,
      todos.middle.id,
      todos.newest.id,
    ]);

    const response = await deliver(bead.id, { quantity: 3, todoIds: [todos.oldest.id, todos.middle.id] });
    expect(response.statusCode).toBe(201);
    const delivery = response.json();
    // 1 on the shelf + 3 received − 2 − 1 put in orders.
    expect(delivery.stock).toBe(1);
    expect(
      delivery.filled.map((f: { todoId: string; amount: number }) => [f.todoId, f.amount]).sort(),
    ).toEqual(
      [
        [todos.oldest.id, 2],
        [todos.middle.id, 1],
      ].sort(),
    );
    // Ældste's lines went into her existing order; Mellem got a new active order.
    const oldestLines = await linesOf(shop.existing.id);
    expect(oldestLines.filter((line) => line.bead_id === bead.id)).toHaveLength(2);
    const made = await activeOrderOf(customers.middle.id);
    expect(made).toBeDefined();
    expect(await linesOf(made!.id)).toHaveLength(1);
    expect((await page(bead.id)).todos.map((todo) => todo.id)).toEqual([todos.newest.id]);
    const history = (await page(bead.id)).stockHistory;
    expect(history.find((m) => m.kind === 'received')).toMatchObject({
      quantity: 3,
      filledOrders: 2,
      undoable: true,
    });

    const undone = await undo(delivery.movementId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ beadId: bead.id, stock: 1, restoredTodos: 2 });
    // The todos are back, with their ids and dates, oldest first; the lines are gone; the made order too.
    const back = await t.db
      .selectFrom('todos')
      .select(['id', 'amount', 'created_at'])
      .where('bead_id', '=', bead.id)
      .orderBy('created_at')
      .execute();
    expect(back.map((todo) => [todo.id, todo.amount])).toEqual([
      [todos.oldest.id, 2],
      [todos.middle.id, 1],
      [todos.newest.id, 3],
    ]);
    expect(await linesOf(shop.existing.id)).toEqual([{ id: shop.kept.id, bead_id: null }]);
    expect(await activeOrderOf(customers.middle.id)).toBeUndefined();
    expect((await page(bead.id)).stockHistory.map((m) => m.kind)).toEqual(['count']);
  });

  it('refuses Fortryd once one of the orders moved on, and changes nothing', async () => {
    const { bead, todos, customers } = await waitingShop();
    const delivery = (
      await deliver(bead.id, { quantity: 5, todoIds: [todos.middle.id, todos.newest.id] })
    ).json();
    const order = await activeOrderOf(customers.newest.id);
    const invoiced = await t.request({
      method: 'PATCH',
      url: `/api/orders/${order!.id}`,
      payload: { status: 'invoiced' },
    });
    expect(invoiced.statusCode).toBe(200);
    const refused = await undo(delivery.movementId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'STOCK_DELIVERY_CHANGED',
      message:
        'Leveringen kan ikke fortrydes: en af ordrerne er ændret siden. Ret ordrerne i hånden i stedet.',
    });
    expect((await page(bead.id)).stock).toBe(2);
    expect(await activeOrderOf(customers.middle.id)).toBeDefined();
    expect((await page(bead.id)).todos.map((todo) => todo.id)).toEqual([todos.oldest.id]);
  });

  it('a ticked todo that no longer waits refuses the whole step; a bead at 0 kr needs its price first', async () => {
    const { bead, todos } = await waitingShop();
    const other = await createTodo(t.db, { amount: 1, customerId: (await createCustomer(t.db)).id });
    const before = (await page(bead.id)).stock;
    const refused = await deliver(bead.id, { quantity: 4, todoIds: [todos.oldest.id, other.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('STOCK_TODO_NOT_WAITING');
    expect((await page(bead.id)).stock).toBe(before);
    expect((await page(bead.id)).todos).toHaveLength(3);

    const unpriced = await createBead(t.db, { priceOre: 0 });
    const wanted = await createTodo(t.db, {
      beadId: unpriced.id,
      customerId: (await createCustomer(t.db)).id,
      amount: 2,
    });
    const noPrice = await deliver(unpriced.id, { quantity: 2, todoIds: [wanted.id] });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json()).toMatchObject({ code: 'PRICE_REQUIRED', message: 'Prisen skal være over 0' });
    expect((await page(unpriced.id)).todos).toHaveLength(1);
    const priced = await deliver(unpriced.id, {
      quantity: 2,
      todoIds: [wanted.id],
      priceOre: 4000,
      saleType: null,
    });
    expect(priced.statusCode).toBe(201);
    expect((await page(unpriced.id)).priceOre).toBe(4000);
    // Not counted: the delivery and its sales are kept for when she counts, the stock stays unknown.
    expect(priced.json().stock).toBeNull();
  });

  it('a delivery with nothing ticked is a plain Modtaget, undone as one; a repeat with its key adds nothing', async () => {
    const { bead } = await waitingShop();
    const key = crypto.randomUUID();
    const first = await deliver(bead.id, { quantity: 4, todoIds: [] }, key);
    const again = await deliver(bead.id, { quantity: 4, todoIds: [] }, key);
    expect(again.json()).toEqual(first.json());
    expect((await page(bead.id)).stock).toBe(5);
    expect((await undo(first.json().movementId)).json()).toMatchObject({ stock: 1, restoredTodos: 0 });
  });

  it('Fortryd adds a put-back todo to one written down since for the same customer', async () => {
    const { bead, todos, customers } = await waitingShop();
    const delivery = (await deliver(bead.id, { quantity: 2, todoIds: [todos.oldest.id] })).json();
    const again = await t.request({
      method: 'POST',
      url: '/api/todos',
      payload: { bead: { kind: 'existing', beadId: bead.id }, customerId: customers.oldest.id, amount: 4 },
    });
    expect(again.statusCode).toBe(201);
    expect((await undo(delivery.movementId)).statusCode).toBe(200);
    const ofOldest = await t.db
      .selectFrom('todos')
      .select('amount')
      .where('bead_id', '=', bead.id)
      .where('customer_id', '=', customers.oldest.id)
      .execute();
    expect(ofOldest).toEqual([{ amount: 6 }]);
  });
});
