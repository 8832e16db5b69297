/**
 * Trust: two todo completions at the same moment must not grow an order beyond
 * MAX_LINES_PER_ORDER together. Each checks the count in its own transaction; without a lock on the order row
 * both see room on PostgreSQL (READ COMMITTED) and both add their lines.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderLines } from '../../src/server/orders/orders.repository.ts';
import { MAX_LINES_PER_ORDER } from '../../src/shared/domain/limits.ts';
import { createBead, createCustomer, createOrder, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const EXISTING_LINES = 1_500;
const TODO_AMOUNT = 400;

describe.each(dialects)('the lines-per-order limit under parallel completions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const complete = (todoId: string) => {
    const idempotencyKey = crypto.randomUUID();
    return t.request({
      method: 'POST',
      url: `/api/todos/${todoId}/complete`,
      headers: { 'idempotency-key': idempotencyKey },
      payload: { idempotencyKey },
    });
  };

  const linesOf = async (orderId: string) =>
    Number(
      (
        await t.db
          .selectFrom('order_lines')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const rounds = kind === 'postgres' ? 8 : 2;
  it.each(Array.from({ length: rounds }, (_, i) => i + 1))(
    `round %i: one of two ${TODO_AMOUNT}-unit completions fits beside ${EXISTING_LINES} lines, the other gets 409`,
    async () => {
      const customer = await createCustomer(t.db);
      const filler = await createBead(t.db);
      const order = await createOrder(t.db, { customerId: customer.id, status: 'active' });
      const addedAt = new Date().toISOString();
      // insertOrderLines writes in chunks well below both engines' parameter limits.
      await insertOrderLines(
        t.db,
        Array.from({ length: EXISTING_LINES }, () => ({
          id: crypto.randomUUID(),
          order_id: order.id,
          bead_id: filler.id,
          text: null,
          price_ore: null,
          sale_type: null,
          added_at: addedAt,
        })),
      );
      const todos = await Promise.all(
        [1, 2].map(async () =>
          createTodo(t.db, {
            beadId: (await createBead(t.db)).id,
            customerId: customer.id,
            amount: TODO_AMOUNT,
          }),
        ),
      );

      const responses = await Promise.all(todos.map((todo) => complete(todo.id)));

      const statuses = responses.map((response) => response.statusCode).sort();
      const lines = await linesOf(order.id);
      expect(statuses, `statuses ${statuses.join(', ')}; the order holds ${lines} lines`).toEqual([200, 409]);
      const refused = responses.find((response) => response.statusCode === 409);
      expect(refused?.json()).toMatchObject({ code: 'ORDER_TOO_MANY_LINES' });
      expect(lines).toBe(EXISTING_LINES + TODO_AMOUNT);
      expect(lines).toBeLessThanOrEqual(MAX_LINES_PER_ORDER);
      // The refused todo is still there; the completed one is gone.
      const left = await t.db
        .selectFrom('todos')
        .select('id')
        .where('customer_id', '=', customer.id)
        .execute();
      expect(left).toHaveLength(1);
    },
  );
});
