/**
 * Authorisation by construction (finding 1): every route the app registered, under every way of
 * spelling its path that the router may decode or normalise, is refused without a session, and every
 * changing call is refused from a foreign Origin. The route list comes from Fastify itself (buildApp records
 * each route as it is registered), never from a hand list, so a new route is swept the day it is added.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneTexts } from '../../src/shared/texts/phone.ts';
import { texts } from '../../src/shared/texts.ts';
import { spellings } from '../support/path-spellings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const ID = '00000000-0000-4000-8000-000000000000';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that answer without a session by design (docs/security.md: health, sign-in and the one-time set-up).
 */
const isPublic = (url: string) =>
  url === '/api/health' || url === '/api/setup' || url.startsWith('/api/auth/');

/** '/api/beads/:id' → '/api/beads/0000…', '/api/auth/*' → '/api/auth/sign-in/email'. */
function concrete(url: string): string {
  return url.replaceAll(/:[A-Za-z]+/g, ID).replace(/\*$/, 'sign-in/email');
}

/**
 * The positive control's URL: the live event stream would never end, so it is asked with a bad ?since=,
 * which it refuses (400) only after the session check let it through.
 */
const reachable = (url: string) => (url === '/api/events' ? `${url}?since=x` : concrete(url));

const danishMessages = new Set<string>([
  texts.auth.unauthorized,
  texts.auth.forbiddenOrigin,
  texts.errors.notFound,
  texts.errors.badUrl,
  texts.errors.invalidInput,
]);

describe.each(dialects)('every route, every spelling (%s)', (kind) => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => ({ method: route.method, url: route.url }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a route table that holds the shop routes', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toContain('GET /api/data/export.json');
    expect(keys).toContain('POST /api/customers');
    expect(keys).toContain('GET /api/me');
    expect(routes.filter((route) => !isPublic(route.url)).length).toBeGreaterThan(20);
  });

  it('reaches every shop route with a session and its canonical path (the sweep below can fail)', async () => {
    for (const route of routes.filter((r) => !isPublic(r.url))) {
      const response = await t.request({
        method: route.method as 'GET',
        url: reachable(route.url),
        ...(SAFE.has(route.method) ? {} : { payload: {} }),
      });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
    }
  });

  it('refuses every shop route without a session, however its path is spelled', async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r.url))) {
      const canonical = concrete(route.url);
      for (const spelling of [{ name: 'canonical', url: canonical }, ...spellings(canonical)]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: spelling.url,
          ...(SAFE.has(route.method) ? {} : { payload: {} }),
        });
        const ok = [400, 401, 404].includes(response.statusCode);
        const body = response.body ? (response.json() as { message?: string }) : {};
        if (!ok || !danishMessages.has(body.message ?? '')) {
          leaks.push(
            `${route.method} ${spelling.url} (${spelling.name}) → ${response.statusCode} ${response.body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses every changing call from a foreign Origin, however its path is spelled', async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((r) => !SAFE.has(r.method))) {
      const canonical = concrete(route.url);
      for (const spelling of [{ name: 'canonical', url: canonical }, ...spellings(canonical)]) {
        const response = await t.request({
          method: route.method as 'POST',
          url: spelling.url,
          headers: { origin: 'http://evil.example' },
          payload: { name: 'Fremmed', priceOre: 100, amount: 1 },
        });
        if (![400, 403, 404].includes(response.statusCode)) {
          leaks.push(`${route.method} ${spelling.url} (${spelling.name}) → ${response.statusCode}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('left the shop untouched by every refused call', async () => {
    for (const table of ['customers', 'beads', 'todos', 'orders', 'order_lines'] as const) {
      expect(await t.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
    expect(await t.db.selectFrom('user').select('id').execute()).toHaveLength(1);
    // Only the positive control above may have taken a backup (with the session, on the canonical path).
    const backups = path.join(t.config.dataDir, 'backups');
    const taken = fs.existsSync(backups) ? fs.readdirSync(backups).filter((f) => f.endsWith('.sqlite')) : [];
    expect(taken.length).toBeLessThanOrEqual(1);
  });

  it('answers unknown /api paths with 404 JSON in Danish, however they are spelled', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing-here', '/API/nothing', '//api/x', '/api']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: texts.errors.notFound, code: 'NOT_FOUND' });
    }
  });
});

