/**
 * Probes a running Nålepuden server as a stranger on the shop's network would (docs/security.md):
 *   1. every registered route (read from Fastify's own route table: the app is built in-process on a
 *      throw-away SQLite file just to list its routes) × every path spelling, without a session;
 *   2. with a session (PROBE_EMAIL / PROBE_PASSWORD): every changing route × spelling from a foreign Origin,
 *      and the input limits (prices, names, amounts, ids, bodies);
 *   3. the sign-in rate limit with a varied X-Forwarded-For;
 *   4. with --slow: a body and a header block trickled in, which the server must cut off.
 * At the machine's LAN address on plain http (`http://<LAN IP>:3000`, what a stranger on the Wi-Fi
 * reaches first) a refusal may also be the phone's set-up page or 403 HTTPS_REQUIRED, and sign-in itself is
 * refused there.
 * Every request is one the server should refuse, so a healthy server writes nothing. Run it against a test
 * install, not the shop's live data:
 *
 *   npm start &                                   # or any running server
 *   PROBE_EMAIL=… PROBE_PASSWORD=… npx tsx scripts/probe-security.ts http://127.0.0.1:3000 [--slow]
 *
 * Prints one line per check and a summary; exits 1 when anything leaked.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb } from '../src/server/db/create-db.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { MAX_NAME_LENGTH, MAX_PRICE_ORE, MAX_TODO_AMOUNT } from '../src/shared/domain/limits.ts';
import { spellings } from '../tests/support/path-spellings.ts';

const args = process.argv.slice(2);
const base = new URL(args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:3000');
const slow = args.includes('--slow');
const ID = '00000000-0000-4000-8000-000000000000';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

type Answer = { status: number; body: string };

/** One raw HTTP request: the path goes on the wire exactly as written (no URL normalisation). */
function send(
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const body = options.body;
    const request = http.request(
      {
        host: base.hostname,
        port: base.port || 80,
        method,
        path: rawPath,
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    if (body !== undefined) request.write(body);
    request.end();
  });
}

async function routeTable(): Promise<Array<{ method: string; url: string }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-probe-'));
  try {
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      CLIENT_DIST_DIR: path.join(dir, 'none'),
    });
    const database = createDb(config.database);
    await migrateToLatest(database.db as never);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    await app.close();
    return routes;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const isPublic = (url: string) =>
  url === '/api/health' || url === '/api/setup' || url.startsWith('/api/auth/');
const concrete = (url: string) => url.replaceAll(/:[A-Za-z]+/g, ID).replace(/\*$/, 'sign-in/email');

const results: Array<{ check: string; total: number; failed: string[] }> = [];
function record(check: string, total: number, failed: string[]) {
  results.push({ check, total, failed });
  const mark = failed.length === 0 ? 'ok  ' : 'FAIL';
  console.info(`${mark} ${check}: ${total - failed.length}/${total}`);
  for (const line of failed.slice(0, 10)) console.info(`       ${line}`);
}

async function signIn(): Promise<string | null> {
  const email = process.env.PROBE_EMAIL;
  const password = process.env.PROBE_PASSWORD;
  if (!email || !password) return null;
  const answer = await new Promise<{ status: number; cookies: string[] }>((resolve) => {
    const body = JSON.stringify({ email, password });
    const request = http.request(
      {
        host: base.hostname,
        port: base.port || 80,
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, cookies: response.headers['set-cookie'] ?? [] }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, cookies: [] }));
    request.end(body);
  });
  if (answer.status !== 200) {
    console.warn(`Sign-in as ${email} failed (${answer.status}); the signed-in checks are skipped.`);
    return null;
  }
  return answer.cookies.map((c) => c.split(';')[0]).join('; ');
}

async function sweepWithoutSession(routes: Array<{ method: string; url: string }>) {
  const failed: string[] = [];
  let total = 0;
  for (const route of routes.filter((r) => !isPublic(r.url))) {
    const canonical = concrete(route.url);
    for (const spelling of [{ name: 'canonical', url: canonical }, ...spellings(canonical)]) {
      total++;
      const answer = await send(route.method, spelling.url, SAFE.has(route.method) ? {} : { body: '{}' });
      if (!refused(answer)) {
        failed.push(`${route.method} ${spelling.url} → ${answer.status} ${answer.body.slice(0, 60)}`);
      }
    }
  }
  record(
    `no session: every route × every spelling refused (400/401/404${gated ? ', set-up page, 403 HTTPS_REQUIRED' : ''})`,
    total,
    failed,
  );
}

