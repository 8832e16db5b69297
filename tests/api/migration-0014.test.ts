/**
 * Migration 0014-money on a database of 0013's day, on both engines: the orders that left Aktiv get their numbers
 * once, in the order they were billed (the first time their history shows them leaving Aktiv, else their start),
 * year by year in Danish time, consecutive from 0001, with each year's last number in number_series; an order that
 * left Aktiv and came back is numbered and 'Annulleret'; an active order that never left has none; orders in Skal
 * pakkes or later get settled_at from the newest move there from Aktiv or Afventer betaling; imported data with no
 * history at all is numbered by its start; a numbered order and a credit note can never be deleted.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema of 0013's day is not the app's Database type.
type AnyDb = Kysely<any>;

/** Each order of 0013's day: its status, its start, and its status history (from, to, at), oldest first. */
const ORDERS: Record<
  string,
  { status: string; createdAt: string; history: Array<[string, string, string]> }
> = {
  // Billed when it first left Aktiv; paid (settled) three days later; shipped after (not a new settlement).
  shippedWithHistory: {
    status: 'shipped',
    createdAt: '2025-03-01T09:00:00.000Z',
    history: [
      ['active', 'invoiced', '2025-03-02T10:00:00.000Z'],
      ['invoiced', 'paid', '2025-03-05T10:00:00.000Z'],
      ['paid', 'shipped', '2025-03-08T10:00:00.000Z'],
    ],
  },
  // Started in 2025, billed at 23:30 UTC on New Year's Eve: 00:30 on 1 January 2026 in Copenhagen.
  billedNewYear: {
    status: 'invoiced',
    createdAt: '2025-01-10T09:00:00.000Z',
    history: [['active', 'invoiced', '2025-12-31T23:30:00.000Z']],
  },
  // Imported from the old app: no history at all, numbered by their start.
  paidNoHistory: { status: 'paid', createdAt: '2025-02-01T09:00:00.000Z', history: [] },
  shippedNoHistory: { status: 'shipped', createdAt: '2025-01-20T09:00:00.000Z', history: [] },
  shipped2024: { status: 'shipped', createdAt: '2024-11-01T09:00:00.000Z', history: [] },
  started2026: { status: 'packed', createdAt: '2026-01-05T09:00:00.000Z', history: [] },
  // Still in Aktiv and never billed.
  activeNever: { status: 'active', createdAt: '2025-01-01T09:00:00.000Z', history: [] },
  // Left Aktiv and came back: it had a bill, which is now Annulleret.
  activeCameBack: {
    status: 'active',
    createdAt: '2025-03-20T09:00:00.000Z',
    history: [
      ['active', 'invoiced', '2025-04-01T10:00:00.000Z'],
      ['invoiced', 'active', '2025-04-02T10:00:00.000Z'],
    ],
  },
  // Straight to Skal pakkes, back to Afventer betaling, then packed: settled by the newest move.
  packedTwice: {
    status: 'packed',
    createdAt: '2025-05-01T09:00:00.000Z',
    history: [
      ['active', 'paid', '2025-05-02T10:00:00.000Z'],
      ['paid', 'invoiced', '2025-05-03T10:00:00.000Z'],
      ['invoiced', 'packed', '2025-05-04T10:00:00.000Z'],
    ],
  },
};