/**
 * The plain-http gate: with the shop's own https, a phone on the shop's network that asks over plain
 * http gets the set-up page or a refusal from every route, however its path is spelled and whether or not it
 * carries a session cookie. The route list is Fastify's, so the set-up files and /api/phone are swept too.
 */
describe('the plain-http gate: every route, every spelling, from a phone on the network', () => {
  /** Another device on the shop's network (not loopback), on plain http. */
  const PHONE = '192.0.2.50';
  /** What another device may reach on plain http by design: the health check and the set-up page's files. */
  const OPEN = new Set([
    '/api/health',
    '/tls/naalepuden-rod.crt',
    '/tls/naalepuden.mobileconfig',
    '/tls/setup.js',
  ]);
  let t: TestApp;
  let routes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { https: 'builtin' });
    routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD')
      .map((route) => ({ method: route.method, url: route.url }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a route table that holds the set-up files and /api/phone', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    for (const key of [
      'GET /tls/naalepuden-rod.crt',
      'GET /tls/naalepuden.mobileconfig',
      'GET /tls/setup.js',
      'GET /tls/probe',
      'GET /api/phone',
      'GET /api/customers',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('lets the laptop itself (loopback) through to every route (the sweep below can fail)', async () => {
    for (const route of routes) {
      const response = await t.request({
        method: route.method as 'GET',
        url: reachable(route.url),
        ...(SAFE.has(route.method) ? {} : { payload: {} }),
      });
      expect(response.headers['content-type'] ?? '', `${route.method} ${route.url}`).not.toMatch(
        /text\/html/,
      );
      if (response.statusCode === 403) {
        expect(response.json().code, `${route.method} ${route.url}`).not.toBe('HTTPS_REQUIRED');
      }
    }
  });

  it('opens the health check and the set-up files to a phone', async () => {
    for (const url of OPEN) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: PHONE });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('gives a phone on plain http the set-up page or a refusal from every other route, signed in or not', async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((r) => !OPEN.has(r.url))) {
      const canonical = concrete(route.url);
      const spelled = canonical.startsWith('/api/') ? spellings(canonical) : [];
      for (const spelling of [{ name: 'canonical', url: canonical }, ...spelled]) {
        for (const cookie of [t.cookie, undefined]) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: spelling.url,
            remoteAddress: PHONE,
            headers: cookie ? { cookie } : {},
            ...(SAFE.has(route.method)
              ? {}
              : { payload: { name: 'Fra telefonen', priceOre: 100, amount: 1 } }),
          });
          const type = String(response.headers['content-type'] ?? '');
          const setupPage =
            response.statusCode === 200 &&
            SAFE.has(route.method) &&
            type.startsWith('text/html') &&
            response.body.includes('Sæt telefonen op');
          const body = type.includes('json') ? (response.json() as { message?: string; code?: string }) : {};
          const refused =
            response.statusCode === 403 &&
            body.code === 'HTTPS_REQUIRED' &&
            body.message === phoneTexts.httpsRequired;
          const unknown = [400, 404].includes(response.statusCode) && danishMessages.has(body.message ?? '');
          if (!(setupPage || refused || unknown)) {
            leaks.push(
              `${route.method} ${spelling.url} (${spelling.name}, ${cookie ? 'signed in' : 'no session'}) → ${response.statusCode} ${response.body.slice(0, 80)}`,
            );
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('left the shop untouched by every refused call', async () => {
    for (const table of ['customers', 'beads', 'todos', 'orders', 'order_lines'] as const) {
      expect(await t.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
    // Only the positive control above may have taken a backup (from loopback).
    const backups = path.join(t.config.dataDir, 'backups');
    const taken = fs.existsSync(backups) ? fs.readdirSync(backups).filter((f) => f.endsWith('.sqlite')) : [];
    expect(taken.length).toBeLessThanOrEqual(1);
  });
});
