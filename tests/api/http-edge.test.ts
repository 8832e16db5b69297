/**
 * The HTTP edge (findings 3, 4 and 5): every error the framework or better-auth raises reaches the
 * client in Danish as `{ message, code }`; proxy headers count only when TRUST_PROXY names the proxy; slow
 * clients cannot hold a socket open.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { texts } from '../../src/shared/texts.ts';
import { createTestApp, OWNER, type TestApp, testConfig } from '../support/test-app.ts';
import { createTestDatabase, dialects, TMP_DIR } from '../support/test-db.ts';

/** English phrases our framework and auth library use; none may reach the client. */
const ENGLISH = /\b(the|is|not|invalid|error|found|password|exceeding|valid|request|body|unsupported)\b/i;

function expectDanish(body: unknown) {
  expect(body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  const { message } = body as { message: string };
  expect(message, message).not.toMatch(ENGLISH);
  expect(message.length).toBeGreaterThan(3);
}

describe.each(dialects)('errors are Danish (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an id over 100 characters reaches the route (404 or a Danish 400), not 414 FST_ERR_MAX_PARAM_LENGTH', async () => {
    const id150 = 'x'.repeat(150);
    const found = await t.request({ method: 'GET', url: `/api/customers/${id150}` });
    expect(found.statusCode).toBe(404);
    expectDanish(found.json());
    const id300 = 'x'.repeat(300);
    const tooLong = await t.request({ method: 'GET', url: `/api/customers/${id300}` });
    expect(tooLong.statusCode).toBe(400);
    expectDanish(tooLong.json());
  });

  it('a parameter beyond the router limit answers 414 in Danish', async () => {
    const response = await t.request({ method: 'GET', url: `/api/customers/${'x'.repeat(2000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: texts.errors.urlTooLong, code: 'FST_ERR_MAX_PARAM_LENGTH' });
  });

  it('a broken %-sequence answers 400 in Danish, not FST_ERR_BAD_URL in English', async () => {
    for (const url of ['/api/customers/%E0%A4%A', '/api/customers/%zz', '/%61pi/beads/%']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: texts.errors.badUrl, code: 'FST_ERR_BAD_URL' });
    }
  });

  it('bad bodies answer in Danish: invalid JSON, empty JSON, unknown media type, too large', async () => {
    const cases = [
      { payload: '{"name": ', type: 'application/json', status: 400, message: texts.errors.invalidJson },
      { payload: '', type: 'application/json', status: 400, message: texts.errors.invalidJson },
      { payload: '<kunde/>', type: 'text/xml', status: 415, message: texts.errors.unsupportedMediaType },
      {
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
        type: 'application/json',
        status: 413,
        message: texts.errors.bodyTooLarge,
      },
    ];
    for (const c of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/customers',
        headers: { 'content-type': c.type },
        payload: c.payload,
      });
      expect(response.statusCode, c.type).toBe(c.status);
      expect(response.json().message, c.type).toBe(c.message);
      expectDanish(response.json());
    }
    expect(await t.db.selectFrom('customers').select('id').execute()).toEqual([]);
  });

  it("better-auth's own errors come back in Danish with their code", async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: OWNER.email, password: 'forkert-kode' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: texts.auth.wrongCredentials, code: 'INVALID_EMAIL_OR_PASSWORD' });

    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'ikke-en-mail', password: 'hemmelig-kode' },
    });
    expect(badEmail.statusCode).toBe(400);
    expectDanish(badEmail.json());

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'fremmed@example.com', password: 'hemmelig-kode', name: 'Fremmed' },
    });
    expect(signUp.statusCode).toBeGreaterThanOrEqual(400);
    expectDanish(signUp.json());

    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/findes-ikke' });
    expect(unknown.statusCode).toBe(404);
    expectDanish(unknown.json());

    const traversal = await t.app.inject({
      method: 'POST',
      url: '/api/auth/x%2F..%2Fsign-in/email',
      payload: {},
    });
    expect(traversal.statusCode).toBe(404);
    expectDanish(traversal.json());
  });

  it('a wrong-method call and a session-less call answer Danish JSON', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/customers' });
    expect(response.statusCode).toBe(404);
    expectDanish(response.json());
  });
});

describe.each(dialects)(
  'an over-long id on every /api path answers 414, with the built pages too (%s)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      // The repository's index.html as the built client: the page route `GET /*` is registered, as in production.
      const client = fs.mkdtempSync(path.join(TMP_DIR, 'client-'));
      fs.copyFileSync('index.html', path.join(client, 'index.html'));
      t = await createTestApp(kind, { env: { CLIENT_DIST_DIR: client } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('the page route is there (an app path gets the page)', async () => {
      const page = await t.request({ method: 'GET', url: '/customers' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    });

    it('every route with a parameter, every method, signed in or not: 414 in Danish, never the 404 or the page', async () => {
      const long = 'x'.repeat(2000);
      const routes = t.app.routeTable.filter(
        (route) => route.url.startsWith('/api/') && route.url.includes(':'),
      );
      expect(routes.filter((route) => route.method === 'GET').length).toBeGreaterThan(5);
      const wrong: string[] = [];
      const expected = { message: texts.errors.urlTooLong, code: 'FST_ERR_MAX_PARAM_LENGTH' };
      for (const route of routes) {
        const url = route.url.replaceAll(/:[A-Za-z]+/g, long);
        for (const inject of [t.request, t.app.inject.bind(t.app)]) {
          const response = await inject({ method: route.method as 'GET', url });
          // A HEAD answer has no body: its status says it.
          const body = route.method === 'HEAD' ? expected : response.body && JSON.parse(response.body);
          if (response.statusCode !== 414 || JSON.stringify(body) !== JSON.stringify(expected))
            wrong.push(
              `${route.method} ${route.url}: ${response.statusCode} ${JSON.stringify(body).slice(0, 80)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    });

    it('a long segment on an unknown /api path, and spelled another way, is refused the same', async () => {
      for (const url of [
        `/api/findes-ikke/${'y'.repeat(600)}`,
        `/API/customers/${'x'.repeat(2000)}`,
        `/api//customers/${'x'.repeat(2000)}?a=1`,
      ]) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(414);
        expectDanish(response.json());
      }
      // At the limit the route itself answers (a Danish 400 for an id over 200 characters).
      const atLimit = await t.request({ method: 'GET', url: `/api/customers/${'x'.repeat(500)}` });
      expect(atLimit.statusCode).toBe(400);
      expectDanish(atLimit.json());
    });
  },
);

describe('proxy headers count only from the proxies TRUST_PROXY names (rate limit)', () => {
  const attempts = async (t: TestApp, remoteAddress: string, count: number) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        // A stranger varies the header to look like a new client on every attempt.
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: OWNER.email, password: 'forkert-kode' },
      });
      codes.push(response.statusCode);
    }
    return codes;
  };

  it('with PUBLIC_URL set but no TRUST_PROXY, a varied X-Forwarded-For does not reset the limit', async () => {
    const t = await createTestApp('sqlite', {
      env: { LOGIN_RATE_LIMIT: '3', PUBLIC_URL: 'https://perler.example.dk' },
      withOwner: false,
    });
    try {
      const codes = await attempts(t, '192.0.2.10', 5);
      expect(codes.filter((code) => code === 429)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=loopback, the proxy on loopback passes the real client address on', async () => {
    const t = await createTestApp('sqlite', {
      env: { LOGIN_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' },
      withOwner: false,
    });
    try {
      // Through the trusted proxy: each forwarded address is its own client, so none is limited yet.
      expect(await attempts(t, '127.0.0.1', 5)).not.toContain(429);
      // Straight from the network: the header is not believed; the address is the socket's.
      const direct = await attempts(t, '192.0.2.20', 5);
      expect(direct.filter((code) => code === 429)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('refuses TRUST_PROXY=true and addresses that are not addresses', () => {
    expect(() => testConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => testConfig({ TRUST_PROXY: 'loopback, ikke-en-adresse' })).toThrow(/ikke-en-adresse/);
    expect(testConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(testConfig({}).trustProxy).toBe(false);
  });
});

describe('slow clients cannot hold a socket (real server on loopback)', () => {
  let close: () => Promise<void>;
  let port: number;

  beforeAll(async () => {
    const database = await createTestDatabase('sqlite');
    const base = testConfig();
    const config = {
      ...base,
      limits: { ...base.limits, requestTimeoutMs: 1500, headersTimeoutMs: 1000, keepAliveTimeoutMs: 1000 },
    };
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    close = async () => {
      await app.close();
      await database.drop();
    };
  });
  afterAll(async () => {
    await close();
  });

  /** Opens a socket, runs `talk` on it, and resolves with the ms until the server closed it (or null). */
  function timeUntilClosed(talk: (socket: net.Socket) => void, giveUpMs = 8000): Promise<number | null> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => talk(socket));
      socket.on('data', () => {});
      socket.on('error', () => {});
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(null);
      }, giveUpMs);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
    });
  }

  it('closes a connection whose body trickles in slower than the request timeout', async () => {
    const closedAfter = await timeUntilClosed((socket) => {
      socket.write(
        'POST /api/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const trickle = setInterval(() => socket.write(' '), 200);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeLessThan(5000);
  });

  it('closes a connection whose headers never finish', async () => {
    const closedAfter = await timeUntilClosed((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeLessThan(5000);
  });
});

describe.each(dialects)('the session guard’s short cache (%s)', (kind) => {
  it('forgets a session the moment it is signed out through this server', async () => {
    const t = await createTestApp(kind);
    try {
      expect((await t.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
      expect(out.statusCode).toBe(200);
      const after = await t.request({ method: 'GET', url: '/api/me' });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: texts.auth.unauthorized, code: 'UNAUTHORIZED' });
    } finally {
      await t.close();
    }
  });

  it('never lets a cookie in that it has not seen with a valid session', async () => {
    const t = await createTestApp(kind);
    try {
      await t.request({ method: 'GET', url: '/api/me' });
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: `${t.cookie}x` },
      });
      expect(forged.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
