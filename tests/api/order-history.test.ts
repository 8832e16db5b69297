/**
 * the history of every order: each status and Hjemmelevering change with its time, read from the
 * change log; and the month's shipped orders by the time they were shipped. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistorySchema } from '../../src/shared/schemas/api-order-history.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { createCustomer, createOrder, createOrderLine } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('order history on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (id: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/orders/${id}`, payload });
  const history = (id: string) => t.request({ method: 'GET', url: `/api/orders/${id}/history` });
  /** The ids GET /api/orders/shipped lists for [from, until). */
  async function shippedIds(from: string, until: string): Promise<string[]> {
    const response = await t.request({
      method: 'GET',
      url: `/api/orders/shipped?from=${from}&until=${until}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Order[]>().map((order) => order.id);
  }

  it('lists each status and Hjemmelevering change with its time, oldest first; a refused change adds nothing', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id });
    await createOrderLine(t.db, { orderId: order.id });
    const empty = await history(order.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ orderId: order.id, createdAt: order.createdAt, entries: [] });

    const before = new Date().toISOString();
    expect((await patch(order.id, { homeDelivery: true })).statusCode).toBe(200);
    expect((await patch(order.id, { status: 'invoiced' })).statusCode).toBe(200);
    expect((await patch(order.id, { status: 'invoiced' })).statusCode).toBe(200); // no change: no entry
    expect((await patch(order.id, { status: 'shipped', homeDelivery: false })).statusCode).toBe(200);
    expect((await patch(order.id, { status: 'paid' })).statusCode).toBe(409); // shipped is read-only
    const after = new Date().toISOString();

    const body = orderHistorySchema.parse((await history(order.id)).json());
    expect(body.entries.map(({ at: _at, ...entry }) => entry)).toEqual([
      { kind: 'homeDelivery', from: false, to: true },
      { kind: 'status', from: 'active', to: 'invoiced' },
      { kind: 'status', from: 'invoiced', to: 'shipped' },
      { kind: 'homeDelivery', from: true, to: false },
    ]);
    for (const entry of body.entries) {
      expect(entry.at >= before && entry.at <= after, entry.at).toBe(true);
    }
  });

  it('an undo is a real reverse change, recorded too', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id });
    await patch(order.id, { status: 'invoiced' });
    await patch(order.id, { status: 'active' });
    const body = orderHistorySchema.parse((await history(order.id)).json());
    expect(body.entries.map((entry) => [entry.from, entry.to])).toEqual([
      ['active', 'invoiced'],
      ['invoiced', 'active'],
    ]);
  });

  it('answers 404 in Danish for an unknown order', async () => {
    const response = await history('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/ordre/i);
  });

  it('lists the orders shipped within a period by the time they were shipped, not by when they were started', async () => {
    const customer = await createCustomer(t.db, {
      name: `Afsendt Agnete ${crypto.randomUUID().slice(0, 5)}`,
    });
    const oldOrder = await createOrder(t.db, {
      customerId: customer.id,
      status: 'packed',
      createdAt: '2020-01-05T10:00:00.000Z',
    });
    await createOrderLine(t.db, { orderId: oldOrder.id });
    const notShipped = await createOrder(t.db, { customerId: customer.id, status: 'paid' });
    const from = new Date(Date.now() - 60_000).toISOString();
    expect((await patch(oldOrder.id, { status: 'shipped' })).statusCode).toBe(200);
    const until = new Date(Date.now() + 60_000).toISOString();

    const ids = await shippedIds(from, until);
    expect(ids).toContain(oldOrder.id);
    expect(ids).not.toContain(notShipped.id);

    expect(await shippedIds('2020-01-01T00:00:00.000Z', from)).not.toContain(oldOrder.id);
  });

  it("leaves the hidden test customer {name}'s shipped orders out, as every other list does", async () => {
    const hidden = await createCustomer(t.db, { name: '{name}' });
    const visible = await createCustomer(t.db);
    const hiddenOrder = await createOrder(t.db, { customerId: hidden.id, status: 'packed' });
    const visibleOrder = await createOrder(t.db, { customerId: visible.id, status: 'packed' });
    const noCustomerOrder = await createOrder(t.db, { customerId: null, status: 'packed' });
    const from = new Date(Date.now() - 60_000).toISOString();
    for (const order of [hiddenOrder, visibleOrder, noCustomerOrder]) {
      expect((await patch(order.id, { status: 'shipped' })).statusCode).toBe(200);
    }
    const until = new Date(Date.now() + 60_000).toISOString();

    const ids = await shippedIds(from, until);
    expect(ids).toContain(visibleOrder.id);
    expect(ids).toContain(noCustomerOrder.id);
    expect(ids).not.toContain(hiddenOrder.id);
  });

  it('refuses a bad period in Danish', async () => {
    for (const query of [
      '',
      '?from=igår&until=2026-12-01T00:00:00.000Z',
      '?from=2026-12-01T00:00:00.000Z&until=2026-11-01T00:00:00.000Z',
    ]) {
      const response = await t.request({ method: 'GET', url: `/api/orders/shipped${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).not.toMatch(/[Ii]nvalid|expected|Required/);
    }
  });
});
