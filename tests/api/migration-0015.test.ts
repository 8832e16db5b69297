/**
 * Migration 0015-texts-that-go-out on a database of 0014's day: existing orders get no Pakkenummer and the shop
 * sends with PostNord with every default; the migration goes down and up again cleanly (both engines).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema of 0014's day is not the app's Database type.
type AnyDb = Kysely<any>;

describe.each(dialects)('migration 0015 on %s', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  const order = crypto.randomUUID();

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0014-money');
    await db
      .insertInto('orders')
      .values({
        id: order,
        customer_id: null,
        status: 'shipped',
        home_delivery: 0,
        created_at: '2026-01-01T10:00:00.000Z',
      })
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('gives existing orders no Pakkenummer and the shop PostNord with every default', async () => {
    expect(await db.selectFrom('orders').select('tracking_number').where('id', '=', order).execute()).toEqual(
      [{ tracking_number: null }],
    );
    expect(
      await db
        .selectFrom('shop_settings')
        .select([
          'carrier',
          'tracking_url_postnord',
          'tracking_url_gls',
          'tracking_url_dao',
          'tracking_url_own',
          'message_shipped',
          'message_arrived',
        ])
        .execute(),
    ).toEqual([
      {
        carrier: 'postnord',
        tracking_url_postnord: null,
        tracking_url_gls: null,
        tracking_url_dao: null,
        tracking_url_own: null,
        message_shipped: null,
        message_arrived: null,
      },
    ]);
  });

  it('goes down to 0014 and up again, keeping the order', async () => {
    await db.updateTable('orders').set({ tracking_number: 'RR1DK' }).where('id', '=', order).execute();
    await migrateTo(db, '0014-money');
    const row = await db.selectFrom('orders').selectAll().where('id', '=', order).executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('tracking_number');
    await migrateToLatest(db);
    expect(await db.selectFrom('orders').select('tracking_number').where('id', '=', order).execute()).toEqual(
      [{ tracking_number: null }],
    );
  });
});
