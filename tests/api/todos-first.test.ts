/**
 * GET /api/todos/first: the todo page's first screenful, whole todos in the list's order, with the total,
 * so the page shows rows before the three whole lists (todos, beads, customers) have arrived.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_TODOS } from '../../src/shared/domain/limits.ts';
import { OFFER_2_FOR_125 } from '../../src/shared/domain/sale-type.ts';
import { type TodoListItem, todoFirstScreenSchema } from '../../src/shared/schemas/api-todos.ts';
import { createBead, createCustomer, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const LIMIT_MESSAGE = 'Antal skal være et helt tal fra 1 til 100';

describe.each(dialects)('first screen of todos on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers });

  it('answers no todos and a total of 0 for an empty shop', async () => {
    const response = await get('/api/todos/first?limit=40');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ todos: [], total: 0 });
  });

  it('gives the first N todos in the order of GET /api/todos, each with its bead and customer', async () => {
    const anna = await createCustomer(t.db, { name: 'Anna Ørsted' });
    const red = await createBead(t.db, { name: 'Rød perle', priceOre: 1250, saleType: OFFER_2_FOR_125 });
    const fresh = await createBead(t.db, { name: 'Havglas', priceOre: 0 });
    const gone = await createBead(t.db, { name: 'Gammel perle', isDeleted: true });
    await createTodo(t.db, { beadId: red.id, customerId: anna.id, amount: 3 });
    await createTodo(t.db, { beadId: fresh.id, customerId: null, amount: 1 });
    await createTodo(t.db, { beadId: gone.id, customerId: anna.id, amount: 2 });
    for (let i = 0; i < 7; i++) await createTodo(t.db, { amount: i + 1 });

    const whole = (await get('/api/todos')).json<TodoListItem[]>();
    expect(whole).toHaveLength(10);

    const response = await get('/api/todos/first?limit=4');
    expect(response.statusCode).toBe(200);
    const body = todoFirstScreenSchema.parse(response.json());
    expect(body.total).toBe(10);
    expect(body.todos.map((todo) => todo.id)).toEqual(whole.slice(0, 4).map((todo) => todo.id));
    // Todos added in the same millisecond are ordered by id, so the three are looked up by their bead.
    const all = todoFirstScreenSchema.parse((await get('/api/todos/first?limit=100')).json());
    expect(all.todos.map((todo) => todo.id)).toEqual(whole.map((todo) => todo.id));
    expect(all.total).toBe(10);
    const ofBead = (beadId: string) => all.todos.find((todo) => todo.beadId === beadId);
    expect(ofBead(red.id)).toEqual({
      ...whole.find((todo) => todo.beadId === red.id),
      bead: {
        id: red.id,
        name: 'Rød perle',
        priceOre: 1250,
        saleType: OFFER_2_FOR_125,
        isDeleted: false,
        photoId: null,
        stock: null,
      },
      customer: { id: anna.id, name: 'Anna Ørsted' },
    });
    expect(ofBead(fresh.id)).toMatchObject({
      amount: 1,
      customerId: null,
      bead: { id: fresh.id, name: 'Havglas', priceOre: 0, saleType: null, isDeleted: false, photoId: null },
      customer: null,
    });
    expect(ofBead(gone.id)).toMatchObject({
      amount: 2,
      bead: { name: 'Gammel perle', isDeleted: true },
      customer: { id: anna.id, name: 'Anna Ørsted' },
    });
  });
  it(`asks for ${FIRST_SCREEN_TODOS} when no limit is given`, async () => {
    for (let i = 0; i < FIRST_SCREEN_TODOS + 2; i++) await createTodo(t.db);
    const body = todoFirstScreenSchema.parse((await get('/api/todos/first')).json());
    expect(body.todos).toHaveLength(FIRST_SCREEN_TODOS);
    expect(body.total).toBeGreaterThan(FIRST_SCREEN_TODOS);
  });

  it.each(['0', '101', '-1', '1.5', 'abc', '', '1000', '40&limit=41'])(
    'refuses limit=%s with a Danish 400',
    async (limit) => {
      const response = await get(`/api/todos/first?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: LIMIT_MESSAGE });
    },
  );

  it('has an ETag that a change of a todo, a bead or a customer renews, and 304 until then', async () => {
    const url = '/api/todos/first?limit=40';
    const etagOf = async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      return response.headers.etag as string;
    };
    const first = await etagOf();
    const unchanged = await get(url, { 'if-none-match': first });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const customer = await createCustomer(t.db);
    const afterCustomer = await etagOf();
    expect(afterCustomer).not.toBe(first);

    const bead = await createBead(t.db);
    const afterBead = await etagOf();
    expect(afterBead).not.toBe(afterCustomer);

    await createTodo(t.db, { beadId: bead.id, customerId: customer.id });
    expect(await etagOf()).not.toBe(afterBead);
  });

  it('a renamed customer shows in the next answer (the cached body follows the customers table)', async () => {
    const customer = await createCustomer(t.db, { name: 'Før Navn' });
    const todo = await createTodo(t.db, { customerId: customer.id });
    const nameIn = async () => {
      const body = todoFirstScreenSchema.parse((await get('/api/todos/first?limit=100')).json());
      return body.todos.find((candidate) => candidate.id === todo.id)?.customer?.name;
    };
    expect(await nameIn()).toBe('Før Navn');
    await t.db.updateTable('customers').set({ name: 'Efter Navn' }).where('id', '=', customer.id).execute();
    expect(await nameIn()).toBe('Efter Navn');
  });
});
