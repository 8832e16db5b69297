/**
 * `npm run bench:live`: how long a change takes to show on another device. Not a test: it
 * measures and prints medians; docs/performance.md keeps the table.
 *
 * 1. The real server (`serve.ts`) on a seeded shop (`--shop large`, the default, or `demo`) in a throw-away
 *    DATA_DIR, with the built client.
 * 2. Two browser contexts on one account, a desktop (1280×800) and a phone (390×844, CPU ×4):
 *    a. a line added through the desktop page's session → the line shows on the phone's customer page;
 *    b. a status change through the phone's session → the desktop's Ordrer count changes.
 *    Timed from just before the request to the moment the other page's DOM shows the change (a
 *    MutationObserver in the page stamps it), --runs times each (default 20): median and 90th percentile.
 * 3. The event alone: a write → its `change` event on a plain SSE reader (no browser), same count.
 * 4. With DATABASE_URL=postgres://…: two server processes on that database; the write goes to one, the
 *    reader listens on the other (NOTIFY/LISTEN).
 * With `--phone-at lan` the server listens on every interface and the phone's page is opened where a
 * phone opens it: https at the machine's LAN address, over HTTP/2 (the bench's browser skips the certificate
 * check; trusting the shop's root is what tests/e2e/phone-lan.spec.ts plays).
 *
 *   npm run bench:live -- [--runs 20] [--shop large|demo] [--phone-at loopback|lan]
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { phoneAddress } from '../src/server/https/machine-names.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    shop: { type: 'string', default: 'large' },
    'phone-at': { type: 'string', default: 'loopback' },
  },
});
const PHONE_AT_LAN = values['phone-at'] === 'lan';
const RUNS = Number(values.runs);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const USER = { email: 'bench@perler.dk', password: 'bench-kode-123', name: 'Bench' };
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const summary = (xs: number[]) =>
  `median ${Math.round(median(xs))} ms, p90 ${Math.round(percentile(xs, 90))} ms (n=${xs.length})`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-bench-live-'));
const clientDir = path.join(dataDir, 'client');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: postgresUrl ?? '',
  CLIENT_DIST_DIR: clientDir,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '100000',
  AUTH_SECRET: 'bench-live-secret-of-at-least-32-characters',
};
const runCli = (args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });

console.info(`Seeding the ${values.shop} shop into ${postgresUrl ? 'PostgreSQL' : dataDir} …`);
runCli([`src/server/cli/seed-${values.shop === 'demo' ? 'demo' : 'large'}.ts`]);
try {
  runCli([
    'src/server/cli/user-add.ts',
    '--email',
    USER.email,
    '--password',
    USER.password,
    '--name',
    USER.name,
  ]);
} catch {
  // The account exists already (a reused PostgreSQL database).
}
console.info('Building the client …');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], {
  stdio: 'inherit',
});

const children: ReturnType<typeof spawn>[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});
async function startServer(dir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: { ...env, DATA_DIR: dir, PORT: String(port), HOST: PHONE_AT_LAN ? '0.0.0.0' : '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // Not listening yet.
    }
    if (i > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const base = await startServer(dataDir);
const lan = PHONE_AT_LAN ? await phoneAddress() : undefined;
if (PHONE_AT_LAN && !lan) throw new Error('--phone-at lan: this machine has no LAN address');
/** Where the phone's page is opened: the laptop's own address, or https at the LAN address. */
const phoneBase = lan ? `https://${lan}:${new URL(base).port}` : base;
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: USER.email, password: USER.password }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const call = async (url: string, method: string, body?: unknown) => {
  const response = await fetch(`${url}`, {
    method,
    headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
};

const stamp = Date.now().toString(36);
const customers: Array<{ id: string }> = [];
for (let i = 0; i < RUNS; i++) {
  const customer = await call(`${base}/api/customers`, 'POST', { name: `Live måling ${stamp} ${i}` });
  await call(`${base}/api/customers/${customer.id}/lines`, 'POST', {
    kind: 'free',
    text: 'Start',
    priceOre: 100,
  });
  customers.push(customer);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
async function device(phone: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    phone
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
          ignoreHTTPSErrors: true,
        }
      : { viewport: { width: 1280, height: 800 } },
  );
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name, value: rest.join('='), url: phone ? phoneBase : base };
    }),
  );
  const page = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  return { context, page };
}

