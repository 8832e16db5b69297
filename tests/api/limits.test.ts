/**
 * Trust: inputs that used to break screens for good. Every limit answers a Danish 4xx through
 * the real app and writes nothing; the import validates rows like the API does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderLines } from '../../src/server/orders/orders.repository.ts';
import { beadNameKey } from '../../src/shared/domain/bead-name.ts';
import { MAX_LINES_PER_ORDER } from '../../src/shared/domain/limits.ts';
import { createBead, createCustomer, createOrder, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });
  const countRows = async (table: 'customers' | 'beads' | 'todos' | 'order_lines') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('todo amounts', () => {
    it('refuses a merge beyond 999 in Danish and keeps the todo as it was', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const payload = { amount: 999, customerId: customer.id, bead: { kind: 'existing', beadId: bead.id } };
      expect((await post('/api/todos', payload)).statusCode).toBe(201);
      const second = await post('/api/todos', { ...payload, amount: 1 });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'TODO_AMOUNT_TOO_HIGH' });
      expect(second.json().message).toContain('Antal må højst være 999');
      const todos = await t.db.selectFrom('todos').selectAll().where('bead_id', '=', bead.id).execute();
      expect(todos.map((todo) => todo.amount)).toEqual([999]);
    });

    it('refuses 1000 at once, and a merged todo with a new bead leaves no bead behind', async () => {
      const customer = await createCustomer(t.db);
      const tooMany = await post('/api/todos', {
        amount: 1000,
        customerId: customer.id,
        bead: { kind: 'new', name: 'Tusind perler' },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('Antal må højst være 999');
      expect(
        await t.db.selectFrom('beads').select('id').where('name', '=', 'Tusind perler').execute(),
      ).toEqual([]);
    });

    it('the database refuses an amount above 999 however it is written', async () => {
      const todo = await createTodo(t.db, { amount: 5 });
      await expect(
        t.db.updateTable('todos').set({ amount: 1000 }).where('id', '=', todo.id).execute(),
      ).rejects.toThrow();
    });
  });

  describe('lines per order', () => {
    it(`completing a todo refuses to grow an order beyond ${MAX_LINES_PER_ORDER} lines`, async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const order = await createOrder(t.db, { customerId: customer.id, status: 'active' });
      const now = new Date().toISOString();
      await insertOrderLines(
        t.db,
        Array.from({ length: MAX_LINES_PER_ORDER - 5 }, () => ({
          id: crypto.randomUUID(),
          order_id: order.id,
          bead_id: bead.id,
          text: null,
          price_ore: null,
          sale_type: null,
          added_at: now,
        })),
      );
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 6 });
      const linesBefore = await countRows('order_lines');
      const response = await post(`/api/todos/${todo.id}/complete`, { idempotencyKey: crypto.randomUUID() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_TOO_MANY_LINES' });
      expect(response.json().message).toMatch(/højst have 2\.000 linjer/);
      expect(await countRows('order_lines')).toBe(linesBefore);
      expect(await t.db.selectFrom('todos').select('id').where('id', '=', todo.id).execute()).toHaveLength(1);

      const free = await post(`/api/customers/${customer.id}/lines`, {
        kind: 'free',
        text: 'Porto',
        priceOre: 100,
      });
      expect(free.statusCode).toBe(201);
      const pages = await Promise.all(
        ['/api/pillow', '/api/orders', `/api/customers/${customer.id}`].map((url) =>
          t.request({ method: 'GET', url }),
        ),
      );
      expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200]);
    });
  });

  describe('prices', () => {
    it('Tilføj ny nål refuses 0 kr and prices above 100.000 kr', async () => {
      const before = await countRows('beads');
      const zero = await post('/api/beads', { name: 'Gratis perle', priceOre: 0, saleType: null });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toBe('Prisen skal være over 0');
      const high = await post('/api/beads', { name: 'Dyr perle', priceOre: 10_000_001, saleType: null });
      expect(high.statusCode).toBe(400);
      expect(high.json().message).toBe('Prisen er for høj');
      expect(await countRows('beads')).toBe(before);
      const max = await post('/api/beads', { name: 'Dyreste perle', priceOre: 10_000_000, saleType: null });
      expect(max.statusCode).toBe(201);
    });

    it('a free line needs a price above 0', async () => {
      const customer = await createCustomer(t.db);
      const before = await countRows('order_lines');
      const response = await post(`/api/customers/${customer.id}/lines`, {
        kind: 'free',
        text: 'Gave',
        priceOre: 0,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Prisen skal være over 0');
      expect(await countRows('order_lines')).toBe(before);
    });

    it('the database refuses a bead price above 100.000 kr', async () => {
      const bead = await createBead(t.db);
      await expect(
        t.db.updateTable('beads').set({ price_ore: 1e16 }).where('id', '=', bead.id).execute(),
      ).rejects.toThrow();
    });
  });

  describe('names', () => {
    it('cleans invisible and direction characters from a customer name', async () => {
      const response = await post('/api/customers', {
        name: '\u202EÅse\u200B  Ha\u00ADnsen\uFEFF\u2028Jensen ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe('Åse Hansen Jensen');
    });

    it('refuses a name that is empty after cleaning, too long, or the reserved {name}', async () => {
      const before = await countRows('customers');
      const empty = await post('/api/customers', { name: '\u200B\u200E\u2066 \u2069' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Navn er påkrævet');
      const long = await post('/api/customers', { name: 'x'.repeat(121) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('Navnet må højst være på 120 tegn');
      for (const name of ['{name}', ' {name}\u200B']) {
        const reserved = await post('/api/customers', { name });
        expect(reserved.statusCode).toBe(400);
        expect(reserved.json().message).toBe('Navnet {name} kan ikke bruges');
      }
      expect(await countRows('customers')).toBe(before);
      expect((await post('/api/customers', { name: 'x'.repeat(120) })).statusCode).toBe(201);
    });

    it('cleans bead names the same way', async () => {
      const response = await post('/api/beads', {
        name: 'Gul\u200D perle\u0007',
        priceOre: 500,
        saleType: null,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe('Gul perle');
    });
  });

  describe('case-insensitive bead names', () => {
    it('Tilføj ny nål refuses a visible bead’s name in any case', async () => {
      expect(
        (await post('/api/beads', { name: 'Rød Perle', priceOre: 500, saleType: null })).statusCode,
      ).toBe(201);
      const before = await countRows('beads');
      const again = await post('/api/beads', { name: 'RØD perle', priceOre: 700, saleType: null });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Fejl! Der findes allerede en nål med dette navn');
      expect(await countRows('beads')).toBe(before);
    });

    it('Tilføj ny nål brings back a soft-deleted bead named in another case', async () => {
      const bead = await createBead(t.db, { name: 'Blå Glas', isDeleted: true, priceOre: 300 });
      const response = await post('/api/beads', { name: 'blå glas', priceOre: 900, saleType: null });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ id: bead.id, priceOre: 900, isDeleted: false });
    });

    it('Tilføj ny nål brings back a 0-kr bead created from the todo dialog', async () => {
      const customer = await createCustomer(t.db);
      const todo = await post('/api/todos', {
        amount: 1,
        customerId: customer.id,
        bead: { kind: 'new', name: 'Grøn Kugle' },
      });
      expect(todo.statusCode).toBe(201);
      const beadId = todo.json().todo.beadId;
      const response = await post('/api/beads', { name: 'grøn kugle', priceOre: 1200, saleType: null });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ id: beadId, priceOre: 1200, isDeleted: false });
    });

    it('three parallel todo-dialog requests with one name in three cases create one bead', async () => {
      const customer = await createCustomer(t.db);
      for (let round = 0; round < 10; round++) {
        const names = [`Rød X${round}`, `rød X${round}`, `RØD X${round}`];
        const answers = await Promise.all(
          names.map((name) =>
            post('/api/todos', { amount: 1, customerId: customer.id, bead: { kind: 'new', name } }),
          ),
        );
        for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
        const beads = (await t.db.selectFrom('beads').select(['id', 'name']).execute()).filter(
          (bead) => beadNameKey(bead.name) === beadNameKey(names[0]!),
        );
        expect(beads, `round ${round}`).toHaveLength(1);
      }
    });
  });
});

describe.each(dialects)('import validated like the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const importFile = (payload: unknown, dryRun: boolean) =>
    t.request({
      method: 'POST',
      url: `/api/data/import?dryRun=${dryRun}`,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('refuses a file nested 20,000 levels deep with a Danish 400', async () => {
    const deep = `{"customers":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const response = await importFile(deep, true);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/indlejret i mere end 64 niveauer/);
  });

  it('reports each out-of-limit row by its document id and stores nothing that breaks a screen', async () => {
    const file = {
      customers: {
        c1: { name: 'x'.repeat(5_000) },
        c2: { name: 'Åse', createdAt: 'i går' },
      },
      beads: {
        b1: { name: 'Guld', price: 1e14 },
        b2: { name: 'Sølv', price: 20, saleType: '3 for 100' },
        b3: { name: 'sølv', price: 25 },
      },
      todos: { t1: { beadId: 'b2', customerId: 'c2', amount: 5_000 } },
    };
    const response = await importFile(file, false);
    expect(response.statusCode).toBe(200);
    const issues: Array<{ code: string; ids: string[]; message: string }> = response.json().issues;
    const byCode = (code: string) => issues.filter((issue) => issue.code === code);
    expect(byCode('nameTooLong').map((issue) => issue.ids)).toEqual([['c1']]);
    expect(byCode('beadPriceInvalid').map((issue) => issue.ids)).toEqual([['b1']]);
    expect(byCode('beadSaleTypeUnknown').map((issue) => issue.ids)).toEqual([['b2']]);
    expect(byCode('todoAmountInvalid').map((issue) => issue.ids)).toEqual([['t1']]);
    expect(byCode('dateInvalid').map((issue) => issue.ids)).toEqual([['c2']]);
    expect(byCode('beadNameDuplicate').map((issue) => issue.ids[0])).toEqual(['b3']);
    for (const issue of issues) expect(issue.message).toContain(`"${issue.ids[0]}"`);

    const beads = await t.request({ method: 'GET', url: '/api/beads?includeDeleted=true' });
    expect(beads.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('beads')
      .select(['id', 'name', 'price_ore', 'sale_type'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 'b1', name: 'Guld', price_ore: 0, sale_type: null },
      { id: 'b2', name: 'Sølv', price_ore: 2000, sale_type: null },
      { id: 'b3', name: 'sølv (2)', price_ore: 2500, sale_type: null },
    ]);
    const customers = await t.db.selectFrom('customers').select(['id', 'created_at']).execute();
    expect(customers.map((c) => c.id)).toEqual(['c2']);
    expect(Number.isNaN(Date.parse(customers[0]!.created_at))).toBe(false);
    expect(await t.db.selectFrom('todos').select('id').execute()).toEqual([]);
  });
});
