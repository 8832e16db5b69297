/**
 * `call`: a route of the table goes over the wire with its method, the URL `urlOf` builds and its
 * body; the types make the input required exactly when the route has params or a body.
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import { call } from './api.ts';

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };

function server(answer: unknown = {}, status = 200) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('GETs the route’s path, with its params encoded and its query in the order written', async () => {
    const sent = server([]);
    await call(apiRoutes.customers);
    await call(apiRoutes.customers, { query: { archived: 'true' } });
    await call(apiRoutes.customer, { params: { id: 'a/b c' } });
    await call(apiRoutes.reminders, {
      query: { limit: 50, afterSince: '2026-01-02T03:04:05.000Z', afterId: 'x' },
    });
    await call(apiRoutes.reminders, {
      query: { limit: undefined, afterSince: undefined, afterId: undefined },
    });
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/customers',
      'GET /api/customers?archived=true',
      'GET /api/customers/a%2Fb%20c',
      'GET /api/reminders?limit=50&afterSince=2026-01-02T03%3A04%3A05.000Z&afterId=x',
      'GET /api/reminders',
    ]);
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers['x-client-id']).toBeUndefined();
  });

  it('sends the body with the route’s method, and the idempotency key as a header', async () => {
    const sent = server({});
    await call(apiRoutes.addCustomer, { body: { name: 'Birthe' } }, { idempotencyKey: 'k1' });
    await call(apiRoutes.linePacked, { params: { id: 'o1', lineId: 'l1' }, body: { packed: true } });
    await call(apiRoutes.importData, { query: { dryRun: true }, body: { customers: [] } });
    expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/api/customers', { name: 'Birthe' }],
      ['PUT', '/api/orders/o1/lines/l1/packed', { packed: true }],
      ['POST', '/api/data/import?dryRun=true', { customers: [] }],
    ]);
    expect(sent[0]?.headers['idempotency-key']).toBe('k1');
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(sent[0]?.headers['x-client-id']).toEqual(expect.any(String));
  });

  it('sends {} for a POST without a body, and nothing for a DELETE', async () => {
    const sent = server({}, 204);
    await call(apiRoutes.takeBackup);
    await call(apiRoutes.archiveCustomer, { params: { id: 'c1' } });
    await call(apiRoutes.deleteCustomer, { params: { id: 'c1' } });
    expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/api/data/backups', {}],
      ['POST', '/api/customers/c1/archive', {}],
      ['DELETE', '/api/customers/c1', undefined],
    ]);
  });

  it('types the answer from the route, and asks for the input only where the route needs it', () => {
    expectTypeOf(call<typeof apiRoutes.customers>).returns.resolves.toEqualTypeOf<Customer[]>();
    // Types only: these calls never run.
    const typesOnly = () => {
      // @ts-expect-error a route with params needs them
      void call(apiRoutes.customer);
      // @ts-expect-error the params are the path's
      void call(apiRoutes.customer, { params: { customerId: 'c1' } });
      // @ts-expect-error a route with a body needs it
      void call(apiRoutes.addCustomer);
      // @ts-expect-error the body is the route's
      void call(apiRoutes.updateShopSettings, { body: { nonsense: 1 } });
      // @ts-expect-error a route without a body takes none
      void call(apiRoutes.customers, { body: {} });
      // @ts-expect-error the query is the route's
      void call(apiRoutes.sales, { query: { year: true } });
    };
    expect(typesOnly).toBeTypeOf('function');
  });
});
