/**
 * Bill numbers under load (docs/product/money.md, decision 0019): no number used twice, no gap within a year,
 * a number never changes, on both engines.
 *
 *   - 100 orders billed at once from one server get the next 100 numbers: by moving them to Afventer betaling,
 *     and by sending their bills (sent again, none changes). Orders billed at once both ways all get theirs.
 *   - Orders billed at once with credit notes of the same series mixed in, from two processes on one database,
 *     by status (100 orders) and then by sending the bill: on PostgreSQL two real servers; on SQLite, where one
 *     server holds the data folder, two processes writing the same file through the services, as a command
 *     beside the server would (as stock-race.test.ts does).
 *   - A process killed while it gives numbers leaves no gap and no number twice, and the next bill, from a fresh
 *     process, gets the next number. On PostgreSQL also killed at a known point: every one of its transactions
 *     queued for the series' row, each with its order changed.
 *   - A double tap on 'Registrér betaling' (two requests at once with one Idempotency-Key) records one payment,
 *     from one server and, on PostgreSQL, with the two requests sent to two server processes.
 *
 * Each fresh database starts with no numbers this year, so "the numbers of the year" are exactly 1..N.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/database.ts';
import { raiseSeriesTo } from '../../src/server/orders/money.repository.ts';
import { formatBillNumber, parseBillNumber } from '../../src/shared/domain/bill-number.ts';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import { createOrder, createOrderLine } from '../support/factories.ts';
import type { NumberJob, WorkerConfig, WorkerEvent } from '../support/number-race-worker.ts';
import { processLeftovers } from '../support/process-leftovers.ts';
import { type ServerProcess, signInOwner, startServerProcess } from '../support/server-process.ts';
import { appPerSuite } from '../support/test-app.ts';
import { createTestDatabase, dialects, type TestDatabase, TMP_DIR } from '../support/test-db.ts';

const YEAR = copenhagenYear();
const TODAY = copenhagenDate();
const PG_URL = process.env.TEST_DATABASE_URL;
const AUTH_SECRET = 'a-shared-secret-of-at-least-32-characters!';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const processes = processLeftovers();

// Registered after processLeftovers' hook, so (hooks run as a stack) the workers are gone before their
// databases are dropped.
const workers: ChildProcess[] = [];
afterEach(async () => {
  for (const child of workers.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child.once('close', resolve));
  }
});

// ---- The shop's data ----------------------------------------------------------------------------------------

type Billable = { id: string; lineId: string };

/** `count` active orders, each of its own customer with one free line (10 kr), written in one transaction. */
async function activeOrders(db: Db, count: number): Promise<Billable[]> {
  return db.transaction().execute(async (trx) => {
    const orders: Billable[] = [];
    for (let i = 0; i < count; i++) {
      const order = await createOrder(trx);
      const line = await createOrderLine(trx, { orderId: order.id });
      orders.push({ id: order.id, lineId: line.id });
    }
    return orders;
  });
}

/**
 * `count` shipped orders to credit, billed last year (numbers of last year's series, which is raised to match):
 * this year's series is left to the race.
 */
async function shippedOrders(db: Db, count: number): Promise<Billable[]> {
  const lastYear = `${YEAR - 1}-06-15T10:00:00.000Z`;
  return db.transaction().execute(async (trx) => {
    const orders: Billable[] = [];
    for (let i = 0; i < count; i++) {
      const order = await createOrder(trx, {
        status: 'shipped',
        number: formatBillNumber(YEAR - 1, i + 1),
        billedAt: lastYear,
        createdAt: lastYear,
      });
      const line = await createOrderLine(trx, { orderId: order.id });
      orders.push({ id: order.id, lineId: line.id });
    }
    await raiseSeriesTo(trx, new Map([[YEAR - 1, count]]));
    return orders;
  });
}

