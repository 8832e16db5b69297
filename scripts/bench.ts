/**
 * `npm run bench`: how fast the app feels on a phone in a big shop (issue 12). Not a test: it measures and
 * prints medians; docs/performance.md keeps the tables.
 *
 * 1. Seeds the big shop (`seed:large`) into a throw-away DATA_DIR (or reuses --data-dir), builds the client
 *    and starts the real server (`serve.ts`) on it, with a bench account.
 * 2. Lighthouse 12 (mobile profile: simulated slow 4G, CPU ×4) on the login page and every signed-in screen,
 *    --runs times each (median): performance and accessibility scores, FCP, LCP, TBT, CLS, main-thread work and
 *    the JavaScript transferred. The floor (issue 22): a bare React + MUI page (scripts/bench-floor, built from
 *    the repo's own node_modules and served by the same server) is measured in the same rounds, and each
 *    screen's blocking time is given as a multiple of the floor's, with the goals of issue 22 checked.
 * 3. Sign-in → Puden shown, in Chromium with the CPU throttled ×4 (median).
 * 4. Main-thread time on /todos after its data arrived, at CPU ×1 (long tasks, median).
 * 5. Answer sizes of the list endpoints (raw and as served).
 * 6. Requests per second at 50 connections (autocannon) for the lists and /api/health, with and without
 *    If-None-Match when the answer carries an ETag.
 * 7. (`--only warm`, issue 13) Puden reopened at CPU ×4 after a session that visited every screen, so the
 *    persisted cache is as big as it gets: time to Puden's figures, first paint, and the restore itself.
 *
 *   npm run bench -- [--runs 3] [--data-dir /tmp/big] [--duration 8] [--screens Puden,Todo]
 *                    [--only lighthouse,signin,todos,sizes,load,warm] [--lhr-dir /tmp/lhr]
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { build as viteBuild } from 'vite';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '8' },
    only: { type: 'string', default: 'lighthouse,signin,todos,sizes,load' },
    out: { type: 'string' },
    screens: { type: 'string' },
    'lhr-dir': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const DURATION = Number(values.duration);
const ONLY = new Set(values.only.split(','));
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
const FLOOR = 'Floor (React + MUI)';
const SCREENS = [
  { name: FLOOR, path: '/floor/index.html', signedIn: false },
  { name: 'Login', path: '/login', signedIn: false },
  { name: 'Puden', path: '/pillow', signedIn: true },
  { name: 'Kunder', path: '/customers', signedIn: true },
  { name: 'Nåle', path: '/needles', signedIn: true },
  { name: 'Ordrer', path: '/orders', signedIn: true },
  { name: 'Todo', path: '/todos', signedIn: true },
  { name: 'Pakning', path: '/packing', signedIn: true },
  { name: 'Salg', path: '/sales', signedIn: true },
];
const SCREEN_FILTER = values.screens ? new Set(values.screens.split(',')) : undefined;
const ENDPOINTS = [
  '/api/customers',
  '/api/beads',
  '/api/todos',
  '/api/pillow',
  '/api/orders?open=true',
  '/api/packing/orders',
  '/api/packing/pick-list',
];
/** The lists every screen reads, for the load test (issue 22: each ≥ 200 req/s cold, p99 ≤ 1 s). */
const LISTS = [
  '/api/customers',
  '/api/beads',
  '/api/todos',
  '/api/pillow',
  '/api/orders',
  '/api/packing/orders',
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const ms = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x)} ms`);
const sec = (x: number) => (Number.isNaN(x) ? '—' : `${(x / 1000).toFixed(2)} s`);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  execFileSync(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });

// 1. The big shop and the real server.
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-bench-'));
const clientDir = path.join(dataDir, 'client');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  CLIENT_DIST_DIR: clientDir,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '100000',
};
const seeded = fs.existsSync(path.join(dataDir, '.bench-seeded'));
if (!seeded) {
  console.info(`Seeding the big shop into ${dataDir} …`);
  run(['src/server/cli/seed-large.ts'], env);
  try {
    run(
      ['src/server/cli/user-add.ts', '--email', USER.email, '--password', USER.password, '--name', USER.name],
      env,
    );
  } catch {
    // The account exists already.
  }
  fs.writeFileSync(path.join(dataDir, '.bench-seeded'), new Date().toISOString());
}
console.info('Building the client …');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], {
  stdio: 'inherit',
});
// The floor page, served from the client folder like the app's own files (precompressed like them).
await viteBuild({
  configFile: false,
  root: path.resolve('scripts/bench-floor'),
  base: '/floor/',
  logLevel: 'warn',
  plugins: [(await import('@vitejs/plugin-react')).default()],
  build: { outDir: path.join(clientDir, 'floor'), emptyOutDir: true },
});
for (const entry of fs.readdirSync(path.join(clientDir, 'floor'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|html)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // Not listening yet.
  }
  if (i > 300) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

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
const cookieParts = cookie.split('; ').map((pair) => {
  const [name = '', ...rest] = pair.split('=');
  return { name, value: rest.join('='), url: base };
});

const report: string[] = [];
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  runs: RUNS,
  machine: os.cpus()[0]?.model,
};
const say = (line = '') => {
  report.push(line);
  console.info(line);
};

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
});

// 2. Lighthouse, mobile profile.
if (ONLY.has('lighthouse')) {
  const debugPort = await freePort();
  const lhBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  const rows: Array<Record<string, number | string>> = [];
  for (const screen of SCREENS.filter((candidate) => !SCREEN_FILTER || SCREEN_FILTER.has(candidate.name))) {
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${screen.path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: screen.signedIn ? { Cookie: cookie } : undefined,
        disableStorageReset: false,
      });
      const lhr = result?.lhr;
      if (!lhr) continue;
      if (values['lhr-dir']) {
        // The full Lighthouse result of each run, to read the LCP element, its phases and failed audits.
        fs.mkdirSync(values['lhr-dir'], { recursive: true });
        fs.writeFileSync(path.join(values['lhr-dir'], `${screen.name}-${i + 1}.json`), JSON.stringify(lhr));
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scripts = (
        lhr.audits['resource-summary']?.details as {
          items?: Array<{ resourceType: string; transferSize: number }>;
        }
      )?.items?.find((item) => item.resourceType === 'script');
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        mainThread: audit('mainthread-work-breakdown'),
        js: scripts?.transferSize ?? Number.NaN,
      });
    }
    const m = (key: string) => median(runs.map((r) => r[key]!));
    rows.push({
      screen: screen.name,
      performance: m('performance'),
      accessibility: m('accessibility'),
      fcp: m('fcp'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
      mainThread: m('mainThread'),
      js: m('js'),
      scores: runs.map((r) => r.performance).join(', '),
    });
    console.info(`  Lighthouse ${screen.name}: ${runs.map((r) => r.performance).join(', ')}`);
  }
  await lhBrowser.close();
  results.lighthouse = rows;
  say(`### Lighthouse mobile (simulated slow 4G, CPU ×4), median of ${RUNS}`);
  say();
  say(
    '| Screen | Performance | (runs) | Accessibility | FCP | LCP | TBT | CLS | Main thread | JS transferred |',
  );
  say('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    say(
      `| ${r.screen} | ${r.performance} | ${r.scores} | ${r.accessibility} | ${sec(r.fcp as number)} | ${sec(r.lcp as number)} | ${ms(r.tbt as number)} | ${(r.cls as number).toFixed(3)} | ${sec(r.mainThread as number)} | ${kb(r.js as number)} |`,
    );
  }
  say();
  // Issue 22's goals, each screen against the floor measured in the same rounds.
  const floor = rows.find((r) => r.screen === FLOOR);
  if (floor) {
    const floorTbt = floor.tbt as number;
    say(`### Against the floor (React + MUI alone: TBT ${ms(floorTbt)}, performance ${floor.performance})`);
    say();
    say('| Screen | TBT × floor | perf ≥ 90 | TBT ≤ 2× floor and ≤ 300 ms | LCP ≤ 2.5 s | a11y 100 |');
    say('|---|---:|---|---|---|---|');
    const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
    for (const r of rows.filter((row) => row !== floor)) {
      const tbt = r.tbt as number;
      say(
        `| ${r.screen} | ${(tbt / Math.max(floorTbt, 1)).toFixed(1)} | ${mark((r.performance as number) >= 90)} | ${mark(tbt <= 2 * floorTbt && tbt <= 300)} | ${mark((r.lcp as number) <= 2500)} | ${mark(r.accessibility === 100)} |`,
      );
    }
    say();
  }
}

