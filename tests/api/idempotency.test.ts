/**
 * Idempotent creates (finding 8): every POST that creates accepts an `Idempotency-Key` header; a
 * repeat with the same key gets the first answer and writes nothing, also when the repeats arrive at once.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireIdempotentSetting } from '../../src/server/http/idempotent-routes.ts';
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  pruneIdempotencyKeys,
} from '../../src/server/idempotency/idempotency.service.ts';
import { createBead, createCustomer, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const REUSED = {
  message: 'Fejl: Forespørgslen er allerede brugt til en anden handling',
  code: 'IDEMPOTENCY_KEY_REUSED',
};

type Create = {
  /** A fresh request (its own customer, bead, … where it needs one). */
  request: () => Promise<{ url: string; payload: Record<string, unknown> }>;
  /** What one request adds: rows, or the todos' summed amount (a repeated todo merges). */
  count: () => Promise<number>;
  /** A different body for the same url. */
  otherPayload: (payload: Record<string, unknown>) => Record<string, unknown>;
};

describe.each(dialects)('idempotent creates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async (table: 'customers' | 'beads' | 'order_lines' | 'orders') =>
    (await t.db.selectFrom(table).select('id').execute()).length;
  const post = (url: string, payload: unknown, key?: string) =>
    t.request({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  let n = 0;
  const unique = (prefix: string) => `${prefix} ${++n}`;

  const creates: Record<string, Create> = {
    'POST /api/customers': {
      request: async () => ({ url: '/api/customers', payload: { name: unique('Åse') } }),
      count: () => rows('customers'),
      otherPayload: () => ({ name: unique('Bodil') }),
    },
    'POST /api/beads': {
      request: async () => ({ url: '/api/beads', payload: { name: unique('Rød perle'), priceOre: 1500 } }),
      count: () => rows('beads'),
      otherPayload: (payload) => ({ ...payload, priceOre: 2500 }),
    },
    'POST /api/beads/:id/add-to-customers': {
      request: async () => {
        const bead = await createBead(t.db);
        const customer = await createCustomer(t.db);
        return { url: `/api/beads/${bead.id}/add-to-customers`, payload: { customerIds: [customer.id] } };
      },
      count: () => rows('order_lines'),
      otherPayload: () => ({ customerIds: ['en-anden'] }),
    },
    'POST /api/todos': {
      request: async () => {
        const bead = await createBead(t.db);
        const customer = await createCustomer(t.db);
        return {
          url: '/api/todos',
          payload: { amount: 2, customerId: customer.id, bead: { kind: 'existing', beadId: bead.id } },
        };
      },
      count: async () => {
        const rows = await t.db.selectFrom('todos').select('amount').execute();
        return rows.reduce((sum, row) => sum + row.amount, 0) / 2;
      },
      otherPayload: (payload) => ({ ...payload, amount: 3 }),
    },
    'POST /api/customers/:id/lines': {
      request: async () => {
        const customer = await createCustomer(t.db);
        return {
          url: `/api/customers/${customer.id}/lines`,
          payload: { kind: 'free', text: 'Snor', priceOre: 1500 },
        };
      },
      count: () => rows('order_lines'),
      otherPayload: (payload) => ({ ...payload, text: 'Lås' }),
    },
  };

  describe.each(Object.entries(creates))('%s', (_route, create) => {
    it('answers a repeat with the same key with the first answer and writes once', async () => {
      const { url, payload } = await create.request();
      const key = crypto.randomUUID();
      const before = await create.count();
      const first = await post(url, payload, key);
      expect(first.statusCode).toBe(201);
      const again = await post(url, payload, key);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(await create.count()).toBe(before + 1);
    });

    it('writes once when five identical requests arrive at once', async () => {
      const { url, payload } = await create.request();
      const key = crypto.randomUUID();
      const before = await create.count();
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(url, payload, key)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await create.count()).toBe(before + 1);
    });

    it('refuses the same key with another body or on another route with a Danish 409', async () => {
      const { url, payload } = await create.request();
      const key = crypto.randomUUID();
      expect((await post(url, payload, key)).statusCode).toBe(201);
      const before = await create.count();
      const otherBody = await post(url, create.otherPayload(payload), key);
      expect(otherBody.statusCode).toBe(409);
      expect(otherBody.json()).toEqual(REUSED);
      const otherRoute =
        url === '/api/customers'
          ? await post('/api/beads', { name: unique('Blå perle'), priceOre: 100 }, key)
          : await post('/api/customers', { name: unique('Else') }, key);
      expect(otherRoute.statusCode).toBe(409);
      expect(otherRoute.json()).toEqual(REUSED);
      expect(await create.count()).toBe(before);
    });

    it('refuses a key that is not a UUID with a Danish 400 and writes nothing', async () => {
      const { url, payload } = await create.request();
      const before = await create.count();
      const response = await post(url, payload, 'nøgle-1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Ugyldig forespørgsel. Prøv igen.',
        code: 'VALIDATION',
      });
      expect(await create.count()).toBe(before);
    });
  });

  it('without a key works as before: every request writes', async () => {
    const customer = await createCustomer(t.db);
    const url = `/api/customers/${customer.id}/lines`;
    const before = await rows('order_lines');
    for (let i = 0; i < 2; i++) {
      expect((await post(url, { kind: 'free', text: 'Snor', priceOre: 1500 })).statusCode).toBe(201);
    }
    expect(await rows('order_lines')).toBe(before + 2);
    const name = unique('Gitte');
    expect((await post('/api/customers', { name })).statusCode).toBe(201);
    expect((await post('/api/customers', { name })).json().code).toBe('CUSTOMER_NAME_TAKEN');
  });

  it('does not store a refused create: a retry with the key after fixing the cause runs again', async () => {
    const name = unique('Hanne');
    await post('/api/customers', { name });
    const key = crypto.randomUUID();
    const refused = await post('/api/beads/nope/add-to-customers', { customerIds: ['nope'] }, key);
    expect(refused.statusCode).toBe(404);
    const stored = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(stored).toEqual([]);
  });

  it('replays the active order get-or-create with its first status', async () => {
    const customer = await createCustomer(t.db);
    const key = crypto.randomUUID();
    const url = `/api/customers/${customer.id}/active-order`;
    const first = await post(url, {}, key);
    const again = await post(url, {}, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect((await post(url, {})).statusCode).toBe(200);
  });

  describe('completion (key in the body, header optional)', () => {
    const complete = (todoId: string, body: Record<string, unknown>, header?: string) =>
      post(`/api/todos/${todoId}/complete`, body, header);
    const linesOf = async (beadId: string) =>
      (await t.db.selectFrom('order_lines').select('id').where('bead_id', '=', beadId).execute()).length;

    it('accepts the header when it is the body key, and replays', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });
      const key = crypto.randomUUID();
      const first = await complete(todo.id, { idempotencyKey: key }, key);
      const again = await complete(todo.id, { idempotencyKey: key }, key);
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.json()).toEqual(first.json());
      expect(await linesOf(bead.id)).toBe(2);
    });

    it('refuses a header that differs from the body key with a Danish 400', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db);
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 1 });
      const response = await complete(todo.id, { idempotencyKey: crypto.randomUUID() }, crypto.randomUUID());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Ugyldig forespørgsel. Prøv igen.' });
      expect(await linesOf(bead.id)).toBe(0);
    });

    it('refuses the body key again with another price with 409', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db, { priceOre: 0 });
      const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 1 });
      const key = crypto.randomUUID();
      expect((await complete(todo.id, { idempotencyKey: key, priceOre: 1000 })).statusCode).toBe(200);
      const other = await complete(todo.id, { idempotencyKey: key, priceOre: 2000 });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual(REUSED);
    });
  });

  it('prunes keys older than 7 days and keeps the newer ones', async () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    await t.db
      .insertInto('idempotency_keys')
      .values([
        { key: old, scope: 'x', response: '{}', created_at: at(IDEMPOTENCY_KEY_LIFETIME_MS + 60_000) },
        { key: recent, scope: 'x', response: '{}', created_at: at(IDEMPOTENCY_KEY_LIFETIME_MS - 60_000) },
      ])
      .execute();
    expect(await pruneIdempotencyKeys(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', [old, recent])
      .execute();
    expect(left.map((r) => r.key)).toEqual([recent]);
  });

  it("every POST of the shop declares how a repeated key is treated, from Fastify's route table", () => {
    const posts = t.app.routeTable.filter(
      (route) =>
        route.method === 'POST' &&
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/auth/') &&
        route.url !== '/api/setup',
    );
    expect(Object.fromEntries(posts.map((route) => [route.url, route.idempotent]))).toEqual({
      '/api/customers': 'header',
      '/api/customers/:id/archive': false,
      '/api/customers/:id/unarchive': false,
      '/api/beads': 'header',
      '/api/beads/:id/add-to-customers': 'header',
      '/api/beads/:id/photos': 'header',
      '/api/beads/:id/photos/:photoId/restore': false,
      '/api/todos': 'header',
      '/api/todos/:id/complete': 'body',
      '/api/customers/:id/active-order': 'header',
      '/api/customers/:id/lines': 'header',
      // 'Indsæt besked' (docs/product/messages.md): its lines and their 'Fortryd' once per key.
      '/api/customers/:id/message-lines': 'header',
      '/api/customers/:id/message-lines/undo': 'header',
      // The shipping service's Pakkenumre: setting them again sets the same.
      '/api/parcels/tracking-numbers': false,
      '/api/data/import': false,
      '/api/data/import.zip': false,
      '/api/data/backups': false,
      '/api/orders/:id/reminder-copied': 'header',
      '/api/parcels/ship': 'header',
      '/api/parcels/shipments/:id/undo': false,
      // Stock (docs/product/stock.md): her movements, a delivery and its undo once per key; a round is not a create.
      '/api/beads/:id/stock': 'header',
      '/api/beads/:id/deliveries': 'header',
      '/api/stock-movements/:id/undo': 'header',
      '/api/stock/count-round': false,
      // The money (docs/product/money.md): a payment and a credit note once per key; sending a bill and bringing
      // a payment back are not creates (a repeat finds them done).
      '/api/orders/:id/bill': false,
      '/api/orders/:id/payments': 'header',
      '/api/payments/:id/restore': false,
      '/api/orders/:id/credit-notes': 'header',
    });
    // Each one that creates carries the header in its schema (the key is validated as a UUID).
    for (const route of posts) expect(route.idempotent, route.url).not.toBeUndefined();
  });
});

describe.each(dialects)('pruning on a running app (%s)', (kind) => {
  it('deletes keys older than 7 days at the first keyed request', async () => {
    const t = await createTestApp(kind);
    try {
      const old = crypto.randomUUID();
      const created_at = new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS - 60_000).toISOString();
      await t.db
        .insertInto('idempotency_keys')
        .values({ key: old, scope: 'x', response: '{}', created_at })
        .execute();
      const response = await t.request({
        method: 'POST',
        url: '/api/customers',
        payload: { name: 'Ida' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(response.statusCode).toBe(201);
      expect(
        await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', old).execute(),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a POST that does not say whether it is idempotent', () => {
  it('stops the server at start, so a new create route cannot forget its key', async () => {
    const app = Fastify();
    app.register(async (shop) => {
      requireIdempotentSetting(shop);
      shop.post('/api/ny-ting', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('POST /api/ny-ting must say whether it is idempotent');
    await app.close().catch(() => undefined);
  });
});
