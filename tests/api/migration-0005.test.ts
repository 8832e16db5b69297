/**
 * Migration 0005-shop-settings on a database of 0004's day: the settings row with today's values, and the
 * orders that had left Aktiv get today's postage frozen into them (53 kr, 73 kr with home delivery), so their
 * totals stay what they were; active orders keep following the settings (null).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema of 0004's day is not the app's Database type.
type AnyDb = Kysely<any>;

describe.each(dialects)('migration 0005 on %s', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  const customer = crypto.randomUUID();
  const order = (status: string, homeDelivery: boolean) => ({
    id: crypto.randomUUID(),
    customer_id: customer,
    created_at: '2026-01-01T10:00:00.000Z',
    status,
    home_delivery: homeDelivery ? 1 : 0,
  });
  const orders = {
    active: order('active', true),
    invoiced: order('invoiced', false),
    paidHome: order('paid', true),
    shipped: order('shipped', false),
  };

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0004-change-log');
    await db
      .insertInto('customers')
      .values({ id: customer, name: 'Åse', name_key: 'åse', created_at: '2026-01-01T10:00:00.000Z' })
      .execute();
    await db.insertInto('orders').values(Object.values(orders)).execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('freezes today’s postage into the orders that left Aktiv, and leaves the active one following', async () => {
    const rows = await db.selectFrom('orders').select(['id', 'postage_ore']).execute();
    const byId = new Map(rows.map((row) => [row.id, row.postage_ore]));
    expect(byId.get(orders.active.id)).toBeNull();
    expect(byId.get(orders.invoiced.id)).toBe(5300);
    expect(byId.get(orders.paidHome.id)).toBe(7300);
    expect(byId.get(orders.shipped.id)).toBe(5300);
  });

  it('creates the one settings row with today’s values, versioned like the other shop tables', async () => {
    expect(await db.selectFrom('shop_settings').selectAll().execute()).toEqual([
      expect.objectContaining({
        id: 1,
        shop_name: 'Nålepuden',
        postage_ore: 5300,
        postage_home_ore: 7300,
        mobilepay_number: null,
        bill_greeting: null,
      }),
    ]);
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('table_versions')
            .select('version')
            .where('table_name', '=', 'shop_settings')
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await version();
    await db.updateTable('shop_settings').set({ postage_ore: 5900 }).execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it('goes down and up again', async () => {
    await migrateTo(db, '0004-change-log');
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(4);
    await migrateToLatest(db);
    expect(await db.selectFrom('shop_settings').select('id').execute()).toEqual([{ id: 1 }]);
  });
});
