/**
 * What each GET route's answer reads is written once, in the route table (`reads`, src/shared/api/routes.ts),
 * and the ETags are made from it (a table left out is a silent, stale 304). This test records the tables each
 * such route really queries, on a shop with a row in every table, on both engines, and fails when one is
 * neither declared nor a table no answer depends on.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { createLocalUser } from '../../src/server/auth/auth.ts';
import type { Database } from '../../src/server/db/database.ts';
import { type ApiRoute, apiRoutes, urlOf } from '../../src/shared/api/routes.ts';
import { VERSIONED_TABLES } from '../../src/shared/api/tables.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { recordingHook, recordTables, tableRecorder, tablesIn } from '../support/table-recorder.ts';
import { OWNER, signIn, testConfig } from '../support/test-app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../support/test-db.ts';

/**
 * Tables a route may query without its answer depending on them: the versions themselves (the ETag), the
 * session and sign-in (better-auth), photos, whose rows are written once and reached only through a
 * bead_photos row (versioned), and a credit note's lines, written once with their credit note (versioned).
 */
const NO_ANSWER_READS = new Set([
  'table_versions',
  'session',
  'user',
  'account',
  'verification',
  'photos',
  'credit_note_lines',
]);

/** The tables `recorded` names that the route neither declares nor may read without saying so. */
function undeclaredReads(recorded: Iterable<string>, declared: readonly string[]): string[] {
  return [...recorded].filter((table) => !declared.includes(table) && !NO_ANSWER_READS.has(table)).sort();
}

const readingRoutes = Object.entries(apiRoutes as Record<string, ApiRoute>).filter(
  ([, route]) => route.reads !== undefined,
);

describe('the route reads checker', () => {
  it('reports a table a route reads but does not declare', () => {
    expect(undeclaredReads(['beads', 'bead_photos', 'photos', 'table_versions'], ['beads'])).toEqual([
      'bead_photos',
    ]);
    expect(undeclaredReads(['beads', 'todos'], ['beads', 'todos'])).toEqual([]);
  });

  it('finds the tables of joins, subqueries and raw fragments in a query', () => {
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k: Kysely<unknown>) => new SqliteIntrospector(k),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    const query = db
      .selectFrom('beads')
      .innerJoin('bead_photos as p', 'p.bead_id', 'beads.id')
      .where(({ exists, selectFrom }) => exists(selectFrom('todos').select('todos.id')))
      .select('beads.id');
    expect([...tablesIn(query.toOperationNode(), new Set())].sort()).toEqual([
      'bead_photos',
      'beads',
      'todos',
    ]);
    expect(
      [
        ...tablesIn(
          { kind: 'RawNode', sqlFragments: ['select 1 from "orders" o join order_lines l'] },
          new Set(),
        ),
      ].sort(),
    ).toEqual(['order_lines', 'orders']);
  });

  it('knows only versioned tables in the route table, and every GET that reads has reads', () => {
    for (const [name, route] of readingRoutes) {
      expect(route.method, name).toBe('GET');
      for (const table of route.reads ?? []) expect(VERSIONED_TABLES, name).toContain(table);
    }
  });
});

