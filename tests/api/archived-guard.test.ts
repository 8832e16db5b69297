/**
 * An archived customer gets no new order lines or todos until she is brought back (409 in Danish,
 * nothing written), whichever way they would arrive: a line, a bead added to several customers, a todo, a
 * todo's completion, or an offline write replayed after she was archived. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBead, createCustomer, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const ARCHIVED = {
  code: 'CUSTOMER_ARCHIVED',
  message: 'Kunden er arkiveret. Gendan kunden for at tilføje varer eller todos.',
};

describe.each(dialects)('archived customers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });
  const counts = async () => ({
    lines: (await t.db.selectFrom('order_lines').select('id').execute()).length,
    orders: (await t.db.selectFrom('orders').select('id').execute()).length,
    todos: (await t.db.selectFrom('todos').select('id').execute()).length,
  });

  it('refuses new lines, todos and completions for her, and takes them again once she is back', async () => {
    const archived = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const bead = await createBead(t.db, { priceOre: 2500 });
    const todo = await createTodo(t.db, { beadId: bead.id, customerId: archived.id, amount: 2 });
    expect((await post(`/api/customers/${archived.id}/archive`, {})).statusCode).toBe(200);
    const before = await counts();

    const refused = [
      await post(`/api/customers/${archived.id}/lines`, { kind: 'free', text: 'Ring', priceOre: 100 }),
      await post(`/api/customers/${archived.id}/lines`, { kind: 'bead', beadId: bead.id }),
      await post(`/api/customers/${archived.id}/active-order`, {}),
      await post(`/api/beads/${bead.id}/add-to-customers`, { customerIds: [other.id, archived.id] }),
      await post('/api/todos', {
        amount: 1,
        customerId: archived.id,
        bead: { kind: 'existing', beadId: bead.id },
      }),
      await post(`/api/todos/${todo.id}/complete`, { idempotencyKey: crypto.randomUUID() }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual(ARCHIVED);
    }
    // Nothing written: not even the other customer's line of the same add-to-customers.
    expect(await counts()).toEqual(before);

    expect((await post(`/api/customers/${archived.id}/unarchive`, {})).statusCode).toBe(200);
    expect(
      (await post(`/api/customers/${archived.id}/lines`, { kind: 'free', text: 'Ring', priceOre: 100 }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post(`/api/todos/${todo.id}/complete`, { idempotencyKey: crypto.randomUUID() })).statusCode,
    ).toBe(200);
  });
});
