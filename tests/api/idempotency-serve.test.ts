/**
 * serve() runs an idempotent POST itself (http/serve.ts, http/idempotent-routes.ts): it opens the transaction
 * that claims the key and hands it to the handler as `db`, rolls it back when the handler fails, and runs a
 * route's prepare step before that transaction, passing its result to the handler and fingerprinting the
 * key's use with it. Served on a bare Fastify over a real database, on both engines.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer as createCustomerService,
  listCustomers,
} from '../../src/server/customers/customers.service.ts';
import type { Db } from '../../src/server/db/database.ts';
import { registerErrorHandler } from '../../src/server/http/errors.ts';
import { requireIdempotentSetting } from '../../src/server/http/idempotent-routes.ts';
import { registerShopDb, serve } from '../../src/server/http/serve.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../support/test-db.ts';

/** A photo id of the form the contract's answer takes (22 characters of base64url). */
const photoId = (name: string) => name.padEnd(22, '0');

describe.each(dialects)('serve() runs an idempotent POST on %s', (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const seen: Record<string, { isTransaction: boolean; isShopDb: boolean }> = {};
  const events: string[] = [];
  /** The customer name whose create fails after writing (to see the rollback). */
  let failFor = '';

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('user', null);
    registerErrorHandler(app);
    registerShopDb(app, t.db);
    const look = (name: string, db: Db) => {
      seen[name] = { isTransaction: db.isTransaction, isShopDb: db === t.db };
    };
    await app.register(async (shop) => {
      requireIdempotentSetting(shop);
      serve(shop, 'addCustomer', async ({ db, body, reply }) => {
        look('create', db);
        const customer = await createCustomerService(db, body);
        if (body.name === failFor) throw new Error('after the write');
        reply.code(201);
        return customer;
      });
      serve(shop, 'customers', ({ db }) => {
        look('list', db);
        return listCustomers(db);
      });
      serve(
        shop,
        'addBeadPhotos',
        {
          // Stands in for the upload: its "photo" is a header, and the key must not be claimed yet.
          prepare: {
            read: async (request) => {
              const key = String(request.headers['idempotency-key']);
              const claimed = await t.db
                .selectFrom('idempotency_keys')
                .select('key')
                .where('key', '=', key)
                .executeTakeFirst();
              events.push(`prepare ${claimed ? 'after' : 'before'} the claim`);
              return [
                { id: photoId(String(request.headers['x-photo'])), width: 4, height: 3, bytes: 'many' },
              ];
            },
            fingerprint: (photos) => photos.map(({ id }) => id),
          },
        },
        ({ db, params, prepared, reply }) => {
          events.push(`handler in ${db.isTransaction ? 'the transaction' : 'no transaction'}`);
          reply.code(201);
          return {
            beadId: params.id,
            photos: prepared.map(({ id, width, height }) => ({ id, width, height })),
          };
        },
      );
    });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const addCustomer = (name: string, key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: { name },
      headers: { 'idempotency-key': key },
    });
  const upload = (photo: string, key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/beads/b1/photos',
      headers: { 'idempotency-key': key, 'x-photo': photo },
    });

  it("hands the handler the transaction that claims the key as its db, and the shop's database elsewhere", async () => {
    expect((await addCustomer('Ditte', crypto.randomUUID())).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(200);
    expect(seen).toEqual({
      create: { isTransaction: true, isShopDb: false },
      list: { isTransaction: false, isShopDb: true },
    });
  });

  it('rolls back the handler’s writes and the claim when it fails, so the key runs again', async () => {
    failFor = 'Frida';
    const key = crypto.randomUUID();
    expect((await addCustomer('Frida', key)).statusCode).toBe(500);
    const frida = () => t.db.selectFrom('customers').select('id').where('name', '=', 'Frida').execute();
    expect(await frida()).toEqual([]);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual(
      [],
    );
    failFor = '';
    expect((await addCustomer('Frida', key)).statusCode).toBe(201);
    expect(await frida()).toHaveLength(1);
  });

  it('replays a repeat without running the handler, and refuses the key with another body', async () => {
    const key = crypto.randomUUID();
    const first = await addCustomer('Gerda', key);
    const again = await addCustomer('Gerda', key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await addCustomer('Grethe', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('runs the prepare step before the claim and hands its result to the handler in the transaction', async () => {
    events.length = 0;
    const key = crypto.randomUUID();
    const first = await upload('p1', key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ beadId: 'b1', photos: [{ id: photoId('p1'), width: 4, height: 3 }] });
    expect(events).toEqual(['prepare before the claim', 'handler in the transaction']);
  });

  it("fingerprints the key's use with the prepared result: the same photos replay, others are refused", async () => {
    const key = crypto.randomUUID();
    const first = await upload('p2', key);
    events.length = 0;
    const again = await upload('p2', key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // The repeat is prepared (its fingerprint is needed) but not written again.
    expect(events).toEqual(['prepare after the claim']);
    const other = await upload('p3', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