async function sweepForeignOrigin(routes: Array<{ method: string; url: string }>, cookie: string) {
  const failed: string[] = [];
  let total = 0;
  for (const route of routes.filter((r) => !SAFE.has(r.method))) {
    const canonical = concrete(route.url);
    for (const spelling of [{ name: 'canonical', url: canonical }, ...spellings(canonical)]) {
      total++;
      const answer = await send(route.method, spelling.url, {
        headers: { cookie, origin: 'http://evil.example' },
        body: JSON.stringify({ name: 'Fremmed', priceOre: 100, amount: 1 }),
      });
      if (![400, 403, 404].includes(answer.status))
        failed.push(`${route.method} ${spelling.url} → ${answer.status}`);
    }
  }
  record('session + foreign Origin: every changing route × spelling refused', total, failed);
}

async function limitCases(cookie: string) {
  const origin = base.origin;
  const post = (url: string, body: unknown) =>
    send('POST', url, { headers: { cookie, origin }, body: JSON.stringify(body) });
  const cases: Array<{ name: string; run: () => Promise<Answer>; expect: number[] }> = [
    {
      name: 'bead price above 100.000 kr',
      run: () => post('/api/beads', { name: `Probe ${Date.now()}`, priceOre: MAX_PRICE_ORE + 1 }),
      expect: [400],
    },
    {
      name: 'bead price 1e14 kr',
      run: () => post('/api/beads', { name: `Probe ${Date.now()}`, priceOre: 1e16 }),
      expect: [400],
    },
    {
      name: 'bead price 0 (Tilføj ny nål)',
      run: () => post('/api/beads', { name: `Probe ${Date.now()}`, priceOre: 0 }),
      expect: [400],
    },
    {
      name: `customer name of ${MAX_NAME_LENGTH + 1} characters`,
      run: () => post('/api/customers', { name: 'x'.repeat(MAX_NAME_LENGTH + 1) }),
      expect: [400],
    },
    {
      name: 'customer name of invisible characters only',
      run: () => post('/api/customers', { name: '\u200B\u202E\uFEFF' }),
      expect: [400],
    },
    {
      name: "the reserved customer name '{name}'",
      run: () => post('/api/customers', { name: '{name}' }),
      expect: [400],
    },
    {
      name: `todo amount ${MAX_TODO_AMOUNT + 1}`,
      run: () =>
        post('/api/todos', {
          amount: MAX_TODO_AMOUNT + 1,
          customerId: null,
          bead: { kind: 'new', name: `Probe ${Date.now()}` },
        }),
      expect: [400],
    },
    {
      name: 'id of 150 characters',
      run: () => send('GET', `/api/customers/${'x'.repeat(150)}`, { headers: { cookie } }),
      expect: [404],
    },
    {
      name: 'id of 2,000 characters',
      run: () => send('GET', `/api/customers/${'x'.repeat(2000)}`, { headers: { cookie } }),
      expect: [414],
    },
    {
      name: 'broken %-sequence',
      run: () => send('GET', '/api/customers/%E0%A4%A', { headers: { cookie } }),
      expect: [400],
    },
    {
      name: 'body of 2 MB',
      run: () => post('/api/customers', { name: 'x'.repeat(2 * 1024 * 1024) }),
      expect: [413],
    },
    {
      name: 'invalid JSON',
      run: () => send('POST', '/api/customers', { headers: { cookie, origin }, body: '{"name": ' }),
      expect: [400],
    },
  ];
  const failed: string[] = [];
  for (const c of cases) {
    const answer = await c.run();
    let danish = false;
    try {
      const body = JSON.parse(answer.body) as { message?: string; code?: string };
      danish =
        typeof body.message === 'string' &&
        typeof body.code === 'string' &&
        !/\b(the|is|invalid|error)\b/i.test(body.message);
    } catch {
      danish = false;
    }
    if (!c.expect.includes(answer.status) || !danish)
      failed.push(`${c.name} → ${answer.status} ${answer.body.slice(0, 80)}`);
  }
  record('limits: refused with a Danish { message, code }', cases.length, failed);
}

