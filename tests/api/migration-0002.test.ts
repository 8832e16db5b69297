/**
 * Migration 0002-limits-and-bead-name-key on a database of 0001's day that holds what the old app and the
 * old import let in: names that clash ignoring case, 5,000-character names, invisible and direction
 * characters, prices and amounts beyond the limits, unknown sale types. The migration repairs every row
 * (keeping ids and foreign keys), then the database refuses such rows itself.
 */
import crypto from 'node:crypto';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { beadNameKey } from '../../src/shared/domain/bead-name.ts';
import { MAX_NAME_LENGTH, MAX_PRICE_ORE, MAX_TODO_AMOUNT } from '../../src/shared/domain/limits.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// The schema of 0001's day is not the app's Database type (Kysely's advice for migrations).
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>;

const LONG_BEAD = `Lang ${'æ'.repeat(4995)}`;
const LONG_BEAD_UPPER = `Lang ${'Æ'.repeat(4995)}`;
const LONG_CUSTOMER = `Meget ${'x'.repeat(4994)}`;

/** Creation order decides which of two clashing names keeps its name: one second apart. */
const at = (second: number) => new Date(Date.UTC(2024, 0, 1, 12, 0, second)).toISOString();

const ids = {
  anna: crypto.randomUUID(),
  annaLater: crypto.randomUUID(),
  longCustomer: crypto.randomUUID(),
  red1: crypto.randomUUID(),
  red2: crypto.randomUUID(),
  red3: crypto.randomUUID(),
  expensive: crypto.randomUUID(),
  long1: crypto.randomUUID(),
  long2: crypto.randomUUID(),
  invisible: crypto.randomUUID(),
  onlyInvisible: crypto.randomUUID(),
  plain: crypto.randomUUID(),
  todoHuge: crypto.randomUUID(),
  todoSmall: crypto.randomUUID(),
  order: crypto.randomUUID(),
  lineBogus: crypto.randomUUID(),
  lineFree: crypto.randomUUID(),
  lineKept: crypto.randomUUID(),
};

