/**
 * serve() (src/server/http/serve.ts) ties a route's schemas to the route table in the compiler. The calls in
 * `checkedByTsc` are never run: `npx tsc --noEmit -p tsconfig.json` checks them, and each `@ts-expect-error`
 * fails the compile as "unused" when the mismatch under it stops being an error, so a checker that lets a
 * disagreement through breaks tsc. The calls without the comment are the other half: a schema that agrees with
 * the table compiles. The vitest block below runs serve() on a bare Fastify to see what a handler gets.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/server/db/database.ts';
import { requireIdempotentSetting } from '../../src/server/http/idempotent-routes.ts';
import { registerShopDb, SERVED, serve } from '../../src/server/http/serve.ts';
import { apiRoutes } from '../../src/shared/api/routes.ts';
import { beadListQuerySchema, beadListSchema } from '../../src/shared/schemas/api-beads.ts';
import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
} from '../../src/shared/schemas/api-common.ts';
import { customerListSchema, customerSchema } from '../../src/shared/schemas/api-customers.ts';
import { photoFileParamsSchema } from '../../src/shared/schemas/api-photos.ts';
import { salesQuerySchema } from '../../src/shared/schemas/api-sales.ts';
import { todoListSchema } from '../../src/shared/schemas/api-todos.ts';
import {
  customerCreateSchema,
  customerListQuerySchema,
  customerUpdateSchema,
} from '../../src/shared/schemas/customer.ts';

const never = () => null as never;
/** How many serve() calls checkedByTsc makes. */
const CALLS = 17;

function checkedByTsc(app: FastifyInstance): void {
  // Agrees with the table: compiles.
  serve(
    app,
    apiRoutes.addCustomer,
    { headers: idempotencyHeadersSchema, body: customerCreateSchema, response: { 201: customerSchema } },
    ({ body }) => ({ ...customerFixture, name: body.name }),
  );

  // A body schema with a field the table's body does not have.
  serve(
    app,
    apiRoutes.addCustomer,
    {
      // @ts-expect-error the table's body has no `nickname`
      body: customerCreateSchema.extend({ nickname: z.string() }),
      response: { 201: customerSchema },
    },
    never,
  );

  // A body schema that lacks one of the table's fields (zod would strip it without a word).
  serve(
    app,
    apiRoutes.updateCustomer,
    {
      params: idParamsSchema,
      // @ts-expect-error the table's body has `email` (and more); this schema drops them
      body: z.object({ name: z.string().optional() }),
      response: { 200: customerSchema },
    },
    never,
  );

  // A body field of another type than the table's.
  serve(
    app,
    apiRoutes.addCustomer,
    // @ts-expect-error the table's `name` is a string
    { body: z.object({ name: z.number() }), response: { 201: customerSchema } },
    never,
  );

  // A body schema on a route whose table entry takes no body.
  serve(
    app,
    apiRoutes.archiveCustomer,
    // @ts-expect-error archiving takes no body
    { params: idParamsSchema, body: customerCreateSchema, response: { 200: customerSchema } },
    never,
  );

  // A response schema with a field the table's answer does not have.
  serve(
    app,
    apiRoutes.addCustomer,
    {
      body: customerCreateSchema,
      // @ts-expect-error the table's Customer has no `nickname`
      response: { 201: customerSchema.extend({ nickname: z.string().optional() }), 400: apiErrorSchema },
    },
    never,
  );

  // A response schema of another shape (one customer where the table answers a list).
  serve(
    app,
    apiRoutes.customers,
    // @ts-expect-error the table's answer is Customer[]
    { query: customerListQuerySchema, response: { 200: customerSchema } },
    never,
  );

  // An answer in JSON without a 2xx schema: only error schemas.
  serve(
    app,
    apiRoutes.customers,
    // @ts-expect-error a JSON answer needs its 2xx schema
    { query: customerListQuerySchema, response: { 400: apiErrorSchema } },
    never,
  );

  // A params schema whose name is not the path's (`/api/customers/:id`).
  serve(
    app,
    apiRoutes.archiveCustomer,
    // @ts-expect-error the path names `id`, not `customerId`
    { params: z.object({ customerId: z.string() }), response: { 200: customerSchema } },
    never,
  );

  // A path with params and no params schema.
  // @ts-expect-error `/api/customers/:id` needs its params schema
  serve(app, apiRoutes.archiveCustomer, { response: { 200: customerSchema } }, never);

  // Params are typed from the schema's output, with the path's names.
  serve(app, apiRoutes.photo, { params: photoFileParamsSchema }, ({ params, reply }) => {
    const size: 'thumb' | 'display' | 'jpeg' = params.size;
    // @ts-expect-error the path has no `id`
    void params.id;
    return reply.send(size);
  });

  // A query schema that does not know a field of the table's query.
  serve(
    app,
    apiRoutes.customers,
    // @ts-expect-error the table's query has `archived`
    { query: z.object({ archive: z.enum(['true']).optional() }), response: { 200: customerListSchema } },
    never,
  );

  // A query schema that refuses what the table lets the client send (`archived: 'true'`).
  serve(
    app,
    apiRoutes.customers,
    // @ts-expect-error the table sends 'true', the schema takes only 'false'
    { query: z.object({ archived: z.enum(['false']).optional() }), response: { 200: customerListSchema } },
    never,
  );

  // Numbers in the table's query arrive as text: a schema that reads the text agrees.
  serve(app, apiRoutes.salesCsv, { query: salesQuerySchema }, ({ query, reply }) => reply.send(query.year));

  // The handler's answer is the table's.
  serve(
    app,
    apiRoutes.beads,
    { query: beadListQuerySchema, response: { 200: beadListSchema } },
    // @ts-expect-error the table answers Bead[], not a string
    () => 'perler',
  );

  // A reply sent by hand is checked against its status's schema.
  serve(
    app,
    apiRoutes.deleteCustomer,
    { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } },
    ({ reply }) =>
      // @ts-expect-error a 204 here sends null
      reply.status(204).send({ deleted: true }),
  );

  // The database comes as `db` only: the request carries none.
  serve(app, apiRoutes.todos, { response: { 200: todoListSchema } }, ({ request }) => {
    // @ts-expect-error no `request.db`: a route's database is serve()'s `db`
    void request.db;
    return [];
  });
}

describe('serve() at run time', () => {
  it('gives Fastify the table entry’s method and path, the schemas under Fastify’s names, and its mark', () => {
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
      config: { [SERVED]: true },
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

  it('registers the table entry’s method and path with the schemas, and hands the handler the shop’s db', async () => {
    let seen: unknown;
    const { app, configs } = await appWith((shop) =>
      serve(
        shop,
        apiRoutes.updateCustomer,
        { params: idParamsSchema, body: customerUpdateSchema, response: { 200: customerSchema } },
        ({ db, params, body, user }) => {
          seen = { db, params, body, user };
          return { ...customerFixture, id: params.id, name: body.name ?? '' };
        },
      ),
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

  it('keeps the route’s config (a POST without `idempotent` still stops the server)', async () => {
    await expect(
      appWith((shop) =>
        serve(shop, apiRoutes.archiveCustomer, { params: idParamsSchema } as never, () => null as never),
      ),
    ).rejects.toThrow('POST /api/customers/:id/archive must say whether it is idempotent');
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
