/**
 * No route answers 5xx to a JSON body nested 50,000 levels deep. Every changing route from Fastify's
 * own route table gets one, signed in and from the app's own Origin (the worst case: past every guard), and
 * answers a Danish 400 before anything walks or stringifies the body; the shop is unchanged afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonTextNestsDeeperThan, MAX_BODY_DEPTH } from '../../src/server/http/json-body.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const ID = '00000000-0000-4000-8000-000000000000';
const DEEP = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;

describe('the depth of JSON text', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonTextNestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(jsonTextNestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ name: '[[[[[[{{{{' }), 2)).toBe(false);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ name: 'a\\"[[[[' }), 1)).toBe(false);
    expect(jsonTextNestsDeeperThan(DEEP, MAX_BODY_DEPTH)).toBe(true);
  });
});

describe.each(dialects)('every route with a body, 50,000 levels deep (%s)', (kind) => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = t.app.routeTable
      .filter(
        (route) => route.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
      )
      .map((route) => ({ method: route.method, url: route.url.replaceAll(/:[A-Za-z]+/g, ID) }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('sweeps the routes that take a body, the import and the idempotent creates among them', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toContain('POST /api/data/import');
    expect(keys).toContain('POST /api/customers');
    expect(keys).toContain(`POST /api/customers/${ID}/active-order`);
    expect(keys.length).toBeGreaterThan(20);
  });

  const headers = () => ({
    'content-type': 'application/json',
    origin: 'http://localhost',
    host: 'localhost',
    'idempotency-key': crypto.randomUUID(),
  });

  it('passes every guard with these headers (the sweep below reaches the body)', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'Dyb Dorte' },
      headers: headers(),
    });
    expect(created.statusCode).toBe(201);
  });

  it('answers every one with a Danish 400, never a 5xx', async () => {
    const before = await t.request({ method: 'GET', url: '/api/customers' });
    const failures: string[] = [];
    for (const route of routes) {
      for (const body of [DEEP, DEEP_OBJECT]) {
        const response = await t.request({
          method: route.method as 'POST',
          url: route.url,
          payload: body,
          headers: headers(),
        });
        const answer = response.json() as { message?: string; code?: string };
        if (
          response.statusCode !== 400 ||
          answer.code !== 'BODY_TOO_DEEP' ||
          !/indlejret/.test(answer.message ?? '')
        ) {
          failures.push(
            `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    const after = await t.request({ method: 'GET', url: '/api/customers' });
    expect(after.body).toBe(before.body);
  });
});