describe.each(dialects)('every GET route reads only the tables the route table names (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let cookie = '';
  let dataDir = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = testConfig();
    dataDir = config.dataDir;
    app = await buildApp({
      config,
      database: { ...database, db: database.db.withPlugin(tableRecorder) },
      logger: false,
    });
    app.addHook('onRequest', recordingHook);
    await createLocalUser(app.auth, OWNER);
    cookie = await signIn(app, OWNER.email, OWNER.password);

    // A row in every table an answer can read, so no query is skipped for want of one.
    const db = database.db;
    const customer = await createCustomer(db, { address: 'Perlevej 1', postcode: '8000', city: 'Aarhus' });
    const bead = await createBead(db);
    const order = await createOrder(db, { customerId: customer.id });
    await createOrderLine(db, { orderId: order.id, beadId: bead.id });
    await createOrderLine(db, { orderId: order.id });
    const earlier = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const year = new Date().getUTCFullYear();
    for (const [n, status] of (['invoiced', 'paid', 'packed', 'shipped'] as const).entries()) {
      const other = await createOrder(db, {
        customerId: customer.id,
        status,
        createdAt: earlier,
        // Numbered, with a payment and (the shipped one) a credit note: the money's tables have rows too.
        number: `${year}-000${n + 1}`,
        billedAt: new Date().toISOString(),
      });
      await db
        .insertInto('payments')
        .values({
          id: crypto.randomUUID(),
          order_id: other.id,
          credit_note_id: null,
          amount_ore: 1000,
          method: 'cash',
          paid_on: new Date().toISOString().slice(0, 10),
          recorded_at: new Date().toISOString(),
        })
        .execute();
      if (status === 'shipped')
        await db
          .insertInto('credit_notes')
          .values({
            id: crypto.randomUUID(),
            order_id: other.id,
            number: `${year}-0009`,
            created_at: new Date().toISOString(),
            goods_ore: 0,
            postage_ore: 5300,
            discount_ore: 0,
            total_ore: 5300,
            vat_ore: 0,
          })
          .execute();
      await createOrderLine(db, { orderId: other.id, beadId: bead.id });
      await db
        .insertInto('order_history')
        .values({ order_id: other.id, at: earlier, kind: 'status', from_value: 'active', to_value: status })
        .execute();
    }
    await createTodo(db, { beadId: bead.id, customerId: customer.id });
    await createTodo(db, { beadId: bead.id });
    const now = new Date().toISOString();
    await db
      .insertInto('stock_movements')
      .values({
        id: crypto.randomUUID(),
        bead_id: bead.id,
        kind: 'received',
        quantity: 3,
        at: now,
        recorded_at: now,
      })
      .execute();
    const photoId = crypto.randomBytes(16).toString('base64url');
    const bytes = Buffer.from('webp');
    await db
      .insertInto('photos')
      .values({ id: photoId, display: bytes, thumb: bytes, width: 10, height: 10, created_at: now })
      .execute();
    await db
      .insertInto('bead_photos')
      .values({ bead_id: bead.id, photo_id: photoId, position: 0, added_at: now, deleted_at: null })
      .execute();
    ids.customers = customer.id;
    ids.beads = bead.id;
    ids.orders = order.id;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A route's path filled with the seeded row of the collection its `:id` follows. */
  const paramsOf = (path: string) => {
    const collection = path.split('/')[2] ?? '';
    return path.includes(':id') ? { id: ids[collection] ?? '' } : undefined;
  };
  const year = new Date().getUTCFullYear();
  /** The queries a route is called with (each one a call): its required ones and the optional branches. */
  const QUERIES: Record<string, Record<string, string | number>[]> = {
    customers: [{}, { archived: 'true' }],
    beads: [{}, { includeDeleted: 'true' }],
    openOrders: [{}, { open: 'true' }],
    shippedOrders: [{ from: `${year - 1}-01-01T00:00:00.000Z`, until: `${year + 1}-01-01T00:00:00.000Z` }],
    sales: [{ year }],
    books: [{ year }, { year, quarter: 4 }, { year, month: 11 }],
    parcels: [{ status: 'paid' }, { status: 'packed' }],
  };

  it.each(readingRoutes)('%s', async (name, route) => {
    for (const query of QUERIES[name] ?? [{}]) {
      const url = urlOf(route, { params: paramsOf(route.path), query });
      const { tables, result } = await recordTables((headers) =>
        app.inject({ method: 'GET', url, headers: { cookie, ...headers } }),
      );
      expect(result.statusCode, `${url}: ${result.body}`).toBe(200);
      expect(undeclaredReads(tables, route.reads ?? []), url).toEqual([]);
      // serve() made the ETag from `reads`, unless the entry says the answer depends on more (`etag: false`).
      expect(result.headers.etag === undefined, url).toBe(route.etag === false);
      // Something was read beyond the session: the recorder saw the route's queries.
      expect([...tables].filter((table) => !NO_ANSWER_READS.has(table)).length, url).toBeGreaterThan(0);
    }
  });
});
