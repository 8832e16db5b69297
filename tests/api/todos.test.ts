import { sql } from 'kysely';
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

describe.each(dialects)('todos API on %s', (kind) => {
  const t = appPerSuite(kind);

  const todosOf = (beadId: string) =>
    t.db.selectFrom('todos').selectAll().where('bead_id', '=', beadId).execute();
  const linesOf = (beadId: string) =>
    t.db.selectFrom('order_lines').selectAll().where('bead_id', '=', beadId).execute();
  const complete = (todoId: string, payload: object) =>
    t.request({ method: 'POST', url: `/api/todos/${todoId}/complete`, payload });

  /**
   * Makes the database refuse the change-log entry of completing this todo. The change log is written last,
   * right before commit, after the todo was taken, the price set and the lines added, so the completion fails
   * half-way as a lost disk or a killed database would make it. Gives what removes the refusal again.
   */
  async function failCompletionAtCommit(todoId: string): Promise<() => Promise<void>> {
    if (kind === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER fail_completion BEFORE INSERT ON change_log WHEN NEW.entity_id = '${todoId}' ` +
            "BEGIN SELECT RAISE(ABORT, 'strømmen gik'); END",
        )
        .execute(t.db);
      return async () => {
        await sql.raw('DROP TRIGGER fail_completion').execute(t.db);
      };
    }
    await sql
      .raw(
        'CREATE FUNCTION fail_completion() RETURNS trigger LANGUAGE plpgsql AS ' +
          "$$ BEGIN RAISE EXCEPTION 'strømmen gik'; END $$",
      )
      .execute(t.db);
    await sql
      .raw(
        'CREATE TRIGGER fail_completion BEFORE INSERT ON change_log FOR EACH ROW ' +
          `WHEN (NEW.entity_id = '${todoId}') EXECUTE FUNCTION fail_completion()`,
      )
      .execute(t.db);
    return async () => {
      await sql.raw('DROP TRIGGER fail_completion ON change_log').execute(t.db);
      await sql.raw('DROP FUNCTION fail_completion()').execute(t.db);
    };
  }

  describe('adding', () => {
    it('creates a todo with its bead and customer', async () => {
      const customer = await createCustomer(t.db, { name: 'Lærke Østergaard' });
      const bead = await createBead(t.db, { name: 'Blå perle' });
      const response = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { amount: 2, customerId: customer.id, bead: { kind: 'existing', beadId: bead.id } },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        merged: false,
        createdBead: null,
        todo: {
          amount: 2,
          beadId: bead.id,
          customerId: customer.id,
          bead: { name: 'Blå perle', priceOre: 4500 },
          customer: { id: customer.id, name: 'Lærke Østergaard' },
        },
      });
    });

    it('merges a second todo for the same bead and customer into the first', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const payload = { amount: 2, customerId: customer.id, bead: { kind: 'existing', beadId: bead.id } };
      const first = await t.request({ method: 'POST', url: '/api/todos', payload });
      const second = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { ...payload, amount: 3 },
      });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ merged: true, todo: { id: first.json().todo.id, amount: 5 } });
      expect(await todosOf(bead.id)).toHaveLength(1);
    });

    it('merges todos without a customer too', async () => {
      const bead = await createBead(t.db);
      const payload = { amount: 1, customerId: null, bead: { kind: 'existing', beadId: bead.id } };
      await t.request({ method: 'POST', url: '/api/todos', payload });
      const second = await t.request({ method: 'POST', url: '/api/todos', payload });
      expect(second.json()).toMatchObject({ merged: true, todo: { amount: 2, customer: null } });
      expect(await todosOf(bead.id)).toHaveLength(1);
    });

    it('creates a new 0-kr bead from the dialog, refusing a name that exists in another case', async () => {
      const customer = await createCustomer(t.db);
      await createBead(t.db, { name: 'Grøn Perle' });
      const created = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { amount: 1, customerId: customer.id, bead: { kind: 'new', name: 'Helt ny perle' } },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().createdBead).toMatchObject({
        name: 'Helt ny perle',
        priceOre: 0,
        saleType: null,
      });

      const beadsBefore = (await t.db.selectFrom('beads').select('id').execute()).length;
      const duplicate = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { amount: 1, customerId: customer.id, bead: { kind: 'new', name: ' grøn perle ' } },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: 'En perle med dette navn findes allerede',
        code: 'BEAD_NAME_TAKEN',
      });
      expect((await t.db.selectFrom('beads').select('id').execute()).length).toBe(beadsBefore);
    });

    it('takes up a soft-deleted bead of that name (any case) instead of refusing a name the owner cannot see', async () => {
      const deleted = await createBead(t.db, { name: 'Sort onyx 4 mm', priceOre: 6000, isDeleted: true });
      const customer = await createCustomer(t.db);
      const beadsBefore = (await t.db.selectFrom('beads').select('id').execute()).length;
      const response = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { amount: 2, customerId: customer.id, bead: { kind: 'new', name: 'sort onyx 4 MM' } },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ createdBead: null, todo: { beadId: deleted.id, amount: 2 } });
      expect((await t.db.selectFrom('beads').select('id').execute()).length).toBe(beadsBefore);
    });

    it('validates in Danish and writes nothing; unknown bead or customer is 404 and leaves no new bead', async () => {
      const bead = await createBead(t.db);
      const customer = await createCustomer(t.db);
      const cases: Array<[object, string]> = [
        [
          { amount: 0, customerId: customer.id, bead: { kind: 'existing', beadId: bead.id } },
          'Antal må ikke være mindre end 1',
        ],
        [{ amount: 1, customerId: customer.id, bead: { kind: 'new', name: '  ' } }, 'Indtast navn på perle'],
        [{ amount: 1, customerId: customer.id, bead: { kind: 'existing', beadId: '' } }, 'Vælg en perle'],
      ];
      for (const [payload, message] of cases) {
        const response = await t.request({ method: 'POST', url: '/api/todos', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
      }
      expect(await todosOf(bead.id)).toEqual([]);

      const beadsBefore = (await t.db.selectFrom('beads').select('id').execute()).length;
      const unknownCustomer = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { amount: 1, customerId: 'findes-ikke', bead: { kind: 'new', name: 'Forældreløs perle' } },
      });
      expect(unknownCustomer.statusCode).toBe(404);
      expect(unknownCustomer.json().code).toBe('CUSTOMER_NOT_FOUND');
      const unknownBead = await t.request({
        method: 'POST',
        url: '/api/todos',
        payload: { amount: 1, customerId: customer.id, bead: { kind: 'existing', beadId: 'findes-ikke' } },
      });
      expect(unknownBead.json()).toEqual({ message: 'Perlen kun ikke findes', code: 'BEAD_NOT_FOUND' });
      expect((await t.db.selectFrom('beads').select('id').execute()).length).toBe(beadsBefore);
    });
  });

  describe('listing, changing and deleting', () => {
    it('lists todos as ids and amounts only (the client joins the bead and customer lists)', async () => {
      const bead = await createBead(t.db, { name: 'Listeperle', priceOre: 0 });
      const todo = await createTodo(t.db, { beadId: bead.id, amount: 4 });
      const response = await t.request({ method: 'GET', url: '/api/todos' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual({ id: todo.id, beadId: bead.id, customerId: null, amount: 4 });
    });

    it('changes the amount, deletes, and answers 404 for unknown ids', async () => {
      const todo = await createTodo(t.db, { amount: 1 });
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/todos/${todo.id}`,
        payload: { amount: 7 },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().amount).toBe(7);
      const invalid = await t.request({
        method: 'PATCH',
        url: `/api/todos/${todo.id}`,
        payload: { amount: 0 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe('Antal må ikke være mindre end 1');

      expect((await t.request({ method: 'DELETE', url: `/api/todos/${todo.id}` })).statusCode).toBe(204);
      for (const request of [
        { method: 'DELETE' as const, url: `/api/todos/${todo.id}` },
        { method: 'PATCH' as const, url: `/api/todos/${todo.id}`, payload: { amount: 2 } },
        {
          method: 'POST' as const,
          url: `/api/todos/${todo.id}/complete`,
          payload: { idempotencyKey: crypto.randomUUID() },
        },
      ]) {
        const response = await t.request(request);
        expect(response.statusCode, request.method).toBe(404);
        expect(response.json()).toEqual({ message: 'Todoen findes ikke', code: 'TODO_NOT_FOUND' });
      }
    });
  });

  describe('completing', () => {
    it('adds one line per unit to the existing active order and deletes the todo', async () => {
      const customer = await createCustomer(t.db);
      const order = await createOrder(t.db, { customerId: customer.id });
      const bead = await createBead(t.db, { priceOre: 3000 });
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 3 });

      const response = await complete(todo.id, { idempotencyKey: crypto.randomUUID() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ todoId: todo.id, outcome: 'addedToOrder', orderId: order.id });
      expect(response.json().lineIds).toHaveLength(3);
      expect(await linesOf(bead.id)).toHaveLength(3);
      expect(await todosOf(bead.id)).toEqual([]);
    });

    it('creates the active order when the customer has none', async () => {
      const customer = await createCustomer(t.db);
      await createOrder(t.db, { customerId: customer.id, status: 'shipped' });
      const todo = await createTodo(t.db, { customerId: customer.id, amount: 1 });
      const response = await complete(todo.id, { idempotencyKey: crypto.randomUUID() });
      expect(response.statusCode).toBe(200);
      const active = await t.db
        .selectFrom('orders')
        .selectAll()
        .where('customer_id', '=', customer.id)
        .where('status', '=', 'active')
        .execute();
      expect(active.map((o) => o.id)).toEqual([response.json().orderId]);
    });

    it('only deletes a todo without a customer', async () => {
      const bead = await createBead(t.db);
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: null, amount: 2 });
      const response = await complete(todo.id, { idempotencyKey: crypto.randomUUID() });
      expect(response.json()).toMatchObject({ outcome: 'deleted', orderId: null, lineIds: [] });
      expect(await todosOf(bead.id)).toEqual([]);
      expect(await linesOf(bead.id)).toEqual([]);
    });

    it('needs a price for a 0-kr bead, and then sets it (and undeletes the bead) in the same transaction', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db, { priceOre: 0, isDeleted: true });
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });

      const refused = await complete(todo.id, { idempotencyKey: crypto.randomUUID() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Prisen skal være over 0', code: 'PRICE_REQUIRED' });
      expect(await todosOf(bead.id)).toHaveLength(1);

      const zero = await complete(todo.id, { idempotencyKey: crypto.randomUUID(), priceOre: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json()).toMatchObject({ code: 'VALIDATION', message: 'Prisen skal være over 0' });

      const response = await complete(todo.id, {
        idempotencyKey: crypto.randomUUID(),
        priceOre: 7500,
        saleType: '2 for 125',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().bead).toMatchObject({ priceOre: 7500, saleType: '2 for 125', isDeleted: false });
      const row = await t.db
        .selectFrom('beads')
        .selectAll()
        .where('id', '=', bead.id)
        .executeTakeFirstOrThrow();
      expect([row.price_ore, row.sale_type, Boolean(row.is_deleted)]).toEqual([7500, '2 for 125', false]);
      expect(await linesOf(bead.id)).toHaveLength(2);
    });

    it("brings a deleted bead with a price back when its price is sent with the completion (the owner's yes), else leaves it deleted", async () => {
      const customer = await createCustomer(t.db);
      const isDeleted = async (beadId: string) =>
        Boolean(
          (
            await t.db
              .selectFrom('beads')
              .select('is_deleted')
              .where('id', '=', beadId)
              .executeTakeFirstOrThrow()
          ).is_deleted,
        );

      const kept = await createBead(t.db, { priceOre: 6000, isDeleted: true });
      const keptTodo = await createTodo(t.db, { beadId: kept.id, customerId: customer.id, amount: 1 });
      const no = await complete(keptTodo.id, { idempotencyKey: crypto.randomUUID() });
      expect(no.statusCode).toBe(200);
      expect(no.json().bead).toMatchObject({ priceOre: 6000, isDeleted: true });
      expect(await isDeleted(kept.id)).toBe(true);
      expect(await linesOf(kept.id)).toHaveLength(1);

      const back = await createBead(t.db, { priceOre: 6000, saleType: '2 for 125', isDeleted: true });
      const backTodo = await createTodo(t.db, { beadId: back.id, customerId: customer.id, amount: 2 });
      const yes = await complete(backTodo.id, {
        idempotencyKey: crypto.randomUUID(),
        priceOre: 6000,
        saleType: '2 for 125',
      });
      expect(yes.statusCode).toBe(200);
      expect(yes.json().bead).toMatchObject({ priceOre: 6000, saleType: '2 for 125', isDeleted: false });
      expect(await isDeleted(back.id)).toBe(false);
      expect(await linesOf(back.id)).toHaveLength(2);
      const listed = (await t.request({ method: 'GET', url: '/api/beads' })).json() as Array<{ id: string }>;
      expect(listed.map((bead) => bead.id)).toContain(back.id);
    });

    it('returns the first answer to a retry with the same idempotency key and adds nothing', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });
      const idempotencyKey = crypto.randomUUID();
      const first = await complete(todo.id, { idempotencyKey });
      const retry = await complete(todo.id, { idempotencyKey });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await linesOf(bead.id)).toHaveLength(2);

      const otherTodo = await createTodo(t.db, { customerId: customer.id });
      const reused = await complete(otherTodo.id, { idempotencyKey });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(
        await t.db.selectFrom('todos').select('id').where('id', '=', otherTodo.id).execute(),
      ).toHaveLength(1);
    });

    it('adds the lines once when the same completion is sent several times at once', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });
      const idempotencyKey = crypto.randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => complete(todo.id, { idempotencyKey })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(await linesOf(bead.id)).toHaveLength(2);
    });

    it('adds the lines once when two different requests complete the same todo at once', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 3 });
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => complete(todo.id, { idempotencyKey: crypto.randomUUID() })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404]);
      expect(await linesOf(bead.id)).toHaveLength(3);
    });

    it('leaves todo, bead, order and lines as before when the completion fails half-way', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db, { priceOre: 0 });
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 3 });
      const idempotencyKey = crypto.randomUUID();

      const allowAgain = await failCompletionAtCommit(todo.id);
      const failed = await complete(todo.id, { idempotencyKey, priceOre: 5000 }).finally(allowAgain);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'INTERNAL' });

      expect(await todosOf(bead.id)).toHaveLength(1);
      expect(await linesOf(bead.id)).toEqual([]);
      expect(
        await t.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute(),
      ).toEqual([]);
      const row = await t.db
        .selectFrom('beads')
        .selectAll()
        .where('id', '=', bead.id)
        .executeTakeFirstOrThrow();
      expect(row.price_ore).toBe(0);
      expect(
        await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', idempotencyKey).execute(),
      ).toEqual([]);

      // The same key works afterwards: the failed attempt claimed nothing.
      const retry = await complete(todo.id, { idempotencyKey, priceOre: 5000 });
      expect(retry.statusCode).toBe(200);
      expect(await linesOf(bead.id)).toHaveLength(3);
    });

    it('keeps an existing active order with its other lines when failing half-way', async () => {
      const customer = await createCustomer(t.db);
      const order = await createOrder(t.db, { customerId: customer.id });
      const other = await createOrderLine(t.db, { orderId: order.id, text: 'Snor', priceOre: 1500 });
      const todo = await createTodo(t.db, { customerId: customer.id, amount: 2 });
      const allowAgain = await failCompletionAtCommit(todo.id);
      const failed = await complete(todo.id, { idempotencyKey: crypto.randomUUID() }).finally(allowAgain);
      expect(failed.statusCode).toBe(500);
      const lines = await t.db
        .selectFrom('order_lines')
        .select('id')
        .where('order_id', '=', order.id)
        .execute();
      expect(lines.map((l) => l.id)).toEqual([other.id]);
      expect(await t.db.selectFrom('todos').select('amount').where('id', '=', todo.id).execute()).toEqual([
        { amount: 2 },
      ]);
    });
  });
});