describe.each(dialects)('migration 0014 on %s', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0013-photo-and-history-versions');
    await db
      .insertInto('customers')
      .values([
        { id: 'c1', name: 'Åse', name_key: 'åse', created_at: '2024-01-01T10:00:00.000Z' },
        { id: 'c2', name: 'Bo', name_key: 'bo', created_at: '2024-01-01T10:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('orders')
      .values(
        Object.entries(ORDERS).map(([id, order]) => ({
          id,
          // One active order per customer.
          customer_id: id === 'activeCameBack' ? 'c2' : 'c1',
          created_at: order.createdAt,
          status: order.status,
          home_delivery: kind === 'sqlite' ? 0 : false,
          postage_ore: order.status === 'active' ? null : 5300,
        })),
      )
      .execute();
    const history = Object.entries(ORDERS).flatMap(([id, order]) =>
      order.history.map(([from, to, at]) => ({
        order_id: id,
        at,
        kind: 'status',
        from_value: from,
        to_value: to,
      })),
    );
    await db.insertInto('order_history').values(history).execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  const bills = async () =>
    Object.fromEntries(
      (
        await db
          .selectFrom('orders')
          .select(['id', 'number', 'billed_at', 'bill_void', 'settled_at'])
          .orderBy('id')
          .execute()
      ).map((row) => [
        row.id,
        {
          number: row.number,
          billedAt: row.billed_at,
          void: Number(row.bill_void),
          settledAt: row.settled_at,
        },
      ]),
    );

  it('numbers the orders that left Aktiv in the order they were billed, year by year in Danish time', async () => {
    const bill = (
      number: string | null,
      billedAt: string | null,
      settledAt: string | null = null,
      void_ = 0,
    ) => ({
      number,
      billedAt,
      void: void_,
      settledAt,
    });
    expect(await bills()).toEqual({
      shipped2024: bill('2024-0001', '2024-11-01T09:00:00.000Z'),
      shippedNoHistory: bill('2025-0001', '2025-01-20T09:00:00.000Z'),
      paidNoHistory: bill('2025-0002', '2025-02-01T09:00:00.000Z'),
      shippedWithHistory: bill('2025-0003', '2025-03-02T10:00:00.000Z', '2025-03-05T10:00:00.000Z'),
      activeCameBack: bill('2025-0004', '2025-04-01T10:00:00.000Z', null, 1),
      packedTwice: bill('2025-0005', '2025-05-02T10:00:00.000Z', '2025-05-04T10:00:00.000Z'),
      billedNewYear: bill('2026-0001', '2025-12-31T23:30:00.000Z'),
      started2026: bill('2026-0002', '2026-01-05T09:00:00.000Z'),
      activeNever: bill(null, null),
    });
    const series = await db.selectFrom('number_series').selectAll().orderBy('year').execute();
    expect(series.map((row) => [Number(row.year), Number(row.last_number)])).toEqual([
      [2024, 1],
      [2025, 5],
      [2026, 2],
    ]);
  });

  it('gives the new columns their defaults: no pick-up, no discount, no VAT; the shop without address or CVR', async () => {
    const orders = await db
      .selectFrom('orders')
      .select(['pickup', 'discount_kind', 'vat_registered'])
      .execute();
    const columns = orders.map((o) => [Number(o.pickup), o.discount_kind, Number(o.vat_registered)]);
    expect(columns).toEqual(orders.map(() => [0, null, 0]));
    const settings = await db
      .selectFrom('shop_settings')
      .select(['address', 'cvr', 'vat_registered'])
      .executeTakeFirstOrThrow();
    expect({ ...settings, vat_registered: Number(settings.vat_registered) }).toEqual({
      address: null,
      cvr: null,
      vat_registered: 0,
    });
  });

  it('refuses to delete a numbered order or a credit note; an unnumbered order goes', async () => {
    await expect(db.deleteFrom('orders').where('id', '=', 'shippedWithHistory').execute()).rejects.toThrow();
    await expect(db.deleteFrom('orders').where('id', '=', 'activeCameBack').execute()).rejects.toThrow();
    await db
      .insertInto('credit_notes')
      .values({
        id: 'cn1',
        order_id: 'shippedWithHistory',
        number: '2025-0006',
        created_at: '2025-03-10T10:00:00.000Z',
        goods_ore: 1000,
        postage_ore: 0,
        discount_ore: 0,
        total_ore: 1000,
        vat_ore: 0,
      })
      .execute();
    await expect(db.deleteFrom('credit_notes').where('id', '=', 'cn1').execute()).rejects.toThrow();
    await db.deleteFrom('orders').where('id', '=', 'activeNever').execute();
    const left = await db.selectFrom('orders').select('id').execute();
    expect(left.map((o) => o.id).sort()).toEqual(
      Object.keys(ORDERS)
        .filter((id) => id !== 'activeNever')
        .sort(),
    );
    expect(await db.selectFrom('credit_notes').select('id').execute()).toEqual([{ id: 'cn1' }]);
  });
});