// 3. Sign-in → Puden at CPU ×4.
if (ONLY.has('signin')) {
  const times: number[] = [];
  for (let i = 0; i < Math.max(RUNS, 3); i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill(USER.email);
    await page.getByLabel('Adgangskode').fill(USER.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.getByRole('heading', { level: 1, name: 'Puden' }).waitFor();
    await page.getByText('Antal Ordrer').first().waitFor();
    times.push(Date.now() - started);
    await context.close();
  }
  results.signIn = times;
  say(`### Sign-in → Puden shown, CPU ×4: median ${ms(median(times))} (runs: ${times.join(', ')} ms)`);
  say();
}

// 4. Main-thread time on /todos after the todos arrived, CPU ×1.
if (ONLY.has('todos')) {
  const busy: number[] = [];
  for (let i = 0; i < Math.max(RUNS, 3); i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(cookieParts);
    await context.addInitScript(() => {
      (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks = [];
      new PerformanceObserver((list) => {
        (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks.push(...list.getEntries());
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${base}/todos`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const total = await page.evaluate(() => {
      const arrived = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/todos'))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
      const after = arrived.length > 0 ? Math.min(...arrived) : 0;
      return (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks
        .filter((task) => task.startTime + task.duration >= after)
        .reduce((sum, task) => sum + task.duration, 0);
    });
    busy.push(total);
    await context.close();
  }
  results.todosMainThread = busy;
  say(
    `### /todos: main thread busy after its data arrived, CPU ×1: median ${ms(median(busy))} (runs: ${busy.map(Math.round).join(', ')} ms)`,
  );
  say();
}
// 7. Puden reopened with a full persisted cache, CPU ×4.
if (ONLY.has('warm')) {
  const shown: number[] = [];
  const paints: number[] = [];
  const restores: number[] = [];
  for (let i = 0; i < Math.max(RUNS, 3); i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies(cookieParts);
    const page = await context.newPage();
    // Every screen once, as a day's work would: their answers are what gets persisted (~2 MB here).
    for (const screen of SCREENS.filter((candidate) => candidate.signedIn)) {
      await page.goto(`${base}${screen.path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${base}/pillow`);
    await page.getByText('Antal Ordrer').first().waitFor();
    // The throttled save (at most once a second) and the service worker's precache settle.
    await page.waitForTimeout(3000);
    // Stamped in the page when Puden's figures appear (no polling delay from here).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body?.textContent?.includes('Antal Ordrer')) {
          (window as unknown as { __shown: number }).__shown = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.reload({ waitUntil: 'commit' });
    await page.getByText('Antal Ordrer').first().waitFor();
    const timing = await page.evaluate(() => ({
      shown: (window as unknown as { __shown: number }).__shown,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }));
    // The first screen's part of the cache, restored before the rest (which is read in idle moments).
    const restore = await page
      .waitForFunction(
        () => performance.getEntriesByName('naalepuden-restore-first')[0]?.duration,
        undefined,
        { timeout: 5000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => Number.NaN);
    shown.push(timing.shown);
    paints.push(timing.paint);
    restores.push(restore);
    await context.close();
  }
  results.warm = { shown, paints, restores };
  say(
    `### Puden reopened with the cache of every screen, CPU ×4: figures shown at median ${ms(median(shown))} (runs: ${shown.map(Math.round).join(', ')} ms), first paint ${ms(median(paints))}, first screen's cache restored after ${ms(median(restores))} (runs: ${restores.map((x) => (Number.isNaN(x) ? '—' : Math.round(x))).join(', ')})`,
  );
  say();
}
await browser.close();

// 5. Answer sizes.
if (ONLY.has('sizes')) {
  say('### Answer sizes');
  say();
  say('| Endpoint | raw | gzip (computed) | served as | ETag |');
  say('|---|---:|---:|---|---|');
  const sizes: Record<string, unknown> = {};
  for (const endpoint of ENDPOINTS) {
    const plain = await fetch(`${base}${endpoint}`, { headers: { cookie, 'accept-encoding': 'identity' } });
    const raw = Buffer.from(await plain.arrayBuffer());
    const served = await fetch(`${base}${endpoint}`, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
    const encoding = served.headers.get('content-encoding') ?? 'identity';
    const gzip = zlib.gzipSync(raw).length;
    sizes[endpoint] = { raw: raw.length, gzip, encoding, etag: plain.headers.get('etag') };
    say(
      `| \`${endpoint}\` | ${kb(raw.length)} | ${kb(gzip)} | ${encoding} | ${plain.headers.get('etag') ? 'yes' : 'no'} |`,
    );
  }
  results.sizes = sizes;
  say();
}

// 6. Requests per second at 50 connections.
if (ONLY.has('load')) {
  // The load comes from wrk (C, Debian's package) when it is installed: autocannon parses every answer in
  // JavaScript and, on this 2-core machine, saturated its own core at ~75 MB/s (the todo list at ~300 req/s
  // while the server idled at 0.2 of a core, issue 22). The server's own CPU share says which side is the limit.
  const hasWrk = (() => {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  })();
  const serverCpu = () => {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const toMs = (text: string | undefined) => {
    const match = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const load = async (url: string, headers: Record<string, string>) => {
    const cpuBefore = serverCpu();
    const started = Date.now();
    let result: { rps: number; p50: number; p99: number; non2xx: number; errors: number };
    if (hasWrk) {
      const out = execFileSync('wrk', [
        '-t2',
        '-c50',
        `-d${DURATION}s`,
        '--latency',
        ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
        url,
      ]).toString();
      result = {
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1]),
        p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1]),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
        errors: Number(/Socket errors:.*?timeout (\d+)/.exec(out)?.[1] ?? 0),
      };
    } else {
      const run = await autocannon({ url, connections: 50, duration: DURATION, headers });
      result = {
        rps: run.requests.average,
        p50: run.latency.p50,
        p99: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors,
      };
    }
    return { ...result, serverCpu: (serverCpu() - cpuBefore) / ((Date.now() - started) / 1000) };
  };
  say(`### Requests per second, 50 connections, ${DURATION} s each (${hasWrk ? 'wrk' : 'autocannon'})`);
  say();
  say('| Endpoint | req/s | p50 | p99 | server CPU (cores) | with If-None-Match: req/s | status |');
  say('|---|---:|---:|---:|---:|---:|---|');
  const health = await load(`${base}/api/health`, {});
  say(
    `| \`/api/health\` | ${Math.round(health.rps)} | ${health.p50} ms | ${health.p99} ms | ${health.serverCpu.toFixed(2)} | — | |`,
  );
  const rows: Record<string, unknown> = { health };
  for (const endpoint of LISTS) {
    const full = await load(`${base}${endpoint}`, { cookie, 'accept-encoding': 'br, gzip' });
    // A new connection: a kept-alive one from seconds ago may be closing under the request (idle timeout).
    const etag = (
      await fetch(`${base}${endpoint}`, { headers: { cookie }, keepalive: false }).catch(() =>
        fetch(`${base}${endpoint}`, { headers: { cookie } }),
      )
    ).headers.get('etag');
    const conditional = etag
      ? await load(`${base}${endpoint}`, { cookie, 'if-none-match': etag })
      : undefined;
    rows[endpoint] = { full, conditional };
    say(
      `| \`${endpoint}\` | ${Math.round(full.rps)} | ${full.p50} ms | ${full.p99} ms | ${full.serverCpu.toFixed(2)} | ${conditional ? Math.round(conditional.rps) : 'no ETag'} | ${full.non2xx ? `${full.non2xx} non-2xx` : 'ok'} |`,
    );
  }
  results.load = rows;
  say();
}

stopServer();
if (values.out) fs.writeFileSync(values.out, JSON.stringify({ ...results, report }, null, 2));
process.exit(0);
