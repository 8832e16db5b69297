/**
 * serve() (src/server/http/serve.ts) takes a route by its name and gives the handler the types of the route's
 * contract (src/shared/api/contracts.ts). The calls in `checkedByTsc` are never run: `npx tsc --noEmit -p
 * tsconfig.json` checks them, and each `@ts-expect-error` fails the compile as "unused" when the mistake under
 * it stops being an error, so types that let a mistake through break tsc. The calls without the comment are
 * the other half: a handler that keeps to the contract compiles. The vitest blocks run serve() to see what
 * Fastify gets from the contract and what a handler gets.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { requireIdempotentSetting } from '../../src/server/http/idempotent-routes.ts';
import { registerShopDb, SERVED, serve } from '../../src/server/http/serve.ts';
import { idempotencyHeadersSchema } from '../../src/shared/schemas/api-common.ts';
import { customerSchema } from '../../src/shared/schemas/api-customers.ts';
import { photoFileParamsSchema } from '../../src/shared/schemas/api-photos.ts';
import { salesQuerySchema } from '../../src/shared/schemas/api-sales.ts';
import { customerCreateSchema } from '../../src/shared/schemas/customer.ts';

const never = () => null as never;
/** How many serve() calls checkedByTsc makes. */
const CALLS = 11;

function checkedByTsc(app: FastifyInstance): void {
  // Keeps to the contract: compiles, the body typed from its schema's output.
  serve(app, 'addCustomer', ({ body }) => ({ ...customerFixture, name: body.name }));

  // A name that is not in the route table.
  // @ts-expect-error no route 'addCustomers'
  expect(() => serve(app, 'addCustomers', never)).toThrow("serve(): no route 'addCustomers'");

  // better-auth answers /api/auth/*: serve() does not register them.
  // @ts-expect-error 'session' is better-auth's
  serve(app, 'session', never);

  // A body field the schema does not have, and a body on a route that takes none.
  serve(app, 'updateCustomer', ({ body }) => {
    // @ts-expect-error the body has no `nickname`
    void body.nickname;
    return customerFixture;
  });
  serve(app, 'archiveCustomer', ({ body, params }) => {
    // @ts-expect-error archiving takes no body
    void body.name;
    // Params without a schema of their own are the path's ids.
    const id: string = params.id;
    // @ts-expect-error the path has no `photoId`
    void params.photoId;
    return { ...customerFixture, id };
  });

  // Params typed from the contract's schema.
  serve(app, 'photo', ({ params, reply }) => {
    const size: 'thumb' | 'display' | 'jpeg' = params.size;
    // @ts-expect-error the path has no `id`
    void params.id;
    return reply.send(size);
  });

  // The query typed from its schema's output: numbers read from the text arrive as numbers.
  serve(app, 'salesCsv', ({ query, reply }) => {
    const year: number | undefined = query.year;
    // @ts-expect-error the query has no `month`
    void query.month;
    return reply.send(year);
  });

  // The handler's answer is the contract's.
  // @ts-expect-error the beads' answer is a list of beads, not a string
  serve(app, 'beads', () => 'perler');

  // A reply sent by hand is checked against its status's schema.
  serve(app, 'deleteCustomer', ({ reply }) =>
    // @ts-expect-error a 204 here sends null
    reply.status(204).send({ deleted: true }),
  );

  // The database comes as `db` only: the request carries none.
  serve(app, 'todos', ({ request }) => {
    // @ts-expect-error no `request.db`: a route's database is serve()'s `db`
    void request.db;
    return [];
  });

  // Whether a POST is idempotent is the contract's to say, not the call's.
  // @ts-expect-error `idempotent` is in the contract
  serve(app, 'addBead', { config: { idempotent: false } }, never);

  // What a route needs besides its contract is the optional third argument.
  serve(app, 'setup', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, () => ({
    id: 'u1',
    name: 'Ejer',
    email: 'ejer@perler.dk',
  }));
}

describe('serve() at run time', () => {
  it('gives Fastify the table’s method and path, the contract’s schemas under Fastify’s names, and its mark', () => {
    const routes: RouteOptions[] = [];
    checkedByTsc({
      route: (options: RouteOptions) => routes.push(options),
      hasDecorator: (name: string) => name === 'shopDb',
      shopDb: {},
    } as unknown as FastifyInstance);
    expect(routes).toHaveLength(CALLS);
    expect(routes[0]).toMatchObject({
      method: 'POST',
      url: '/api/customers',
      config: { [SERVED]: true, idempotent: 'header' },
      schema: {
        headers: idempotencyHeadersSchema,
        body: customerCreateSchema,
        response: { 201: customerSchema },
      },
    });
    const csv = routes.find((route) => route.url === '/api/sales.csv');
    expect(csv?.method).toBe('GET');
    expect(csv?.schema).toEqual({ querystring: salesQuerySchema });
    const photo = routes.find((route) => route.url === '/api/photos/:photoId/:size');
    expect(photo?.schema).toEqual({ params: photoFileParamsSchema });
    // A path's ids without a schema of their own: one made from the path's names.
    const archive = routes.find((route) => route.url === '/api/customers/:id/archive');
    const params = (archive?.schema as { params: { shape: object } } | undefined)?.params;
    expect(Object.keys(params?.shape ?? {})).toEqual(['id']);
    expect(archive?.config).toMatchObject({ idempotent: false });
  });

  const fakeDb = { name: 'the shop' } as unknown as Db;

  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('user', null);
    registerShopDb(app, fakeDb);
    const configs: Record<string, unknown>[] = [];
    app.addHook('onRoute', (route) => {
      configs.push({ ...route.config, method: route.method, url: route.url });
    });
    await app.register(async (shop) => {
      requireIdempotentSetting(shop);
      register(shop);
    });
    await app.ready();
    return { app, configs };
  }

  it('validates with the contract, and hands the handler the shop’s db and the parsed input', async () => {
    let seen: unknown;
    const { app, configs } = await appWith((shop) =>
      serve(shop, 'updateCustomer', ({ db, params, body, user }) => {
        seen = { db, params, body, user };
        return { ...customerFixture, id: params.id, name: body.name ?? '' };
      }),
    );
    const ok = await app.inject({ method: 'PATCH', url: '/api/customers/k1', payload: { name: '  Åse ' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: 'k1', name: 'Åse' });
    expect(seen).toEqual({ db: fakeDb, params: { id: 'k1' }, body: { name: 'Åse' }, user: null });
    // The body schema validates: a number for the name is refused before the handler.
    seen = undefined;
    const refused = await app.inject({ method: 'PATCH', url: '/api/customers/k1', payload: { name: 7 } });
    expect(refused.statusCode).toBe(400);
    expect(seen).toBeUndefined();
    expect(configs.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/customers/:id',
      [SERVED]: true,
    });
    await app.close();
  });

  it('a POST whose contract does not say whether it is idempotent still stops the server in the shop', async () => {
    await expect(
      appWith((shop) => serve(shop, 'setup', () => ({ id: 'u1', name: 'Ejer', email: 'e@perler.dk' }))),
    ).rejects.toThrow('POST /api/setup must say whether it is idempotent');
  });
});

const customerFixture = {
  id: '',
  name: '',
  phone: null,
  email: null,
  address: null,
  address2: null,
  postcode: null,
  city: null,
  countryCode: 'DK',
  addressNeedsCheck: false,
  archived: false,
  archivedAt: null,
};
