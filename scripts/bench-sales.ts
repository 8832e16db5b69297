/**
 * Benchmark (not a test) of Salg on the big shop: seeds a throw-away database with `seed:large`
 * (40,000 orders, 200,000 lines over ten years), gives every shipped order the history entry into 'shipped'
 * that the app writes (1–6 days after its date, so the history path is exercised), then times
 * GET /api/sales?year=… through Fastify inject (session check, validation, serialisation; no socket).
 *
 *   npm run bench:sales                          # SQLite in a temporary DATA_DIR
 *   npm run bench:sales -- --pg postgres://postgres@127.0.0.1:55432/postgres   # a throw-away database there
 *   npm run bench:sales -- --runs 31 --explain
 *
 * Each timed request carries a different dummy parameter, so the list cache (list-cache.ts) never answers
 * from memory: every run does the SQL. The cached answer is timed separately.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { createLocalUser } from '../src/server/auth/auth.ts';
import { loadConfig } from '../src/server/config.ts';
import { openSqlite } from '../src/server/db/create-db.ts';
import type { Database, OrderHistoryTable } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '21' },
    pg: { type: 'string' },
    explain: { type: 'boolean', default: false },
    /** SQLite: keep the seeded shop in this folder and reuse it on the next run (seeded when empty). */
    reuse: { type: 'string' },
  },
});
const runs = Number(values.runs);
const pgUrl = values.pg ?? process.env.BENCH_PG_URL;

const reuse = values.reuse && !pgUrl ? path.resolve(values.reuse) : undefined;
const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sales-'));
const seedNeeded = !reuse || !fs.existsSync(path.join(reuse, 'naalepuden.sqlite'));
const pgName = `bench_sales_${process.pid}`;
let databaseUrl: string | undefined;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${pgName}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${pgName}`;
  databaseUrl = url.toString();
}
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' };

try {
  if (seedNeeded) {
    const seeded = spawnSync('npx', ['tsx', 'src/server/cli/seed-large.ts'], { env, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('seed:large failed');
  }
  await bench();
} finally {
  if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
}

async function bench() {
  const config = loadConfig(env);
  let capture: CompiledQuery[] | undefined;
  const sqlite = config.database.kind === 'sqlite' ? openSqlite(config.database.file) : undefined;
  const pool =
    config.database.kind === 'postgres' ? new pg.Pool({ connectionString: config.database.url }) : undefined;
  const db = new Kysely<Database>({
    dialect: sqlite ? new SqliteDialect({ database: sqlite }) : new PostgresDialect({ pool: pool! }),
    log: (event) => {
      if (event.level === 'query') capture?.push(event.query);
    },
  });
  await migrateToLatest(db as never);

  // The history entry the orders service writes when an order is shipped (order_history), for every shipped order.
  const shipped = await db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('status', '=', 'shipped')
    .execute();
  const entries: Array<Omit<OrderHistoryTable, 'seq'>> = shipped.map((order, i) => ({
    order_id: order.id,
    at: new Date(Date.parse(order.created_at) + (1 + (i % 6)) * 86_400_000).toISOString(),
    kind: 'status',
    from_value: 'packed',
    to_value: 'shipped',
    shipment_id: null,
    undo_of: null,
  }));
  const recorded = await db
    .selectFrom('order_history')
    .select('seq')
    .where('to_value', '=', 'shipped')
    .limit(1)
    .execute();
  for (let i = 0; recorded.length === 0 && i < entries.length; i += 500) {
    await db
      .insertInto('order_history')
      .values(entries.slice(i, i + 500))
      .execute();
  }
  if (pool) await pool.query('analyze');
  else sqlite!.exec('analyze');

  const app = await buildApp({ config, database: { db, kind: config.database.kind, sqlite }, logger: false });
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@naalepuden.local`;
  const password = crypto.randomUUID();
  await createLocalUser(app.auth, { email, password, name: 'Benchmark' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  const time = async (label: string, url: (i: number) => string) => {
    for (let i = 0; i < 2; i++) await get(url(-1 - i)); // warm-up
    const times: number[] = [];
    const cpu: number[] = [];
    let body = '';
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const response = await get(url(i));
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      if (response.statusCode !== 200) throw new Error(`${url(i)} answered ${response.statusCode}`);
      body = response.body;
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(list.length * q))]!;
    return { label, median: at(times, 0.5), p90: at(times, 0.9), min: times[0]!, cpu: at(cpu, 0.5), body };
  };

  const results = [
    await time('GET /api/sales?year=2025 (a full year)', (i) => `/api/sales?year=2025&run=${i}`),
    await time('GET /api/sales?year=2026 (to 20 November)', (i) => `/api/sales?year=2026&run=${i}`),
    await time('GET /api/sales.csv?year=2025', (i) => `/api/sales.csv?year=2025&run=${i}`),
    await time('GET /api/sales?year=2025, cached answer', () => '/api/sales?year=2025'),
  ];
  const year = JSON.parse(results[0]!.body) as { totals: { orders: number; goodsOre: number } };

  console.info(`\n# Sales benchmark (${config.database.kind})\n`);
  console.info(
    `Big shop (seed:large): ${shipped.length} shipped orders, each with its change-log entry into shipped; ` +
      `2025: ${year.totals.orders} orders, ${(year.totals.goodsOre / 100).toFixed(0)} kr.`,
  );
  console.info(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}. ` +
      `Runs: ${runs} after 2 warm-up calls, through Fastify inject. Load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}.\n`,
  );
  // On a shared machine the wall clock includes waiting for a core; the process's own CPU time per request does
  // not (on SQLite it holds the query's work too, on PostgreSQL only this side's).
  console.info('| Request | Median ms | p90 ms | Min ms | Median CPU ms (this process) |');
  console.info('|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.info(
      `| ${r.label} | ${r.median.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.min.toFixed(1)} | ${r.cpu.toFixed(1)} |`,
    );
  }

  if (values.explain) {
    capture = [];
    await get('/api/sales?year=2025&run=explain');
    for (const query of capture.filter((q) => /order_lines/.test(q.sql))) {
      const plan = sqlite
        ? (
            sqlite
              .prepare(`explain query plan ${query.sql}`)
              .all(...(query.parameters as unknown[])) as Array<{
              detail: string;
            }>
          ).map((row) => row.detail)
        : (await pool!.query(`explain analyze ${query.sql}`, query.parameters as unknown[])).rows.map(
            (row: Record<string, string>) => row['QUERY PLAN']!,
          );
      console.info(`\n${plan.join('\n')}`);
    }
    capture = undefined;
  }
  await app.close();
}