describe.each(dialects)('migration 0002 on %s repairs old data', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  /** The over-limit price this engine's 0001 column can hold (PostgreSQL's integer stops at 2^31 − 1). */
  const hugePrice = kind === 'sqlite' ? 1e14 : 2_147_483_647;

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0001-initial');

    await db
      .insertInto('customers')
      .values([
        // The old app stored the raw name and a key without cleaning.
        {
          id: ids.anna,
          name: '\u202EAnna\u200B Hansen\u2066',
          name_key: 'anna\u200b hansen',
          created_at: at(1),
        },
        { id: ids.annaLater, name: 'ANNA  HANSEN', name_key: 'anna  hansen', created_at: at(2) },
        {
          id: ids.longCustomer,
          name: LONG_CUSTOMER,
          name_key: LONG_CUSTOMER.toLowerCase(),
          created_at: at(3),
        },
      ])
      .execute();

    const bead = (id: string, name: string, second: number, price_ore = 4500) => ({
      id,
      name,
      price_ore,
      sale_type: null,
      is_deleted: 0,
      created_at: at(second),
    });
    await db
      .insertInto('beads')
      .values([
        bead(ids.red1, 'Rød Perle', 1),
        bead(ids.red2, 'rød perle', 2),
        bead(ids.red3, 'RØD PERLE', 3),
        bead(ids.long1, LONG_BEAD, 5),
        bead(ids.long2, LONG_BEAD_UPPER, 6),
        bead(ids.invisible, '\u202E Blå\u200B\u00AD perle\u2066\n', 7),
        bead(ids.onlyInvisible, '\u200B\u200C', 8),
        bead(ids.plain, 'Almindelig perle', 9, 1250),
      ])
      .execute();
    if (kind === 'postgres') {
      // 1e14 øre does not even fit 0001's integer column here; the largest that does stands in for it.
      await expect(
        db
          .insertInto('beads')
          .values(bead(ids.expensive, 'Dyr perle', 4, 1e14))
          .execute(),
      ).rejects.toThrow(/out of range/);
    }
    await db
      .insertInto('beads')
      .values(bead(ids.expensive, 'Dyr perle', 4, hugePrice))
      .execute();

    await db
      .insertInto('todos')
      .values([
        { id: ids.todoHuge, bead_id: ids.red2, customer_id: ids.anna, amount: 150_000, created_at: at(10) },
        { id: ids.todoSmall, bead_id: ids.red3, customer_id: ids.annaLater, amount: 5, created_at: at(11) },
      ])
      .execute();
    await db
      .insertInto('orders')
      .values({
        id: ids.order,
        customer_id: ids.anna,
        created_at: at(12),
        status: 'active',
        home_delivery: 0,
      })
      .execute();
    const line = (id: string, values: object) => ({
      id,
      order_id: ids.order,
      bead_id: null,
      text: null,
      price_ore: null,
      sale_type: null,
      added_at: at(13),
      ...values,
    });
    await db
      .insertInto('order_lines')
      .values([
        line(ids.lineBogus, { bead_id: ids.red2, sale_type: 'bogus' }),
        line(ids.lineFree, { text: 'Porto', price_ore: 2_000_000_000, sale_type: 'bogus' }),
        line(ids.lineKept, { bead_id: ids.red3, price_ore: 500, sale_type: '2 for 125' }),
      ])
      .execute();

    await migrateToLatest(db);
  });

  afterAll(async () => {
    await handle?.drop();
  });

  const byId = async (table: string) => {
    const rows = await db.selectFrom(table).selectAll().execute();
    return new Map(rows.map((row) => [row.id as string, row]));
  };

  it('cleans customer names, cuts them to 120 and renames the later of two equal names', async () => {
    const customers = await byId('customers');
    expect(customers.size).toBe(3);
    expect(customers.get(ids.anna)).toMatchObject({ name: 'Anna Hansen', name_key: 'anna hansen' });
    expect(customers.get(ids.annaLater)).toMatchObject({
      name: 'ANNA HANSEN (2)',
      name_key: 'anna hansen (2)',
    });
    const long = customers.get(ids.longCustomer);
    expect(long?.name).toBe(LONG_CUSTOMER.slice(0, MAX_NAME_LENGTH));
    expect(long?.name_key).toBe(LONG_CUSTOMER.slice(0, MAX_NAME_LENGTH).toLocaleLowerCase('da'));
  });

  it('gives beads a Danish case-insensitive name key and suffixes later duplicates', async () => {
    const beads = await byId('beads');
    expect(beads.size).toBe(9);
    const nameAndKey = (id: string) => [beads.get(id)?.name, beads.get(id)?.name_key];
    expect(nameAndKey(ids.red1)).toEqual(['Rød Perle', 'rød perle']);
    expect(nameAndKey(ids.red2)).toEqual(['rød perle (2)', 'rød perle (2)']);
    expect(nameAndKey(ids.red3)).toEqual(['RØD PERLE (3)', 'rød perle (3)']);
    expect(nameAndKey(ids.invisible)).toEqual(['Blå perle', 'blå perle']);
    expect(nameAndKey(ids.onlyInvisible)).toEqual(['?', '?']);
    expect(nameAndKey(ids.plain)).toEqual(['Almindelig perle', 'almindelig perle']);
    // Cut to 120 characters; the second long name clashes once cut, so its suffix fits within 120 too.
    expect(beads.get(ids.long1)?.name).toBe(LONG_BEAD.slice(0, MAX_NAME_LENGTH));
    expect(beads.get(ids.long2)?.name).toBe(`${LONG_BEAD_UPPER.slice(0, MAX_NAME_LENGTH - 4)} (2)`);
    for (const bead of beads.values()) {
      expect([...bead.name].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect(bead.name_key).toBe(beadNameKey(bead.name));
    }
  });

  it('lowers prices above 100.000 kr and keeps the others', async () => {
    const beads = await byId('beads');
    expect(Number(beads.get(ids.expensive)?.price_ore)).toBe(MAX_PRICE_ORE);
    expect(Number(beads.get(ids.plain)?.price_ore)).toBe(1250);
    expect(Number(beads.get(ids.red1)?.price_ore)).toBe(4500);
  });

  it('lowers todo amounts to 999 and keeps their bead and customer', async () => {
    const todos = await byId('todos');
    expect(todos.get(ids.todoHuge)).toMatchObject({
      amount: MAX_TODO_AMOUNT,
      bead_id: ids.red2,
      customer_id: ids.anna,
    });
    expect(todos.get(ids.todoSmall)).toMatchObject({
      amount: 5,
      bead_id: ids.red3,
      customer_id: ids.annaLater,
    });
  });

  it('clears unknown sale types and lowers line prices, keeping the lines on their order and beads', async () => {
    const lines = await byId('order_lines');
    expect(lines.get(ids.lineBogus)).toMatchObject({
      order_id: ids.order,
      bead_id: ids.red2,
      sale_type: null,
      price_ore: null,
    });
    expect(lines.get(ids.lineFree)).toMatchObject({
      order_id: ids.order,
      text: 'Porto',
      sale_type: null,
      price_ore: MAX_PRICE_ORE,
    });
    expect(lines.get(ids.lineKept)).toMatchObject({
      order_id: ids.order,
      bead_id: ids.red3,
      sale_type: '2 for 125',
      price_ore: 500,
    });
    const order = await db.selectFrom('orders').selectAll().where('id', '=', ids.order).executeTakeFirst();
    expect(order).toMatchObject({ customer_id: ids.anna, status: 'active' });
  });

  it('keeps every foreign key intact', async () => {
    const orphans = await db
      .selectFrom('todos')
      .leftJoin('beads', 'beads.id', 'todos.bead_id')
      .leftJoin('customers', 'customers.id', 'todos.customer_id')
      .select(['todos.id', 'beads.name as bead', 'customers.name as customer'])
      .orderBy('todos.created_at')
      .execute();
    expect(orphans).toEqual([
      { id: ids.todoHuge, bead: 'rød perle (2)', customer: 'Anna Hansen' },
      { id: ids.todoSmall, bead: 'RØD PERLE (3)', customer: 'ANNA HANSEN (2)' },
    ]);
    const lineBeads = await db
      .selectFrom('order_lines')
      .innerJoin('beads', 'beads.id', 'order_lines.bead_id')
      .select(['order_lines.id', 'beads.name'])
      .orderBy('beads.name')
      .execute();
    expect(lineBeads).toEqual(
      [
        { id: ids.lineKept, name: 'RØD PERLE (3)' },
        { id: ids.lineBogus, name: 'rød perle (2)' },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    if (kind === 'sqlite') expect(handle.sqlite?.pragma('foreign_key_check')).toEqual([]);
  });

  it('the unique name key refuses a case variant of an existing bead', async () => {
    for (const name of ['RØD PERLE', 'rød Perle', 'Blå Perle']) {
      await expect(
        db
          .insertInto('beads')
          .values({
            id: crypto.randomUUID(),
            name,
            name_key: beadNameKey(name),
            price_ore: 100,
            sale_type: null,
            is_deleted: 0,
            created_at: at(30),
          })
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
    }
  });

  describe('the database refuses rows beyond the limits', () => {
    const newBead = (values: object = {}) => {
      const name = `Ny perle ${crypto.randomUUID()}`;
      return {
        id: crypto.randomUUID(),
        name,
        name_key: beadNameKey(name),
        price_ore: 100,
        sale_type: null,
        is_deleted: 0,
        created_at: at(40),
        ...values,
      };
    };
    const refused = /CHECK constraint|violates check constraint/;

    it('bead prices and names, on insert and on update', async () => {
      await expect(
        db
          .insertInto('beads')
          .values(newBead({ price_ore: MAX_PRICE_ORE + 1 }))
          .execute(),
      ).rejects.toThrow(refused);
      const tooLong = 'p'.repeat(MAX_NAME_LENGTH + 1);
      await expect(
        db
          .insertInto('beads')
          .values(newBead({ name: tooLong, name_key: tooLong }))
          .execute(),
      ).rejects.toThrow(refused);
      await expect(
        db
          .updateTable('beads')
          .set({ price_ore: MAX_PRICE_ORE + 1 })
          .where('id', '=', ids.plain)
          .execute(),
      ).rejects.toThrow(refused);
      await expect(
        db.updateTable('beads').set({ name: tooLong }).where('id', '=', ids.plain).execute(),
      ).rejects.toThrow(refused);
      // The limits themselves are allowed.
      const atLimit = 'q'.repeat(MAX_NAME_LENGTH);
      await db
        .insertInto('beads')
        .values(newBead({ name: atLimit, name_key: atLimit, price_ore: MAX_PRICE_ORE }))
        .execute();
      const plain = await db.selectFrom('beads').selectAll().where('id', '=', ids.plain).executeTakeFirst();
      expect(plain).toMatchObject({ name: 'Almindelig perle', price_ore: 1250 });
    });

    it('customer names', async () => {
      await expect(
        db
          .updateTable('customers')
          .set({ name: 'k'.repeat(MAX_NAME_LENGTH + 1) })
          .where('id', '=', ids.anna)
          .execute(),
      ).rejects.toThrow(refused);
      const tooLong = 'k'.repeat(MAX_NAME_LENGTH + 1);
      await expect(
        db
          .insertInto('customers')
          .values({ id: crypto.randomUUID(), name: tooLong, name_key: tooLong, created_at: at(41) })
          .execute(),
      ).rejects.toThrow(refused);
    });

    it('todo amounts, on insert and on update', async () => {
      await expect(
        db
          .insertInto('todos')
          .values({
            id: crypto.randomUUID(),
            bead_id: ids.plain,
            customer_id: ids.anna,
            amount: MAX_TODO_AMOUNT + 1,
            created_at: at(42),
          })
          .execute(),
      ).rejects.toThrow(refused);
      await expect(
        db
          .updateTable('todos')
          .set({ amount: MAX_TODO_AMOUNT + 1 })
          .where('id', '=', ids.todoSmall)
          .execute(),
      ).rejects.toThrow(refused);
      const todo = await db
        .selectFrom('todos')
        .selectAll()
        .where('id', '=', ids.todoSmall)
        .executeTakeFirst();
      expect(todo?.amount).toBe(5);
    });

    it('order line prices and sale types', async () => {
      const freeLine = (values: object) => ({
        id: crypto.randomUUID(),
        order_id: ids.order,
        bead_id: null,
        text: 'Fragt',
        price_ore: 100,
        sale_type: null,
        added_at: at(43),
        ...values,
      });
      await expect(
        db
          .insertInto('order_lines')
          .values(freeLine({ price_ore: MAX_PRICE_ORE + 1 }))
          .execute(),
      ).rejects.toThrow(refused);
      await expect(
        db
          .insertInto('order_lines')
          .values(freeLine({ sale_type: 'bogus' }))
          .execute(),
      ).rejects.toThrow(refused);
      await expect(
        db
          .updateTable('order_lines')
          .set({ price_ore: MAX_PRICE_ORE + 1 })
          .where('id', '=', ids.lineKept)
          .execute(),
      ).rejects.toThrow(refused);
    });
  });

  it('running the migrations again changes nothing', async () => {
    const before = await db.selectFrom('beads').selectAll().orderBy('id').execute();
    await migrateToLatest(db);
    expect(await db.selectFrom('beads').selectAll().orderBy('id').execute()).toEqual(before);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual([
      '0001-initial',
      '0002-limits-and-bead-name-key',
      '0003-table-versions',
      '0004-change-log',
      '0005-shop-settings',
      '0006-customer-contact',
      '0007-packing',
      '0008-payment-reminders',
      '0009-bead-photos',
      '0010-customer-address',
      '0011-stock',
      '0012-order-history',
      '0013-photo-and-history-versions',
      '0014-money',
      '0015-texts-that-go-out',
    ]);
  });
});

/** Fails the first statement whose text mentions `marker`, like a crash in the middle of a migration. */
function failOn(marker: string): KyselyPlugin {
  return {
    transformQuery: (args) => {
      const text = JSON.stringify(args.node, (_, value) => (typeof value === 'bigint' ? `${value}` : value));
      if (text.includes(marker)) throw new Error(`simulated failure at ${marker}`);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

describe.each(dialects)('migration 0002 on %s is all or nothing', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0001-initial');
    await db
      .insertInto('beads')
      .values(
        ['Rød Perle', 'rød perle'].map((name, i) => ({
          id: `bead-${i}`,
          name,
          price_ore: 100,
          sale_type: null,
          is_deleted: 0,
          created_at: at(i),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('a failure after the names were rewritten leaves 0001 as it was, and the next start migrates', async () => {
    await expect(migrateToLatest(db.withPlugin(failOn('beads_name_key_uq')))).rejects.toThrow(
      /0002-limits-and-bead-name-key failed: simulated failure/,
    );
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'beads')?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('name_key');
    const names = await db.selectFrom('beads').select('name').orderBy('id').execute();
    expect(names.map((row) => row.name)).toEqual(['Rød Perle', 'rød perle']);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual(['0001-initial']);

    await migrateToLatest(db);
    const repaired = await db.selectFrom('beads').select(['name', 'name_key']).orderBy('id').execute();
    expect(repaired).toEqual([
      { name: 'Rød Perle', name_key: 'rød perle' },
      { name: 'rød perle (2)', name_key: 'rød perle (2)' },
    ]);
  });
});
