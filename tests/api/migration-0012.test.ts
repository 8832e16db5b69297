/**
 * Migration 0012-order-history on a database of 0010's day, on both engines: the orders' status and home delivery
 * changes move from the change log's JSON into rows of their own, oldest first, with the shipment a status change
 * belongs to or undoes; what is not an order's history, or names no order, or cannot be read, stays out; the
 * database refuses a history row the app would never write.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo } from '../../src/server/db/migrate.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema of 0010's day is not the app's Database type.
type AnyDb = Kysely<any>;

describe.each(dialects)('migration 0012 on %s', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
  const shipment = crypto.randomUUID();

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0010-customer-address');
    await db
      .insertInto('customers')
      .values({ id: 'c1', name: 'Åse', name_key: 'åse', created_at: '2026-01-01T10:00:00.000Z' })
      .execute();
    const order = (id: string, status: string) => ({
      id,
      customer_id: 'c1',
      created_at: '2026-01-01T10:00:00.000Z',
      status,
      home_delivery: kind === 'sqlite' ? 1 : true,
    });
    await db
      .insertInto('orders')
      .values([order(a, 'shipped'), order(b, 'packed')])
      .execute();
    const log = (at: string, entity: string, id: string | null, action: string, data: unknown) => ({
      at,
      entity,
      entity_id: id,
      action,
      data: typeof data === 'string' ? data : JSON.stringify(data),
    });
    await db
      .insertInto('change_log')
      .values([
        log('2026-01-02T10:00:00.000Z', 'order', a, 'create', { customerId: 'c1' }),
        log('2026-01-03T10:00:00.000Z', 'order', a, 'status', { from: 'active', to: 'invoiced' }),
        log('2026-01-04T10:00:00.000Z', 'order', a, 'home_delivery', { from: false, to: true }),
        log('2026-01-05T10:00:00.000Z', 'order', b, 'status', { from: 'paid', to: 'shipped', shipment }),
        log('2026-01-05T10:01:00.000Z', 'order', b, 'status', {
          from: 'shipped',
          to: 'packed',
          undoOf: shipment,
        }),
        log('2026-01-06T10:00:00.000Z', 'order', a, 'status', { from: 'invoiced', to: 'shipped' }),
        // Not an order's history, an order that no longer is, a text that is no JSON, a status that is none.
        log('2026-01-06T11:00:00.000Z', 'customer', 'c1', 'status', { from: 'active', to: 'shipped' }),
        log('2026-01-06T12:00:00.000Z', 'order', crypto.randomUUID(), 'status', {
          from: 'active',
          to: 'paid',
        }),
        log('2026-01-06T13:00:00.000Z', 'order', a, 'status', '{"from":'),
        log('2026-01-06T14:00:00.000Z', 'order', a, 'status', { from: 'active', to: 'lost' }),
      ])
      .execute();
    // The day after 0012 (later migrations number shipped orders, which then may not be deleted).
    await migrateTo(db, '0013-photo-and-history-versions');
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('moves each order’s status and home delivery changes into its history, oldest first', async () => {
    const rows = await db
      .selectFrom('order_history')
      .select(['order_id', 'at', 'kind', 'from_value', 'to_value', 'shipment_id', 'undo_of'])
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      row(a, '2026-01-03T10:00:00.000Z', 'status', 'active', 'invoiced'),
      row(a, '2026-01-04T10:00:00.000Z', 'home_delivery', 'false', 'true'),
      row(b, '2026-01-05T10:00:00.000Z', 'status', 'paid', 'shipped', shipment),
      row(b, '2026-01-05T10:01:00.000Z', 'status', 'shipped', 'packed', null, shipment),
      row(a, '2026-01-06T10:00:00.000Z', 'status', 'invoiced', 'shipped'),
    ]);
    // The change log stays as it was: the live feed's replay and the audit trail.
    expect(await db.selectFrom('change_log').select('seq').execute()).toHaveLength(10);
  });

  it('refuses a row the app would never write, and goes with its order', async () => {
    const insert = (values: Record<string, unknown>) =>
      db
        .insertInto('order_history')
        .values({ order_id: a, at: '2026-02-01T10:00:00.000Z', kind: 'status', ...values })
        .execute();
    await expect(insert({ from_value: 'active', to_value: 'lost' })).rejects.toThrow();
    await expect(insert({ kind: 'home_delivery', from_value: 'yes', to_value: 'no' })).rejects.toThrow();
    await expect(
      insert({ from_value: 'paid', to_value: 'shipped', shipment_id: shipment, undo_of: shipment }),
    ).rejects.toThrow();
    await expect(
      insert({ order_id: crypto.randomUUID(), from_value: 'active', to_value: 'paid' }),
    ).rejects.toThrow();
    await db.deleteFrom('orders').where('id', '=', b).execute();
    expect(await db.selectFrom('order_history').select('seq').where('order_id', '=', b).execute()).toEqual(
      [],
    );
  });
});

function row(
  orderId: string,
  at: string,
  kind: string,
  from: string,
  to: string,
  shipmentId: string | null = null,
  undoOf: string | null = null,
) {
  return {
    order_id: orderId,
    at,
    kind,
    from_value: from,
    to_value: to,
    shipment_id: shipmentId,
    undo_of: undoOf,
  };
}
