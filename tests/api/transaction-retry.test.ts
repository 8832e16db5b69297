/**
 * A transaction PostgreSQL breaks off for a deadlock runs again (src/server/db/transaction.ts): two transactions
 * that write two versioned tables in opposite orders lock each table's counter row (migration 0003) in opposite
 * orders, and one of them is the deadlock's victim. Both must end written, once each. SQLite has one writer and
 * never deadlocks; the case runs there too, one after the other.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { createBead, createCustomer } from '../support/factories.ts';
import { appPerSuite } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('a deadlock on %s', (kind) => {
  const t = appPerSuite(kind);

  it('is run again: two writers of two tables in opposite orders both end written, once each', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db, { priceOre: 1000 });
    let attempts = 0;
    // Each has written its first table before either writes its second: on PostgreSQL they wait for each other.
    let arrived = 0;
    let release: () => void = () => {};
    const bothWrote = new Promise<void>((resolve) => {
      release = resolve;
    });
    const meet = async () => {
      arrived += 1;
      if (arrived === 2) release();
      // SQLite runs one transaction at a time: the second cannot start before the first ends, so none waits.
      await Promise.race([
        bothWrote,
        new Promise((resolve) => setTimeout(resolve, kind === 'sqlite' ? 0 : 5000)),
      ]);
    };
    const customerThenBead = inTransaction(t.db, async (trx) => {
      attempts += 1;
      await trx.updateTable('customers').set({ phone: '11111111' }).where('id', '=', customer.id).execute();
      await meet();
      await trx
        .updateTable('beads')
        .set({ price_ore: sql`price_ore + 100` })
        .where('id', '=', bead.id)
        .execute();
    });
    const beadThenCustomer = inTransaction(t.db, async (trx) => {
      attempts += 1;
      await trx
        .updateTable('beads')
        .set({ price_ore: sql`price_ore + 10` })
        .where('id', '=', bead.id)
        .execute();
      await meet();
      await trx.updateTable('customers').set({ email: 'a@b.dk' }).where('id', '=', customer.id).execute();
    });
    await Promise.all([customerThenBead, beadThenCustomer]);
    const saved = await t.db
      .selectFrom('beads')
      .select('price_ore')
      .where('id', '=', bead.id)
      .executeTakeFirst();
    expect(Number(saved?.price_ore)).toBe(1110);
    const who = await t.db
      .selectFrom('customers')
      .select(['phone', 'email'])
      .where('id', '=', customer.id)
      .executeTakeFirst();
    expect(who).toEqual({ phone: '11111111', email: 'a@b.dk' });
    // On PostgreSQL one of them was the victim and ran a second time.
    expect(attempts).toBe(kind === 'postgres' ? 3 : 2);
  });
});