/** A burst: each of `active` billed the one way, with a credit note of the next of `shipped` after every `every`. */
function burstOf(
  kind: 'invoice' | 'bill',
  active: readonly Billable[],
  shipped: readonly Billable[],
  every: number,
): NumberJob[] {
  const jobs: NumberJob[] = [];
  const credits = [...shipped];
  active.forEach((order, i) => {
    jobs.push({ kind, orderId: order.id });
    const credited = (i + 1) % every === 0 ? credits.shift() : undefined;
    if (credited) jobs.push({ kind: 'credit', orderId: credited.id, lineIds: [credited.lineId] });
  });
  return jobs;
}

const seqsOf = (numbers: ReadonlyArray<string | null>) =>
  numbers.map((number) => parseBillNumber(number ?? '')?.seq ?? Number.NaN).sort((a, b) => a - b);

/** This year's numbers (orders and credit notes alike), as running numbers, sorted, duplicates kept. */
async function numbersOfYear(db: Db): Promise<number[]> {
  const rows = [
    ...(await db.selectFrom('orders').select('number').where('number', 'like', `${YEAR}-%`).execute()),
    ...(await db.selectFrom('credit_notes').select('number').where('number', 'like', `${YEAR}-%`).execute()),
  ];
  return rows.map((row) => parseBillNumber(row.number ?? '')?.seq ?? Number.NaN).sort((a, b) => a - b);
}

async function seriesOfYear(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('number_series')
    .select('last_number')
    .where('year', '=', YEAR)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.last_number);
}

/** This year's numbers are exactly 1..last, each once, and the series will give last + 1 next. */
async function expectNumbersThrough(db: Db, last: number): Promise<void> {
  expect({ numbers: await numbersOfYear(db), series: await seriesOfYear(db) }).toEqual({
    numbers: range(1, last),
    series: last === 0 ? null : last,
  });
}

/** What the database holds for each job: the order's number, or the credit note's of that order. */
async function storedNumbers(db: Db, jobs: readonly NumberJob[]): Promise<string[]> {
  const ids = jobs.map((job) => job.orderId);
  const orders = await db.selectFrom('orders').select(['id', 'number']).where('id', 'in', ids).execute();
  const notes = await db
    .selectFrom('credit_notes')
    .select(['order_id', 'number'])
    .where('order_id', 'in', ids)
    .execute();
  const orderNumber = new Map(orders.map((row) => [row.id, row.number]));
  const noteNumber = new Map(notes.map((row) => [row.order_id, row.number]));
  return jobs.map(
    (job) => (job.kind === 'credit' ? noteNumber.get(job.orderId) : orderNumber.get(job.orderId)) ?? '',
  );
}

// ---- Worker processes (tests/support/number-race-worker.ts) -------------------------------------------------

