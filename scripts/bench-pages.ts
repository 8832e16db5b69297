/**
 * Bytes and server time of the pages and lists as served, for an A/B of how they are compressed. Not a test:
 * it prints medians. In process (app.inject, no sockets), on a shop seeded before (`npm run seed:large`) and a
 * built client (`npx vite build --outDir DIR`), so two checkouts compare on the same data:
 *
 *   node --import tsx scripts/bench-pages.ts --data-dir /tmp/big --client-dir /tmp/big/client \
 *     [--src /path/to/other/checkout] [--rounds 60]
 *
 * Per page (signed in, so with the first screen; and the plain page) and per list: the bytes with br, with gzip
 * and without, and per request the median wall time and the process's CPU time (all threads: compression
 * streams run on libuv's pool).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

// As `npm run bench` runs the server: React's production build renders the first screens.
process.env.NODE_ENV = 'production';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'client-dir': { type: 'string' },
    src: { type: 'string', default: '.' },
    rounds: { type: 'string', default: '60' },
  },
});
if (!values['data-dir'] || !values['client-dir']) throw new Error('--data-dir and --client-dir are needed');
const ROUNDS = Number(values.rounds);
const root = path.resolve(values.src);
const from = (file: string) => import(path.join(root, 'src/server', file));

const { loadConfig } = await from('config.ts');
const { createDb } = await from('db/create-db.ts');
const { buildApp } = await from('app.ts');
const { createLocalUser } = await from('auth/auth.ts');

const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: values['data-dir'],
  CLIENT_DIST_DIR: values['client-dir'],
  LOG_LEVEL: 'silent',
  LOGIN_RATE_LIMIT: '100000',
  DATABASE_URL: '',
});
const database = createDb(config.database);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const USER = { email: 'bench-pages@perler.dk', password: 'bench-kode-123', name: 'Bench' };
await createLocalUser(app.auth, USER).catch(() => {
  // The account exists already.
});
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  payload: { email: USER.email, password: USER.password },
});
const cookie = signIn.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`).join('; ');
if (!cookie) throw new Error(`sign-in failed: ${signIn.statusCode}`);

const PAGES = ['/pillow', '/customers', '/needles', '/orders', '/todos', '/packing', '/sales'];
const LISTS = [
  '/api/customers',
  '/api/beads',
  '/api/todos',
  '/api/pillow',
  '/api/orders',
  '/api/packing/orders',
];
const ENCODINGS = { br: 'gzip, deflate, br', gzip: 'gzip', none: 'identity' } as const;

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

type Row = {
  what: string;
  br: number;
  gzip: number;
  none: number;
  ms: number;
  cpuMs: number;
  encoding: string;
};
async function measure(what: string, url: string, signedIn: boolean): Promise<Row> {
  const headers = (accept: string) => ({ 'accept-encoding': accept, ...(signedIn ? { cookie } : {}) });
  const sizes: Record<string, number> = {};
  let encoding = '';
  for (const [name, accept] of Object.entries(ENCODINGS)) {
    const response = await app.inject({ method: 'GET', url, headers: headers(accept) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    sizes[name] = response.rawPayload.length;
    if (name === 'br') encoding = String(response.headers['content-encoding'] ?? 'identity');
  }
  // Warm, then time each request as a browser asks (br).
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers: headers(ENCODINGS.br) });
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    await app.inject({ method: 'GET', url, headers: headers(ENCODINGS.br) });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    what,
    br: sizes.br ?? 0,
    gzip: sizes.gzip ?? 0,
    none: sizes.none ?? 0,
    ms: median(times),
    cpuMs: (cpu.user + cpu.system) / 1000 / ROUNDS,
    encoding,
  };
}

const rows: Row[] = [];
for (const page of PAGES) rows.push(await measure(`page ${page}`, page, true));
rows.push(await measure('plain page /orders', '/orders', false));
for (const list of LISTS) rows.push(await measure(`list ${list}`, list, true));

console.info(`source: ${root}, ${ROUNDS} rounds`);
console.info(
  '| what | served as (br asked) | br bytes | gzip bytes | identity bytes | median ms | CPU ms/request |',
);
console.info('|---|---|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.info(
    `| ${row.what} | ${row.encoding} | ${row.br} | ${row.gzip} | ${row.none} | ${row.ms.toFixed(2)} | ${row.cpuMs.toFixed(2)} |`,
  );
}
await app.close();
