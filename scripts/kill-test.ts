/**
 * `npx tsx scripts/kill-test.ts [--kills 100] [--writers 8]`: nothing acknowledged is lost when the server is
 * killed. Not a timed test: it prints its figures for docs/operations.md and the note.
 *
 * - A shop (the demo seed) in a throw-away DATA_DIR; the real server (`serve.ts`) started and killed with
 *   SIGKILL `--kills` times: at a random moment between 0 and 6 s after it was started, so some kills land
 *   while it starts (opening the database, taking the start backup) and most while 8 writers create
 *   customers as fast as it answers. Each created customer that the server acknowledged (201) is noted.
 * - Also `--fresh` (10) new data folders killed 0–600 ms into their first start (the migrations), each then
 *   started again.
 * - Afterwards: every restart must have served within 30 s; the database passes integrity_check; every
 *   acknowledged customer is there; no half-written backup is left; the backups folder stays bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '100' },
    writers: { type: 'string', default: '8' },
    fresh: { type: 'string', default: '10' },
  },
});
const KILLS = Number(values.kills);
const WRITERS = Number(values.writers);
const FRESH = Number(values.fresh);
const OWNER = { name: 'Kill Test', email: 'kill@perler.dk', password: 'kill-test-kode-1' };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const env = (dataDir: string, port: number) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_LIMIT: '100000',
  HTTPS: 'off',
  CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
});

function start(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: env(dataDir, port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function serving(url: string, child: ChildProcess, withinMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    // Exited, or killed by a signal (a killed child keeps exitCode null and gets a signalCode).
    if (child.exitCode !== null || child.signalCode !== null) return null;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return Date.now() - started;
    } catch {
      // Not yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-kill-'));
const dataDir = path.join(root, 'shop');
const port = await freePort();
const url = `http://127.0.0.1:${port}`;

// The shop: migrated, seeded and its owner made, once.
const seed = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], {
  env: env(dataDir, port),
  stdio: 'ignore',
});
await new Promise((resolve) => seed.once('exit', resolve));
const userAdd = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'src/server/cli/user-add.ts',
    '--email',
    OWNER.email,
    '--password',
    OWNER.password,
    '--name',
    OWNER.name,
  ],
  { env: env(dataDir, port), stdio: 'ignore' },
);
await new Promise((resolve) => userAdd.once('exit', resolve));

let cookie = '';
const acknowledged = new Set<string>();
const restartMs: number[] = [];
let failedStarts = 0;
let refusedWrites = 0;
let killsDuringStart = 0;
let counter = 0;

for (let round = 0; round < KILLS; round++) {
  const child = start(dataDir, port);
  const startedAt = Date.now();
  const killAfter = Math.random() * 6000;
  let stop = false;
  let served = false;
  const writers = (async () => {
    const ready = await serving(url, child, 30_000);
    if (ready === null) {
      if (!stop) failedStarts++;
      return;
    }
    served = true;
    restartMs.push(ready);
    if (!cookie) {
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
      });
      cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        while (!stop) {
          try {
            const response = await fetch(`${url}/api/customers`, {
              method: 'POST',
              headers: {
                cookie,
                origin: url,
                'content-type': 'application/json',
                'idempotency-key': crypto.randomUUID(),
              },
              body: JSON.stringify({ name: `Drab ${round}-${writer}-${counter++}` }),
            });
            if (response.status === 201) acknowledged.add(((await response.json()) as { id: string }).id);
            else refusedWrites++;
          } catch {
            // The server is gone (killed): a write without an answer is not acknowledged.
            return;
          }
        }
      }),
    );
  })();
  await new Promise((resolve) => setTimeout(resolve, killAfter));
  // Killed before it served: a kill during start (opening the database, the start backup).
  if (!served) killsDuringStart++;
  stop = true;
  await kill(child);
  await writers;
  if (round % 10 === 9) {
    console.info(
      `  ${round + 1} kills: ${acknowledged.size} acknowledged, ${killsDuringStart} during start, ${Date.now() - startedAt} ms`,
    );
  }
}

// The last start: it must serve, and everything acknowledged must be in the database.
const last = start(dataDir, port);
const lastReady = await serving(url, last, 30_000);
// Stopped, not killed: its start backup (which cleared what the kills left half-written) finishes first.
await new Promise((resolve) => {
  last.once('exit', resolve);
  last.kill('SIGTERM');
});
const db = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'), { readonly: true });
const integrity = db.pragma('integrity_check', { simple: true });
const present = new Set(
  (db.prepare('select id from customers').all() as Array<{ id: string }>).map((r) => r.id),
);
db.close();
const lost = [...acknowledged].filter((id) => !present.has(id));
const backupFiles = fs.readdirSync(path.join(dataDir, 'backups'));
const partials = backupFiles.filter((name) => name.includes('.partial'));

// Kills during the first start of a new shop (the migrations).
let freshServed = 0;
for (let i = 0; i < FRESH; i++) {
  const fresh = path.join(root, `fresh-${i}`);
  const child = start(fresh, port);
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
  await kill(child);
  const again = start(fresh, port);
  if ((await serving(url, again, 30_000)) !== null) freshServed++;
  await kill(again);
}

console.info('');
console.info(`Kill test: ${KILLS} SIGKILLs of the whole server, ${WRITERS} concurrent writers`);
console.info(
  `  starts that served before their kill: ${restartMs.length + (lastReady === null ? 0 : 1)}/${KILLS + 1}, failed to start: ${failedStarts + (lastReady === null ? 1 : 0)}, median time to serve ${median(restartMs)} ms`,
);
console.info(`  kills during start (before it served): ${killsDuringStart}`);
console.info(
  `  acknowledged creates: ${acknowledged.size}, lost: ${lost.length}, refused (not acknowledged): ${refusedWrites}`,
);
console.info(`  integrity_check: ${integrity}`);
console.info(`  backup files: ${backupFiles.length} (${partials.length} half-written)`);
console.info(
  `  new shops killed during their first start (migrations), then started: ${freshServed}/${FRESH} served`,
);
fs.rmSync(root, { recursive: true, force: true });
process.exit(
  lost.length === 0 && integrity === 'ok' && lastReady !== null && failedStarts === 0 && freshServed === FRESH
    ? 0
    : 1,
);