type Worker = {
  child: ChildProcess;
  events: WorkerEvent[];
  /** Resolves once the events so far satisfy `until`; rejects when the worker has ended without that. */
  waitFor: (until: (events: readonly WorkerEvent[]) => boolean) => Promise<void>;
  /** Tells a worker started with waitForGo to start its next burst. */
  go: () => void;
  /** Resolves when the worker has ended and its output has been read. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

function startWorker(config: WorkerConfig): Worker {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/number-race-worker.ts', JSON.stringify(config)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  workers.push(child);
  const events: WorkerEvent[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let ended = false;
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    events.push(JSON.parse(line) as WorkerEvent);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      ended = true;
      for (const waiter of [...waiters]) waiter();
      resolve({ code, signal });
    }),
  );
  return {
    child,
    events,
    closed,
    go: () => child.stdin?.write('go\n'),
    waitFor: (until) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (until(events)) {
            waiters.delete(check);
            resolve();
          } else if (ended) {
            waiters.delete(check);
            reject(new Error(`the worker ended first: ${JSON.stringify(events.slice(-3))} ${stderr}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

const isReady = (events: readonly WorkerEvent[]) => events.some((event) => 'ready' in event);
const isFinished =
  (burst = 0) =>
  (events: readonly WorkerEvent[]) =>
    events.some((event) => 'finished' in event && event.finished === burst);
const doneOf = (events: readonly WorkerEvent[]) =>
  events.flatMap((event) => ('done' in event ? [event.done] : []));
/** The jobs of burst `index` that the worker reported done (its events come burst by burst). */
function doneInBurst(events: readonly WorkerEvent[], index: number) {
  let burst = 0;
  const done: Array<NumberJob & { number: string | null }> = [];
  for (const event of events) {
    if ('finished' in event) burst = event.finished + 1;
    else if ('done' in event && burst === index) done.push(event.done);
  }
  return done;
}
const failuresOf = (events: readonly WorkerEvent[]) =>
  events.flatMap((event) => ('failed' in event ? [event.failed] : []));

function databaseConfig(database: TestDatabase, applicationName?: string): DatabaseConfig {
  if (database.kind === 'sqlite') return { kind: 'sqlite', file: database.url.replace(/^file:/, '') };
  const url = new URL(database.url);
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return { kind: 'postgres', url: url.toString() };
}

/** PostgreSQL: the sessions of a worker's (application_name) connections on the server, with what they wait for. */
async function sessionsOf(admin: pg.Client, applicationName: string) {
  const result = await admin.query<{ wait_event_type: string | null; state: string | null }>(
    'select wait_event_type, state from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return result.rows;
}

/**
 * PostgreSQL: waits until the server shows what `until` wants of the worker's sessions (a killed client's
 * session lives on until the server notices, and a COMMIT it sent may still land).
 */
async function waitForSessions(
  admin: pg.Client,
  applicationName: string,
  until: (rows: Awaited<ReturnType<typeof sessionsOf>>) => boolean,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await sessionsOf(admin, applicationName);
    if (until(rows)) return;
    if (Date.now() > deadline) throw new Error(`the sessions never got there: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---- HTTP to a real server process ---------------------------------------------------------------------------

/** One job through the server's API; resolves to its status and the number it answered. */
async function sendJob(
  server: ServerProcess,
  cookie: string,
  job: NumberJob,
): Promise<{ status: number; number: string | null; body: string }> {
  const [method, url, body] =
    job.kind === 'invoice'
      ? ['PATCH', `/api/orders/${job.orderId}`, { status: 'invoiced' }]
      : job.kind === 'bill'
        ? ['POST', `/api/orders/${job.orderId}/bill`, undefined]
        : [
            'POST',
            `/api/orders/${job.orderId}/credit-notes`,
            { lineIds: job.lineIds ?? [], postage: true, method: 'mobilepay', refundedOn: TODAY },
          ];
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(job.kind === 'credit' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) return { status: response.status, number: null, body: text };
  const answer = JSON.parse(text) as { number?: string | null; creditNote?: { number: string } };
  return {
    status: response.status,
    number: job.kind === 'credit' ? (answer.creditNote?.number ?? null) : (answer.number ?? null),
    body: text,
  };
}

const payOnServer = (server: ServerProcess, cookie: string, orderId: string, key: string) =>
  fetch(`${server.url}/api/orders/${orderId}/payments`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ amountOre: 500, method: 'mobilepay', paidOn: TODAY }),
  });

async function paymentsPerOrder(db: Db, orderIds: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .where('deleted_at', 'is', null)
    .execute();
  return orderIds.map((id) => rows.filter((row) => row.order_id === id).length);
}

// ---- The tests -----------------------------------------------------------------------------------------------

describe.each(dialects)('bill numbers from one server on %s', (kind) => {
  const t = appPerSuite(kind);
  const patch = (orderId: string) =>
    t.request({ method: 'PATCH', url: `/api/orders/${orderId}`, payload: { status: 'invoiced' } });
  const sendBill = (orderId: string) => t.request({ method: 'POST', url: `/api/orders/${orderId}/bill` });
  const numberIn = (answer: { json: <T>() => T }) => answer.json<{ number: string | null }>().number;

  it('gives 100 orders moved to Afventer betaling at once the next 100 numbers', async () => {
    const before = (await seriesOfYear(t.db)) ?? 0;
    await expectNumbersThrough(t.db, before);
    const orders = await activeOrders(t.db, 100);
    const answers = await Promise.all(orders.map((order) => patch(order.id)));
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
    const given = answers.map(numberIn);
    expect(seqsOf(given)).toEqual(range(before + 1, before + 100));
    await expectNumbersThrough(t.db, before + 100);
    const jobs = orders.map((order): NumberJob => ({ kind: 'invoice', orderId: order.id }));
    expect(await storedNumbers(t.db, jobs)).toEqual(given);
  });

  it('gives 100 bills sent at once the next 100 numbers, and sending them again changes none', async () => {
    const before = (await seriesOfYear(t.db)) ?? 0;
    const orders = await activeOrders(t.db, 100);
    const answers = await Promise.all(orders.map((order) => sendBill(order.id)));
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
    const given = answers.map(numberIn);
    expect(seqsOf(given)).toEqual(range(before + 1, before + 100));
    await expectNumbersThrough(t.db, before + 100);
    const jobs = orders.map((order): NumberJob => ({ kind: 'bill', orderId: order.id }));
    expect(await storedNumbers(t.db, jobs)).toEqual(given);

    const again = await Promise.all(orders.map((order) => sendBill(order.id)));
    expect(again.map(numberIn)).toEqual(given);
    await expectNumbersThrough(t.db, before + 100);
  });

  it('bills 20 orders at once, half by their status and half by sending the bill, every one of them', async () => {
    const before = (await seriesOfYear(t.db)) ?? 0;
    const orders = await activeOrders(t.db, 20);
    const answers = await Promise.all(
      orders.map((order, i) => (i % 2 === 0 ? patch(order.id) : sendBill(order.id))),
    );
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
    expect(seqsOf(answers.map(numberIn))).toEqual(range(before + 1, before + 20));
    await expectNumbersThrough(t.db, before + 20);
  });

  it('records one payment for a double tap: two requests at once with one Idempotency-Key', async () => {
    const orders = await activeOrders(t.db, 10);
    for (const order of orders) {
      const billed = await patch(order.id);
      expect(billed.statusCode, billed.body).toBe(200);
    }
    const taps = await Promise.all(
      orders.map(async (order) => {
        const key = crypto.randomUUID();
        const tap = () =>
          t.request({
            method: 'POST',
            url: `/api/orders/${order.id}/payments`,
            payload: { amountOre: 500, method: 'mobilepay', paidOn: TODAY },
            headers: { 'idempotency-key': key },
          });
        return Promise.all([tap(), tap()]);
      }),
    );
    for (const pair of taps) {
      expect(
        pair.map((answer) => answer.statusCode),
        pair[1]!.body,
      ).toEqual([201, 201]);
      const [one, two] = pair.map((answer) => answer.json<{ paymentId: string }>().paymentId);
      expect(two).toBe(one);
    }
    expect(
      await paymentsPerOrder(
        t.db,
        orders.map((order) => order.id),
      ),
    ).toEqual(orders.map(() => 1));
  });
});

/**
 * The two bursts of the two-process race: 100 orders by their status with 10 credit notes (the next 110 numbers),
 * then 40 bills sent with 10 credit notes (the 50 after those).
 */
async function twoBursts(db: Db): Promise<[NumberJob[], NumberJob[]]> {
  const active = await activeOrders(db, 140);
  const shipped = await shippedOrders(db, 20);
  return [
    burstOf('invoice', active.slice(0, 100), shipped.slice(0, 10), 10),
    burstOf('bill', active.slice(100), shipped.slice(10), 4),
  ];
}

/** Checks a two-process race: each burst got exactly its numbers, and the database holds what was answered. */
async function expectTwoBursts(
  db: Db,
  bursts: ReadonlyArray<ReadonlyArray<NumberJob & { number: string | null }>>,
  before = 0,
): Promise<void> {
  expect(bursts.map((burst) => burst.length)).toEqual([110, 50]);
  expect(bursts.map((burst) => seqsOf(burst.map((job) => job.number)))).toEqual([
    range(before + 1, before + 110),
    range(before + 111, before + 160),
  ]);
  await expectNumbersThrough(db, before + 160);
  const all = bursts.flat();
  expect(await storedNumbers(db, all)).toEqual(all.map((job) => job.number));
}

describe('bill numbers from two processes on one SQLite file', () => {
  it('on SQLite, orders billed and credited at once from two processes on one file get consecutive numbers', async () => {
    const database = await processes.database('sqlite');
    const bursts = await twoBursts(database.db);
    const halves = [0, 1].map((half) => bursts.map((burst) => burst.filter((_, i) => i % 2 === half)));
    // Each process bills one order after the other as fast as it can, both at once: SQLite's write lock changes
    // hands between them (with the whole burst at once in each, the first to get the lock keeps it to the end).
    const pair = halves.map((half) =>
      startWorker({ database: databaseConfig(database), bursts: half, loops: 1, waitForGo: true }),
    );
    await Promise.all(pair.map((worker) => worker.waitFor(isReady)));
    for (const index of bursts.keys()) {
      for (const worker of pair) worker.go();
      await Promise.all(pair.map((worker) => worker.waitFor(isFinished(index))));
    }
    expect(pair.flatMap((worker) => failuresOf(worker.events))).toEqual([]);
    await expectTwoBursts(
      database.db,
      bursts.map((_, index) => pair.flatMap((worker) => doneInBurst(worker.events, index))),
    );
  }, 60_000);
});

describe.each(dialects)('a process killed while it gives numbers, on %s', (kind) => {
  const JOBS = 400;
  const APP = `number-worker-${kind}`;

  /** A worker moving JOBS orders to Afventer betaling, four at a time, and one more order to bill afterwards. */
  async function killableWorker(database: TestDatabase) {
    const orders = await activeOrders(database.db, JOBS + 1);
    const worker = startWorker({
      database: databaseConfig(database, APP),
      bursts: [orders.slice(0, JOBS).map((order): NumberJob => ({ kind: 'invoice', orderId: order.id }))],
      loops: 4,
      waitForGo: false,
    });
    return { worker, spare: orders[JOBS]! };
  }

  /** Checks what the killed worker left: numbers 1..last, each the one its job reported, each order whole. */
  async function expectLeftWhole(database: TestDatabase, worker: Worker, last: number): Promise<void> {
    expect(failuresOf(worker.events)).toEqual([]);
    await expectNumbersThrough(database.db, last);
    const done = doneOf(worker.events);
    expect(await storedNumbers(database.db, done)).toEqual(done.map((job) => job.number));
    // Every order that left Aktiv has its number, and every numbered order left Aktiv (one transaction).
    const moved = await database.db
      .selectFrom('orders')
      .select(['status', 'number'])
      .where((eb) => eb.or([eb('status', '<>', 'active'), eb('number', 'is not', null)]))
      .execute();
    expect(moved.filter((row) => row.status === 'active' || row.number === null)).toEqual([]);
    expect(moved).toHaveLength(last);
  }

  /** A fresh process bills one more order: it gets the next number. */
  async function expectNextFromFreshProcess(database: TestDatabase, orderId: string, last: number) {
    const fresh = startWorker({
      database: databaseConfig(database),
      bursts: [[{ kind: 'bill', orderId }]],
      loops: 1,
      waitForGo: false,
    });
    await fresh.waitFor(isFinished());
    expect(doneOf(fresh.events).map((job) => job.number)).toEqual([formatBillNumber(YEAR, last + 1)]);
    await expectNumbersThrough(database.db, last + 1);
  }

  it('leaves no gap and no number twice; the next bill, from a fresh process, gets the next number', async () => {
    const database = await processes.database(kind);
    const { worker, spare } = await killableWorker(database);
    await worker.waitFor((events) => doneOf(events).length >= 20);
    worker.child.kill('SIGKILL');
    expect(await worker.closed).toEqual({ code: null, signal: 'SIGKILL' });
    if (kind === 'postgres') {
      // A COMMIT it sent before it died may still land: wait until its sessions are gone.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await waitForSessions(admin, APP, (rows) => rows.length === 0);
      } finally {
        await admin.end();
      }
    }
    const last = (await seriesOfYear(database.db)) ?? 0;
    expect(last).toBeGreaterThanOrEqual(20);
    expect(last).toBeLessThan(JOBS);
    await expectLeftWhole(database, worker, last);
    await expectNextFromFreshProcess(database, spare.id, last);
  }, 60_000);

  it.runIf(kind === 'postgres')(
    'killed while its four transactions queue for the series, each with its order changed, leaves none of them',
    async () => {
      const database = await processes.database(kind);
      const { worker, spare } = await killableWorker(database);
      await worker.waitFor((events) => doneOf(events).length >= 10);
      // The test takes the year's series row: the worker's transactions queue behind it (one waiting for the row,
      // the others for the orders table's version row that one's status change holds); none of them can commit.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query('begin');
        const locked = await admin.query<{ last_number: number }>(
          'select last_number from number_series where year = $1 for update',
          [YEAR],
        );
        const held = Number(locked.rows[0]?.last_number);
        await waitForSessions(
          admin,
          APP,
          (rows) => rows.filter((row) => row.wait_event_type === 'Lock').length === 4,
        );
        worker.child.kill('SIGKILL');
        expect(await worker.closed).toEqual({ code: null, signal: 'SIGKILL' });
        await admin.query('rollback');
        await waitForSessions(admin, APP, (rows) => rows.length === 0);
        // Nothing committed after the test took the row: the series stands where it was, and every number
        // given before it was reported.
        expect(doneOf(worker.events)).toHaveLength(held);
        await expectLeftWhole(database, worker, held);
        await expectNextFromFreshProcess(database, spare.id, held);
      } finally {
        await admin.end();
      }
    },
    60_000,
  );
});

/**
 * Two real servers on one PostgreSQL database (behind a load balancer they would share it), started once for the
 * tests below (a server takes some seconds to start) and killed after them, with the database dropped.
 */
function twoServersPerSuite() {
  const started: ServerProcess[] = [];
  const dirs: string[] = [];
  let database: TestDatabase | undefined;
  let cookie = '';
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { DATABASE_URL: database.url, AUTH_SECRET };
    await Promise.all(
      [0, 1].map(async () => {
        const dir = fs.mkdtempSync(path.join(TMP_DIR, 'numbers-'));
        dirs.push(dir);
        started.push(await startServerProcess(dir, env));
      }),
    );
    cookie = await signInOwner(started[0]!.url);
  });
  afterAll(async () => {
    for (const server of started.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.drop();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!database) throw new Error('opened in beforeAll');
      return database.db;
    },
    get servers() {
      return started;
    },
    get cookie() {
      return cookie;
    },
  };
}

describe.runIf(PG_URL)('two server processes on one PostgreSQL database', () => {
  const two = twoServersPerSuite();

  it('give orders billed and credited at once through both consecutive numbers', async () => {
    const before = (await seriesOfYear(two.db)) ?? 0;
    const bursts = await twoBursts(two.db);
    const answered: Array<Array<NumberJob & { number: string | null }>> = [];
    for (const burst of bursts) {
      const answers = await Promise.all(burst.map((job, i) => sendJob(two.servers[i % 2]!, two.cookie, job)));
      expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
      answered.push(burst.map((job, i) => ({ ...job, number: answers[i]!.number })));
    }
    await expectTwoBursts(two.db, answered, before);
  });

  it('record one payment for a double tap whose two requests go one to each server', async () => {
    const orders = await activeOrders(two.db, 20);
    const billed = await Promise.all(
      orders.map((order, i) =>
        sendJob(two.servers[i % 2]!, two.cookie, { kind: 'invoice', orderId: order.id }),
      ),
    );
    expect(billed.filter((answer) => answer.status !== 200)).toEqual([]);
    const taps = await Promise.all(
      orders.map((order) => {
        const key = crypto.randomUUID();
        return Promise.all(two.servers.map((server) => payOnServer(server, two.cookie, order.id, key)));
      }),
    );
    for (const pair of taps) {
      expect(pair.map((response) => response.status)).toEqual([201, 201]);
      const [first, second] = await Promise.all(
        pair.map(async (response) => ((await response.json()) as { paymentId: string }).paymentId),
      );
      expect(second).toBe(first);
    }
    expect(
      await paymentsPerOrder(
        two.db,
        orders.map((order) => order.id),
      ),
    ).toEqual(orders.map(() => 1));
  });
});
