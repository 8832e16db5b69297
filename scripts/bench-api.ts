/**
 * Benchmark (not a test): times the list endpoints the screens load at start on the database `npm start`
 * would use (run `npm run seed:large` on an empty DATA_DIR / DATABASE_URL first), and checks with EXPLAIN
 * that none of their queries scans the orders or order_lines tables (shipped history).
 *
 *   DATA_DIR=/tmp/large npx tsx scripts/bench-api.ts [--runs 15]
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-api.ts
 *
 * Requests go through Fastify's inject (the whole HTTP stack with session check, validation and
 * serialisation, but no socket). A throw-away user is created for the session and removed afterwards.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { createLocalUser } from '../src/server/auth/auth.ts';
import { loadConfig, loadEnvFileIfPresent } from '../src/server/config.ts';
import { openSqlite } from '../src/server/db/create-db.ts';
import type { Database } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const ENDPOINTS = ['/api/customers', '/api/beads', '/api/todos', '/api/pillow', '/api/orders'];
/** History tables: a full scan of these grows with every shipped order. */
const HISTORY_TABLES = ['orders', 'order_lines'];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);

loadEnvFileIfPresent();
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });

// Our own Kysely on the configured database, so the queries of one request can be captured for EXPLAIN.
let capture: CompiledQuery[] | undefined;
const log = (event: { level: string; query: CompiledQuery }) => {
  if (event.level === 'query') capture?.push(event.query);
};
const sqlite = config.database.kind === 'sqlite' ? openSqlite(config.database.file) : undefined;
const pool =
  config.database.kind === 'postgres'
    ? new pg.Pool({ connectionString: config.database.url, max: 10 })
    : undefined;
const db = new Kysely<Database>({
  dialect: sqlite ? new SqliteDialect({ database: sqlite }) : new PostgresDialect({ pool: pool! }),
  log,
});
await migrateToLatest(db as never);
const kind = config.database.kind;
const app = await buildApp({ config, database: { db, kind, sqlite }, logger: false });

const counts = Object.fromEntries(
  await Promise.all(
    (['customers', 'beads', 'todos', 'orders', 'order_lines'] as const).map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  ),
);
const shipped = await db
  .selectFrom('orders')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('status', '=', 'shipped')
  .executeTakeFirstOrThrow();

const email = `bench-${crypto.randomUUID().slice(0, 8)}@naalepuden.local`;
const password = crypto.randomUUID();
const user = await createLocalUser(app.auth, { email, password, name: 'Benchmark' });
try {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  const results: Array<{ url: string; median: number; p90: number; min: number; items: number; kb: number }> =
    [];
  for (const url of ENDPOINTS) {
    for (let i = 0; i < 2; i++) await get(url); // warm-up: JIT, prepared statements, page cache
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const response = await get(url);
      times.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      body = response.body;
    }
    times.sort((a, b) => a - b);
    const parsed = JSON.parse(body);
    const items = Array.isArray(parsed) ? parsed.length : parsed.orders.length;
    results.push({
      url,
      median: times[Math.floor(times.length / 2)]!,
      p90: times[Math.floor(times.length * 0.9)]!,
      min: times[0]!,
      items,
      kb: body.length / 1024,
    });
  }

  const plans: Array<{ url: string; sql: string; plan: string[]; historyScan: boolean }> = [];
  for (const url of ENDPOINTS) {
    capture = [];
    await get(url);
    const queries = capture.filter((q) => /"(customers|beads|todos|orders|order_lines)"/.test(q.sql));
    capture = undefined;
    for (const query of queries) {
      const plan = await explain(query);
      plans.push({ url, sql: query.sql, plan, historyScan: plan.some(scansHistory) });
    }
  }

  console.info(`# API benchmark (${kind})\n`);
  console.info(
    `Database: ${counts.customers} customers, ${counts.beads} beads, ${counts.orders} orders (${Number(shipped.n)} shipped), ` +
      `${counts.order_lines} order lines, ${counts.todos} todos.`,
  );
  console.info(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.platform()} ${os.release()}.`,
  );
  console.info(
    `Runs: ${runs} per endpoint after 2 warm-up calls; times in ms, through Fastify inject. ` +
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}.\n`,
  );
  console.info('| Endpoint | Median ms | p90 ms | Min ms | Items | Response KB |');
  console.info('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.info(
      `| GET ${r.url} | ${r.median.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.min.toFixed(1)} | ${r.items} | ${r.kb.toFixed(0)} |`,
    );
  }
  console.info('\n## Query plans\n');
  for (const p of plans) {
    const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
    console.info(
      `${p.historyScan ? 'SCANS HISTORY' : 'ok'} — GET ${p.url}\n  ${short(p.sql)}\n    ${p.plan.map(short).join('\n    ')}\n`,
    );
  }
  const bad = plans.filter((p) => p.historyScan);
  if (bad.length > 0) {
    console.error(`${bad.length} queries scan orders/order_lines in full.`);
    process.exitCode = 1;
  } else {
    console.info('No query scans orders or order_lines in full.');
  }
} finally {
  await db.deleteFrom('user').where('id', '=', user.id).execute();
  await app.close();
}

async function explain(query: CompiledQuery): Promise<string[]> {
  if (sqlite) {
    const rows = sqlite
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as Array<{
      detail: string;
    }>;
    return rows.map((row) => row.detail);
  }
  const result = await pool!.query(`explain ${query.sql}`, query.parameters as unknown[]);
  return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
}

/** SQLite: 'SCAN orders' (no index); PostgreSQL: 'Seq Scan on orders'. */
function scansHistory(line: string): boolean {
  return HISTORY_TABLES.some((table) =>
    new RegExp(`(^|\\W)SCAN ${table}(\\W|$)(?!.*USING (COVERING )?INDEX)|Seq Scan on ${table}(\\W|$)`).test(
      line,
    ),
  );
}
