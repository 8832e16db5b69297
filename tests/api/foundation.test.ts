import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalUser } from '../../src/server/auth/auth.ts';
import { createTestApp, OWNER, signIn, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the database as reachable on /api/health without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', engine: kind });
  });

  it('answers 401 JSON in Danish without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Du er ikke logget ind', code: 'UNAUTHORIZED' });
  });

  it('answers unknown /api paths with 404 JSON, signed in or not (no route, nothing to guard)', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.request({ method: 'GET', url: '/api/nothing-here' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Findes ikke', code: 'NOT_FOUND' });
    }
  });

  it('knows the signed-in user', async () => {
    const response = await t.request({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: OWNER.name, email: OWNER.email });
  });

  it('sets the session cookie http-only and SameSite', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: OWNER.email, password: OWNER.password },
    });
    const session = response.cookies.find((c) => c.name.includes('session_token'));
    expect(session?.httpOnly).toBe(true);
    expect(String(session?.sameSite).toLowerCase()).toBe('lax');
  });

  it('refuses a wrong password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: OWNER.email, password: 'forkert-kode' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('closes sign-up: the public sign-up endpoint creates nobody', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'fremmed@example.com', password: 'hemmelig-kode', name: 'Fremmed' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const users = await t.db.selectFrom('user').select('email').execute();
    expect(users.map((u) => u.email)).toEqual([OWNER.email]);
  });

  it('refuses a second owner set-up once an account exists', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/setup' });
    expect(status.json()).toEqual({ needsSetup: false, google: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { name: 'Ny', email: 'ny@example.com', password: 'lang-nok-kode' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Ejerkontoen er allerede oprettet', code: 'SETUP_CLOSED' });
  });

  it('accepts sign-in from any address the browser used, but refuses a foreign origin', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '192.168.1.20:3000']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { host, origin: `http://${host}` },
        payload: { email: OWNER.email, password: OWNER.password },
      });
      expect(response.statusCode, host).toBe(200);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'localhost:3000', origin: 'http://evil.example' },
      payload: { email: OWNER.email, password: OWNER.password },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a changing /api request from a foreign origin even with a session', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/setup',
      headers: { host: 'localhost:3000', origin: 'http://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN_ORIGIN');
  });

  it('lets a user added like `user:add` sign in', async () => {
    await createLocalUser(t.app.auth, {
      email: 'Hjaelper@Perler.dk',
      password: 'en-anden-kode',
      name: 'Hjælper',
    });
    const cookie = await signIn(t.app, 'hjaelper@perler.dk', 'en-anden-kode');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ name: 'Hjælper', email: 'hjaelper@perler.dk' });
  });

  it('sends security headers with a strict CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe.each(dialects)('owner set-up on a fresh install (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { withOwner: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('validates in Danish and writes nothing on bad input', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { name: '  ', email: 'ikke-en-mail', password: 'kort' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: 'Navn er påkrævet' });
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json().needsSetup).toBe(true);
  });

  it('creates exactly one owner when two set-ups race, then closes', async () => {
    const payload = (n: number) => ({
      name: `Ejer ${n}`,
      email: `ejer${n}@perler.dk`,
      password: 'perler-og-nåle-42',
    });
    const results = await Promise.all(
      [1, 2, 3].map((n) => t.app.inject({ method: 'POST', url: '/api/setup', payload: payload(n) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.db.selectFrom('user').select('id').execute()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json().needsSetup).toBe(false);
  });
});

describe('login rate limit', () => {
  it('answers 429 in Danish after too many sign-in attempts', async () => {
    const t = await createTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: OWNER.email, password: 'nej' },
        });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
      // createTestApp already signed in once.
      expect(codes).toEqual([401, 401, 429, 429]);
      const last = await attempt();
      expect(last.json()).toEqual({
        message: 'For mange forsøg. Vent et minut, og prøv igen.',
        code: 'RATE_LIMITED',
      });
    } finally {
      await t.close();
    }
  });
});
