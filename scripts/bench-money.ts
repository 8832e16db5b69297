/**
 * Benchmark (not a test) of the shop's money on the big shop (docs/product/money.md, docs/performance.md):
 *
 *   npm run bench:money -- --reuse /tmp/big        # Regnskab of the busiest year, its bogføringsfil, the receipts' zip
 *   npm run bench:money -- --status-only --reuse /tmp/big-old   # only the status change (runs on older code too)
 *
 * The status change: 200 orders of the big shop's customers, each with three lines, moved from Aktiv to Afventer
 * betaling one at a time (each is the order's first bill: the number is given then), through Fastify inject
 * (session check, validation, the transaction, serialisation; no socket). `--status-only` uses nothing but the
 * routes older code has too, so the same script times the code before the numbering, side by side.
 *
 * Each Regnskab request carries a different dummy parameter, so the list cache never answers from memory.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { createLocalUser } from '../src/server/auth/auth.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb } from '../src/server/db/create-db.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '21' },
    orders: { type: 'string', default: '200' },
    reuse: { type: 'string' },
    'status-only': { type: 'boolean', default: false },
    receipts: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const reuse = values.reuse ? path.resolve(values.reuse) : undefined;
const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-money-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
if (!fs.existsSync(path.join(dataDir, 'naalepuden.sqlite'))) {
  const seeded = spawnSync('npx', ['tsx', 'src/server/cli/seed-large.ts', '--photos', '0'], {
    env,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed:large failed');
}

const config = loadConfig(env);
const database = createDb(config.database);
await migrateToLatest(database.db as never);
const app = await buildApp({ config, database, logger: false });
const email = `bench-${crypto.randomUUID().slice(0, 8)}@naalepuden.local`;
const password = crypto.randomUUID();
await createLocalUser(app.auth, { email, password, name: 'Benchmark' });
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  payload: { email, password },
});
const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const request = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { cookie, 'idempotency-key': crypto.randomUUID() },
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
};

const at = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * q))]!;
const ms = (n: number) => n.toFixed(1);

/** Each of `count` new orders (three lines each) from Aktiv to Afventer betaling, timed one by one. */
async function statusChanges(count: number): Promise<number[]> {
  const customers = (await request('GET', '/api/customers')).json() as Array<{ id: string }>;
  const beads = (
    (await request('GET', '/api/beads')).json() as Array<{ id: string; priceOre: number }>
  ).filter((bead) => bead.priceOre > 0);
  const orderIds: string[] = [];
  for (let i = 0; orderIds.length < count && i < customers.length; i++) {
    const customer = customers[(i * 7919) % customers.length]!;
    let orderId: string | undefined;
    let status = '';
    for (let n = 0; n < 3; n++) {
      const order = (
        await request('POST', `/api/customers/${customer.id}/lines`, {
          kind: 'bead',
          beadId: beads[(i + n) % beads.length]!.id,
        })
      ).json() as { id: string; status: string };
      orderId = order.id;
      status = order.status;
    }
    if (orderId && status === 'active' && !orderIds.includes(orderId)) orderIds.push(orderId);
  }
  for (const id of orderIds.slice(0, 5)) await request('PATCH', `/api/orders/${id}`, { status: 'invoiced' }); // warm-up
  const times: number[] = [];
  for (const id of orderIds.slice(5)) {
    const started = performance.now();
    await request('PATCH', `/api/orders/${id}`, { status: 'invoiced' });
    times.push(performance.now() - started);
  }
  return times;
}

const status = await statusChanges(Number(values.orders) + 5);
console.info(
  `\n# Money benchmark (${config.database.kind}, ${os.cpus()[0]?.model ?? 'CPU'}, ${os.cpus().length} cores)\n`,
);
console.info('| What | Runs | Median ms | p90 ms | Min ms |');
console.info('|---|---:|---:|---:|---:|');
console.info(
  `| PATCH status Aktiv → Afventer betaling | ${status.length} | ${at(status, 0.5).toFixed(2)} | ${at(status, 0.9).toFixed(2)} | ${at(status, 0).toFixed(2)} |`,
);

if (!values['status-only']) {
  // The busiest year of the big shop's books.
  const years = (
    (await request('GET', `/api/books?year=${new Date().getFullYear()}`)).json() as { years: number[] }
  ).years;
  let busiest = years[0]!;
  let most = -1;
  for (const year of years) {
    const { counts } = (await request('GET', `/api/books?year=${year}&probe=1`)).json() as {
      counts: { bills: number };
    };
    if (counts.bills > most) [busiest, most] = [year, counts.bills];
  }
  const time = async (label: string, url: (i: number) => string, times = runs) => {
    for (let i = 0; i < 2; i++) await request('GET', url(-1 - i));
    const list: number[] = [];
    let size = 0;
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const response = await request('GET', url(i));
      list.push(performance.now() - started);
      size = response.rawPayload.length;
    }
    console.info(
      `| ${label} | ${times} | ${ms(at(list, 0.5))} | ${ms(at(list, 0.9))} | ${ms(at(list, 0))} |`,
    );
    return size;
  };
  await time(`GET /api/books?year=${busiest} (${most} bills)`, (i) => `/api/books?year=${busiest}&run=${i}`);
  await time(
    `GET /api/books?year=${busiest}&quarter=4`,
    (i) => `/api/books?year=${busiest}&quarter=4&run=${i}`,
  );
  const csv = await time(
    `GET /api/books.csv?year=${busiest}`,
    (i) => `/api/books.csv?year=${busiest}&run=${i}`,
    7,
  );
  console.info(`\nThe bogføringsfil of ${busiest}: ${(csv / 1024).toFixed(0)} kB.`);
  if (values.receipts) {
    const zip = await time(
      `GET /api/books/receipts.zip?year=${busiest}&month=11`,
      (i) => `/api/books/receipts.zip?year=${busiest}&month=11&run=${i}`,
      3,
    );
    console.info(`The receipts of November ${busiest}: ${(zip / 1024 / 1024).toFixed(1)} MB.`);
  }
}
console.info(
  `\nLoad average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}.`,
);
await app.close();
await database.db.destroy();
if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