/** Resolves with Date.now() in the page when `text` first shows inside `selector`. */
function whenShown(page: Page, selector: string, text: string): Promise<number> {
  // A string, not a function: tsx would wrap a function's inner helpers in `__name`, unknown in the page.
  return page.evaluate(`new Promise((resolve) => {
    const wanted = ${JSON.stringify(text.replace(/\s+/g, ''))};
    let observer;
    const check = () => {
      const found = [...document.querySelectorAll(${JSON.stringify(selector)})].some((el) =>
        (el.textContent || '').replace(/\\s+/g, '').includes(wanted));
      if (found) {
        observer.disconnect();
        resolve(Date.now());
      }
    };
    observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => resolve(NaN), 20000);
    check();
  })`) as Promise<number>;
}
const liveOn = (page: Page) => page.waitForSelector('html[data-live="live"]', { timeout: 30_000 });

const desktop = await device(false);
const phone = await device(true);
const lineLatency: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const customer = customers[i]!;
  await phone.page.goto(`${phoneBase}/customers/${customer.id}`);
  await phone.page.getByText('Start').first().waitFor();
  await liveOn(phone.page);
  const text = `Linje ${stamp}-${i}`;
  const shown = whenShown(phone.page, 'main', text);
  const started = Date.now();
  await call(`${base}/api/customers/${customer.id}/lines`, 'POST', { kind: 'free', text, priceOre: 2500 });
  lineLatency.push((await shown) - started);
}

await desktop.page.goto(`${base}/orders`);
await liveOn(desktop.page);
// The counts are those of the loaded list (not the loading state's zeros).
await desktop.page
  .getByText(/^\d+ ordrer$/)
  .first()
  .waitFor();
const statusLatency: number[] = [];
const invoicedButton = desktop.page.getByRole('button', { name: /^Afventer betaling/ });
for (let i = 0; i < RUNS; i++) {
  const before = Number((await invoicedButton.textContent())?.replace(/\D+/g, '') ?? 0);
  const shown = whenShown(desktop.page, '[role="group"]', `Afventer betaling ${before + 1}`);
  const detail = await call(`${base}/api/customers/${customers[i]!.id}`, 'GET');
  const active = detail.orders.find((order: { status: string }) => order.status === 'active');
  const started = Date.now();
  await call(`${base}/api/orders/${active.id}`, 'PATCH', { status: 'invoiced' });
  statusLatency.push((await shown) - started);
}
await browser.close();

/** A write → its change event, on a plain SSE reader listening on `listenOn` while writes go to `writeTo`. */
async function eventLatency(listenOn: string, writeTo: string): Promise<number[]> {
  const controller = new AbortController();
  const response = await fetch(`${listenOn}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const waiting = new Map<string, (at: number) => void>();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      const at = Date.now();
      buffer += value;
      for (const [id, resolve] of waiting) {
        if (buffer.includes(id)) {
          waiting.delete(id);
          resolve(at);
        }
      }
      buffer = buffer.slice(-4096);
    }
  })();
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now();
    const created = call(`${writeTo}/api/customers`, 'POST', {
      name: `Event ${stamp} ${i} ${Math.random()}`,
    });
    const customer = await created;
    const seen = await new Promise<number>((resolve) => {
      if (buffer.includes(customer.id)) resolve(Date.now());
      else waiting.set(customer.id, resolve);
    });
    latencies.push(seen - started);
  }
  controller.abort();
  return latencies;
}
const sameProcess = await eventLatency(base, base);
let crossProcess: number[] | undefined;
if (postgresUrl) {
  const second = await startServer(fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-bench-live-b-')));
  crossProcess = await eventLatency(base, second);
}

console.info('');
console.info(
  `Live latency, ${values.shop} shop on ${postgresUrl ? 'PostgreSQL' : 'SQLite'} (${os.cpus()[0]?.model}):`,
);
console.info(
  `  line added (desktop session) → shown on the phone's customer page (CPU ×4${lan ? `, at ${phoneBase}` : ''}): ${summary(lineLatency)}`,
);
console.info(`  status changed (phone session) → the desktop's Ordrer count: ${summary(statusLatency)}`);
console.info(`  write → change event on an SSE reader, same process: ${summary(sameProcess)}`);
if (crossProcess) console.info(`  write on process B → change event on process A: ${summary(crossProcess)}`);
for (const child of children) child.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