/**
 * Plain http at another address than loopback, with the built-in https on: no sign-in, no data, only the set-up
 * page (src/server/phone/phone.routes.ts).
 */
function isHttpsRequired(answer: Answer): boolean {
  return answer.status === 403 && answer.body.includes('"HTTPS_REQUIRED"');
}
function isSetupPage(answer: Answer): boolean {
  return (
    answer.status === 200 &&
    answer.body.includes('Sæt telefonen op') &&
    !answer.body.trimStart().startsWith('{')
  );
}
function refused(answer: Answer): boolean {
  return (
    [400, 401, 404].includes(answer.status) || (gated && (isHttpsRequired(answer) || isSetupPage(answer)))
  );
}

async function rateLimit() {
  if (gated) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send('POST', '/api/auth/sign-in/email', {
          body: JSON.stringify({ email: 'probe@example.invalid', password: 'forkert-kode' }),
        }),
      ),
    );
    record(
      'sign-in refused on plain http from another device (403 HTTPS_REQUIRED)',
      1,
      answers.every(isHttpsRequired)
        ? []
        : [`answers: ${[...new Set(answers.map((a) => a.status))].join(', ')}`],
    );
    return;
  }
  const codes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const answer = await send('POST', '/api/auth/sign-in/email', {
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ email: 'probe@example.invalid', password: 'forkert-kode' }),
    });
    codes.push(answer.status);
    if (answer.status === 429) break;
  }
  const limited = codes.includes(429);
  record(
    `sign-in limit holds with a varied X-Forwarded-For (limited after ${limited ? codes.length : '>30'} attempts)`,
    1,
    limited ? [] : [`30 attempts, none refused: ${[...new Set(codes)].join(', ')}`],
  );
}

function trickle(kind: 'body' | 'headers'): Promise<number | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(base.port || 80), base.hostname, () => {
      socket.write(
        kind === 'body'
          ? `POST /api/customers HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`
          : `GET /api/health HTTP/1.1\r\nHost: ${base.host}\r\n`,
      );
      const timer = setInterval(() => socket.write(kind === 'body' ? ' ' : 'X-Slow: 1\r\n'), 1000);
      socket.on('close', () => clearInterval(timer));
    });
    socket.on('data', () => {});
    socket.on('error', () => {});
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, 90_000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(Date.now() - started);
    });
  });
}

async function slowClients() {
  const [body, headers] = await Promise.all([trickle('body'), trickle('headers')]);
  const failed: string[] = [];
  if (body === null || body > 45_000)
    failed.push(`a trickled body was held ${body === null ? '> 90' : (body / 1000).toFixed(1)} s`);
  if (headers === null || headers > 25_000)
    failed.push(`trickled headers were held ${headers === null ? '> 90' : (headers / 1000).toFixed(1)} s`);
  record(
    `slow clients cut off (body after ${body === null ? '—' : (body / 1000).toFixed(1)} s, headers after ${headers === null ? '—' : (headers / 1000).toFixed(1)} s)`,
    2,
    failed,
  );
}

const health = await send('GET', '/api/health');
if (health.status !== 200) {
  console.error(`No Nålepuden server answers at ${base.origin} (/api/health → ${health.status}).`);
  process.exit(2);
}
const gated = isHttpsRequired(await send('POST', '/api/auth/sign-in/email', { body: '{}' }));
const routes = await routeTable();
console.info(
  `Probing ${base.origin}: ${routes.length} routes from Fastify's route table${gated ? " (plain http at another address than the machine's own: the phone's set-up page)" : ''}\n`,
);
await sweepWithoutSession(routes);
const cookie = gated ? null : await signIn();
if (cookie) {
  await sweepForeignOrigin(routes, cookie);
  await limitCases(cookie);
} else if (gated) {
  console.info('skip session checks (this address refuses every sign-in)');
} else {
  console.info('skip session checks (set PROBE_EMAIL and PROBE_PASSWORD to run them)');
}
await rateLimit();
if (slow) await slowClients();
else console.info('skip slow-client checks (pass --slow; they take up to a minute)');

const failedChecks = results.filter((r) => r.failed.length > 0);
const requests = results.reduce((sum, r) => sum + r.total, 0);
console.info(
  `\n${results.length - failedChecks.length} passed, ${failedChecks.length} failed (${requests} probes)`,
);
process.exit(failedChecks.length > 0 ? 1 : 0);
