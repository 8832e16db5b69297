/**
 * Stock per bead (docs/product/stock.md): her movements (Optælling, Modtaget, Ret), sales moving stock, the
 * rule for a count typed earlier than it arrives, 'Fortryd' of the latest, the history, and what the lists and
 * Salg show. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStock } from '../../src/server/stock/stock.service.ts';
import { type StockFact, stockOf } from '../../src/shared/domain/stock.ts';
import type { Bead, BeadWithTodos } from '../../src/shared/schemas/api-beads.ts';
import { createBead, createCustomer, createOrder, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('stock on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const move = (beadId: string, body: object, key: string = crypto.randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/beads/${beadId}/stock`,
      payload: body,
      headers: { 'idempotency-key': key },
    });
  const count = (beadId: string, quantity: number, countedAt?: string) =>
    move(beadId, { kind: 'count', quantity, ...(countedAt ? { countedAt } : {}) });
  const page = async (beadId: string) =>
    (await t.request({ method: 'GET', url: `/api/beads/${beadId}` })).json() as BeadWithTodos;
  const stockOfBead = async (beadId: string) => (await page(beadId)).stock;
  const sell = (customerId: string, beadId: string) =>
    t.request({
      method: 'POST',
      url: `/api/customers/${customerId}/lines`,
      payload: { kind: 'bead', beadId },
    });
  const undo = (movementId: string, key: string = crypto.randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/stock-movements/${movementId}/undo`,
      headers: { 'idempotency-key': key },
    });
  /** The stored stock must always be what the movements say by the rule (domain/stock.ts). */
  async function expectStockByRule(beadId: string) {
    const rows = await t.db.selectFrom('stock_movements').selectAll().where('bead_id', '=', beadId).execute();
    const facts: StockFact[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind as StockFact['kind'],
      quantity: row.quantity,
      at: row.at,
      recordedAt: row.recorded_at,
    }));
    expect(await stockOfBead(beadId)).toBe(stockOf(facts));
  }

  it('a bead never counted has no stock; Optælling sets it, Modtaget adds, Ret adds or takes with a reason', async () => {
    const bead = await createBead(t.db);
    expect(await stockOfBead(bead.id)).toBeNull();
    expect((await page(bead.id)).stockHistory).toEqual([]);

    const counted = await count(bead.id, 12);
    expect(counted.statusCode).toBe(201);
    expect(counted.json()).toMatchObject({ beadId: bead.id, stock: 12 });
    expect((await move(bead.id, { kind: 'received', quantity: 5 })).json().stock).toBe(17);
    expect((await move(bead.id, { kind: 'adjust', quantity: -2, reason: '  knækket ' })).json().stock).toBe(
      15,
    );
    expect((await move(bead.id, { kind: 'adjust', quantity: 1, reason: 'Fundet' })).json().stock).toBe(16);

    const { stockHistory, stock } = await page(bead.id);
    expect(stock).toBe(16);
    expect(stockHistory.map((m) => [m.kind, m.quantity, m.reason, m.stockAfter, m.undoable])).toEqual([
      ['adjust', 1, 'Fundet', 16, true],
      ['adjust', -2, 'knækket', 15, false],
      ['received', 5, null, 17, false],
      ['count', 12, null, 12, false],
    ]);
    const listed = (await t.request({ method: 'GET', url: '/api/beads' })).json() as Bead[];
    expect(listed.find((b) => b.id === bead.id)?.stock).toBe(16);
    await expectStockByRule(bead.id);
  });

  it('refuses bad movements in Danish and writes nothing', async () => {
    const bead = await createBead(t.db);
    const cases: Array<[object, string]> = [
      [{ kind: 'count', quantity: -1 }, 'Antallet må ikke være negativt'],
      [{ kind: 'count', quantity: 1.5 }, 'Skriv antallet som et helt tal'],
      [{ kind: 'count', quantity: 100_000 }, 'Antallet må højst være 99.999'],
      [{ kind: 'received', quantity: 0 }, 'Antallet skal være mindst 1'],
      [{ kind: 'adjust', quantity: -2 }, 'Skriv en kort årsag'],
      [{ kind: 'adjust', quantity: -2, reason: '   ' }, 'Skriv en kort årsag'],
      [{ kind: 'adjust', quantity: 0, reason: 'x' }, 'Antallet skal være mindst 1'],
      [{ kind: 'adjust', quantity: 1, reason: 'x'.repeat(81) }, 'Årsagen må højst være på 80 tegn'],
      [{ kind: 'sale', quantity: -1 }, 'Ukendt slags lagerbevægelse'],
      [{ kind: 'count', quantity: 3, countedAt: 'i går' }, 'Tidspunktet for optællingen kan ikke læses'],
    ];
    for (const [body, message] of cases) {
      const response = await move(bead.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    const missing = await count(crypto.randomUUID(), 3);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'BEAD_NOT_FOUND', message: 'Perlen kun ikke findes' });
    expect(
      await t.db.selectFrom('stock_movements').where('bead_id', '=', bead.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('a sale takes 1 and is never refused; a deleted line puts it back; status changes move nothing', async () => {
    const bead = await createBead(t.db);
    const anna = await createCustomer(t.db, { name: 'Anna Salg' });
    await count(bead.id, 1);
    expect((await sell(anna.id, bead.id)).statusCode).toBe(201);
    expect(await stockOfBead(bead.id)).toBe(0);
    // Nothing on the shelf: the line is added all the same, and the stock goes below 0.
    const second = await sell(anna.id, bead.id);
    expect(second.statusCode).toBe(201);
    expect(await stockOfBead(bead.id)).toBe(-1);

    const order = second.json();
    const line = order.normalLines[0];
    expect((await t.request({ method: 'DELETE', url: `/api/order-lines/${line.id}` })).statusCode).toBe(200);
    expect(await stockOfBead(bead.id)).toBe(0);

    for (const status of ['invoiced', 'active', 'paid', 'packed']) {
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        payload: { status },
      });
      expect(patched.statusCode, status).toBe(200);
    }
    expect(await stockOfBead(bead.id)).toBe(0);
    const history = (await page(bead.id)).stockHistory;
    expect(history.map((m) => [m.kind, m.quantity, m.customerName, m.stockAfter])).toEqual([
      ['return', 1, 'Anna Salg', 0],
      ['sale', -1, 'Anna Salg', -1],
      ['sale', -1, 'Anna Salg', 0],
      ['count', 1, null, 1],
    ]);
    await expectStockByRule(bead.id);
  });

  it('completing a todo takes its amount (with or without a customer); Tilføj til kunder takes one each', async () => {
    const bead = await createBead(t.db);
    const [a, b] = [await createCustomer(t.db), await createCustomer(t.db)];
    await count(bead.id, 10);
    const todo = await createTodo(t.db, { beadId: bead.id, customerId: a.id, amount: 3 });
    const complete = (id: string) =>
      t.request({
        method: 'POST',
        url: `/api/todos/${id}/complete`,
        payload: { idempotencyKey: crypto.randomUUID() },
      });
    expect((await complete(todo.id)).statusCode).toBe(200);
    expect(await stockOfBead(bead.id)).toBe(7);
    const own = await createTodo(t.db, { beadId: bead.id, customerId: null, amount: 2 });
    expect((await complete(own.id)).json().outcome).toBe('deleted');
    expect(await stockOfBead(bead.id)).toBe(5);
    const added = await t.request({
      method: 'POST',
      url: `/api/beads/${bead.id}/add-to-customers`,
      payload: { customerIds: [a.id, b.id] },
    });
    expect(added.statusCode).toBe(201);
    expect(await stockOfBead(bead.id)).toBe(3);
    expect((await page(bead.id)).stockHistory.map((m) => [m.kind, m.quantity])).toEqual([
      ['sale', -1],
      ['sale', -1],
      ['todo', -2],
      ['sale', -3],
      ['count', 10],
    ]);
    await expectStockByRule(bead.id);
  });

  it('sales of a bead never counted are kept, so a count typed before them arriving later subtracts them', async () => {
    const bead = await createBead(t.db);
    const customer = await createCustomer(t.db);
    await sell(customer.id, bead.id);
    await sell(customer.id, bead.id);
    expect(await stockOfBead(bead.id)).toBeNull();
    // The first sale happened before she typed 20 on the phone (offline), the second after it; the phone's
    // count arrives now. Only the second was still on the shelf she counted.
    const [before] = await t.db
      .selectFrom('stock_movements')
      .select('id')
      .where('bead_id', '=', bead.id)
      .orderBy('recorded_at')
      .orderBy('id')
      .execute();
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await t.db
      .updateTable('stock_movements')
      .set({ at: twoMinutesAgo })
      .where('id', '=', before!.id)
      .execute();
    const response = await count(bead.id, 20, new Date(Date.now() - 60_000).toISOString());
    expect(response.json().stock).toBe(19);
    await expectStockByRule(bead.id);
  });

  it('a count typed offline earlier than a later count changes nothing but the history; moments are bounded', async () => {
    const bead = await createBead(t.db);
    const customer = await createCustomer(t.db);
    await count(bead.id, 8, new Date(Date.now() - 10_000).toISOString());
    await sell(customer.id, bead.id);
    expect(await stockOfBead(bead.id)).toBe(7);
    // An older count arriving late: the newer one still rules.
    expect((await count(bead.id, 30, new Date(Date.now() - 3_600_000).toISOString())).json().stock).toBe(7);
    // A moment in the future is now; one older than a week is a week ago.
    await count(bead.id, 4, new Date(Date.now() + 86_400_000).toISOString());
    expect(await stockOfBead(bead.id)).toBe(4);
    await count(bead.id, 50, '2001-01-01T00:00:00.000Z');
    const rows = await t.db
      .selectFrom('stock_movements')
      .select(['quantity', 'at', 'recorded_at'])
      .where('bead_id', '=', bead.id)
      .where('kind', '=', 'count')
      .execute();
    const future = rows.find((row) => row.quantity === 4)!;
    expect(Date.parse(future.at)).toBeLessThanOrEqual(Date.parse(future.recorded_at));
    const old = rows.find((row) => row.quantity === 50)!;
    expect(Date.parse(old.recorded_at) - Date.parse(old.at)).toBeGreaterThan(6.9 * 86_400_000);
    expect(await stockOfBead(bead.id)).toBe(4);
    await expectStockByRule(bead.id);
  });

  it('a count sent twice with one Idempotency-Key is written once and answers the same', async () => {
    const bead = await createBead(t.db);
    const key = crypto.randomUUID();
    const body = { kind: 'received', quantity: 3 };
    await count(bead.id, 1);
    const first = await move(bead.id, body, key);
    const second = await move(bead.id, body, key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await stockOfBead(bead.id)).toBe(4);
  });

  it('Fortryd takes back her latest own movement only; a sale is undone on the order', async () => {
    const bead = await createBead(t.db);
    const customer = await createCustomer(t.db);
    const first = (await count(bead.id, 5)).json();
    const second = (await count(bead.id, 9)).json();
    const received = (await move(bead.id, { kind: 'received', quantity: 2 })).json();
    await sell(customer.id, bead.id);
    expect(await stockOfBead(bead.id)).toBe(10);

    const notLatest = await undo(second.movementId);
    expect(notLatest.statusCode).toBe(409);
    expect(notLatest.json()).toEqual({
      code: 'STOCK_NOT_LATEST',
      message: 'Kun den seneste optælling, modtagelse eller rettelse kan fortrydes',
    });
    const sale = (await page(bead.id)).stockHistory[0]!;
    expect(sale.kind).toBe('sale');
    expect(sale.undoable).toBe(false);
    expect((await undo(sale.id)).json()).toMatchObject({ code: 'STOCK_NOT_OWN' });

    const key = crypto.randomUUID();
    const undone = await undo(received.movementId, key);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ beadId: bead.id, stock: 8, restoredTodos: 0 });
    // A lost answer: the same key answers the same, and nothing more is undone.
    expect((await undo(received.movementId, key)).json()).toEqual(undone.json());
    expect(await stockOfBead(bead.id)).toBe(8);
    // The count of 9 is her latest now; undone, the count of 5 rules with the sale after it.
    expect((await undo(second.movementId)).json().stock).toBe(4);
    expect((await undo(first.movementId)).json().stock).toBeNull();
    expect((await undo(first.movementId)).statusCode).toBe(404);
    expect(await stockOfBead(bead.id)).toBeNull();
    await expectStockByRule(bead.id);
  });

  it('a deleted bead keeps its stock and history; its page refuses new movements', async () => {
    const bead = await createBead(t.db);
    await count(bead.id, 3);
    expect((await t.request({ method: 'DELETE', url: `/api/beads/${bead.id}` })).statusCode).toBe(204);
    expect((await count(bead.id, 5)).statusCode).toBe(404);
    const gone = await page(bead.id);
    expect(gone.stock).toBe(3);
    expect(gone.stockHistory).toHaveLength(1);
  });

  it('GET /api/stock/counts gives each counted bead its latest count; a new round starts now', async () => {
    const bead = await createBead(t.db);
    await count(bead.id, 6);
    await move(bead.id, { kind: 'received', quantity: 4 });
    const before = (await t.request({ method: 'GET', url: '/api/stock/counts' })).json();
    expect(before.roundStartedAt).toBeNull();
    expect(before.counts.find((c: { beadId: string }) => c.beadId === bead.id)).toMatchObject({
      lastCount: 6,
    });
    const round = await t.request({ method: 'POST', url: '/api/stock/count-round' });
    expect(round.statusCode).toBe(200);
    const after = (await t.request({ method: 'GET', url: '/api/stock/counts' })).json();
    expect(after.roundStartedAt).toBe(round.json().roundStartedAt);
    // The stock itself stays.
    expect(await stockOfBead(bead.id)).toBe(10);
  });

  it("Salg shows the counted beads' value at today's prices, pairs by the pair, and the top beads' stock", async () => {
    // Its own shop: Salg sums every counted bead.
    const shop = await createTestApp(kind);
    try {
      const plain = await createBead(shop.db, { priceOre: 2000 });
      const pair = await createBead(shop.db, { priceOre: 7500, saleType: '2 for 125' });
      const below = await createBead(shop.db, { priceOre: 1000 });
      const gone = await createBead(shop.db, { priceOre: 1000 });
      await createBead(shop.db, { priceOre: 9900 }); // not counted: not in the value
      await moveStock(shop.db, plain.id, { kind: 'count', quantity: 3 });
      await moveStock(shop.db, pair.id, { kind: 'count', quantity: 5 });
      await moveStock(shop.db, below.id, { kind: 'count', quantity: 0 });
      await moveStock(shop.db, below.id, { kind: 'adjust', quantity: -1, reason: 'solgt' });
      await moveStock(shop.db, gone.id, { kind: 'count', quantity: 7 });
      await shop.request({ method: 'DELETE', url: `/api/beads/${gone.id}` });
      const sales = (await shop.request({ method: 'GET', url: '/api/sales?year=2026' })).json();
      expect(sales.stock).toEqual({ valueOre: 3 * 2000 + 2 * 12_500 + 7500, countedBeads: 3 });
    } finally {
      await shop.close();
    }
  });

  it('the bead lists and a todo show the stock', async () => {
    const bead = await createBead(t.db);
    const customer = await createCustomer(t.db);
    await createOrder(t.db, { customerId: customer.id });
    await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 1 });
    await count(bead.id, 2);
    const first = (await t.request({ method: 'GET', url: '/api/todos/first?limit=100' })).json();
    expect(first.todos.find((todo: { beadId: string }) => todo.beadId === bead.id).bead.stock).toBe(2);
  });
});
