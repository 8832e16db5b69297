/**
 * Migration 0011-stock on a database of 0010's day: beads stay uncounted (no stock), 'Få tilbage' is 2, the
 * movements are versioned like the other shop tables, and the database refuses what the service never writes:
 * half a bead's stock, a movement of an unknown kind or outside its limits.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema of 0010's day is not the app's Database type.
type AnyDb = Kysely<any>;

describe.each(dialects)('migration 0011 on %s', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  const bead = crypto.randomUUID();
  const AT = '2026-01-01T10:00:00.000Z';
  const movement = (extra: object) => ({
    id: crypto.randomUUID(),
    bead_id: bead,
    kind: 'count',
    quantity: 3,
    at: AT,
    recorded_at: AT,
    ...extra,
  });

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0010-customer-address');
    await db
      .insertInto('beads')
      .values({
        id: bead,
        name: 'Åse perle',
        name_key: 'åse perle',
        price_ore: 2500,
        is_deleted: 0,
        created_at: AT,
      })
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('leaves every bead uncounted and sets Få tilbage to 2', async () => {
    expect(
      await db.selectFrom('beads').select(['stock', 'stock_counted_at', 'stock_last_count']).execute(),
    ).toEqual([{ stock: null, stock_counted_at: null, stock_last_count: null }]);
    expect(
      await db
        .selectFrom('shop_settings')
        .select(['low_stock_threshold', 'count_round_started_at'])
        .execute(),
    ).toEqual([{ low_stock_threshold: 2, count_round_started_at: null }]);
  });

  it('versions the movements, and refuses half a stock and movements outside their rules', async () => {
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('table_versions')
            .select('version')
            .where('table_name', '=', 'stock_movements')
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await version();
    await db.insertInto('stock_movements').values(movement({})).execute();
    expect(await version()).toBeGreaterThan(before);

    await expect(
      db.updateTable('beads').set({ stock: 3 }).where('id', '=', bead).execute(),
    ).rejects.toThrow();
    await db
      .updateTable('beads')
      .set({ stock: 3, stock_counted_at: AT, stock_last_count: 3 })
      .where('id', '=', bead)
      .execute();
    for (const bad of [
      { kind: 'stjålet' },
      { kind: 'count', quantity: -1 },
      { kind: 'received', quantity: 0 },
      { kind: 'adjust', quantity: 2, reason: null },
      { kind: 'sale', quantity: 1 },
      { kind: 'return', quantity: -1 },
      { kind: 'adjust', quantity: 2, reason: 'x'.repeat(81) },
      { bead_id: crypto.randomUUID() },
    ]) {
      await expect(
        db.insertInto('stock_movements').values(movement(bad)).execute(),
        JSON.stringify(bad),
      ).rejects.toThrow();
    }
  });

  it('goes down and up again', async () => {
    await migrateTo(db, '0010-customer-address');
    expect(await db.selectFrom('beads').select('id').execute()).toHaveLength(1);
    await migrateToLatest(db);
    expect(await db.selectFrom('stock_movements').select('id').execute()).toEqual([]);
  });
});
