/**
 * The one route table (src/shared/api/routes.ts) against what the server really registers, read from
 * Fastify's route table: every entry is served with its method and path (the /api/auth/* entries by
 * better-auth's catch-all), and every /api route the server registers has an entry, so the client cannot call
 * a path the server does not have and the server cannot grow a route the table does not name. Every entry is
 * registered through serve() (src/server/http/serve.ts), whose types hold its schemas to the table in tsc; what
 * tsc cannot see (that the route is registered at all, under the table's method and path) is checked here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, urlOf } from '../../src/shared/api/routes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('the route table and the server agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const registered = () =>
    new Set(
      t.app.routeTable
        .filter((route) => route.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(route.method))
        .map((route) => `${route.method} ${route.url}`),
    );
  const betterAuth = (path: string) => path.startsWith('/api/auth/');

  it('serves every entry of the table with its method and path', () => {
    const served = registered();
    const missing = Object.entries(apiRoutes)
      .filter(([, route]) => !betterAuth(route.path))
      .filter(([, route]) => !served.has(`${route.method} ${route.path}`))
      .map(([name, route]) => `${name}: ${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    // better-auth's own entries reach its catch-all route.
    expect(served.has('POST /api/auth/*') || served.has('GET /api/auth/*')).toBe(true);
  });

  it('has an entry for every /api route the server registers', () => {
    const inTable = new Set(Object.values(apiRoutes).map((route) => `${route.method} ${route.path}`));
    const unnamed = [...registered()].filter(
      (route) => !inTable.has(route) && !betterAuth(route.split(' ')[1] ?? ''),
    );
    expect(unnamed).toEqual([]);
  });

  it('registers every entry of the table through serve(), which holds its schemas to the table in tsc', () => {
    const served = new Set(
      t.app.routeTable.filter((route) => route.served).map((route) => `${route.method} ${route.url}`),
    );
    const direct = Object.entries(apiRoutes)
      .filter(([, route]) => !betterAuth(route.path))
      .filter(([, route]) => !served.has(`${route.method} ${route.path}`))
      .map(([name, route]) => `${name}: ${route.method} ${route.path}`);
    expect(direct).toEqual([]);
  });

  it('names each route once', () => {
    const keys = Object.values(apiRoutes).map((route) => `${route.method} ${route.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('builds URLs with encoded params and the query given', () => {
    expect(urlOf(apiRoutes.linePacked, { params: { id: 'a/b', lineId: 'æ ø' } })).toBe(
      '/api/orders/a%2Fb/lines/%C3%A6%20%C3%B8/packed',
    );
    expect(urlOf(apiRoutes.reminders, { query: { limit: 1, afterSince: undefined } })).toBe(
      '/api/reminders?limit=1',
    );
    expect(urlOf(apiRoutes.customers)).toBe('/api/customers');
    expect(() => urlOf(apiRoutes.customer, {})).toThrow('id is missing');
  });
});
