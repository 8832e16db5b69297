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
 * 8. (`photo`, decision 0016) A 12-megapixel photo picked on a bead's page → shown from the server, at phone
 *    size and CPU ×4 (median). The big shop's 2,000 beads have a photo each (seed:large), so Nåle's figures
 *    above are those of a photographed catalogue; `--seed-photos N` seeds fewer (a quicker first seed).
 *
 *   npm run bench -- [--runs 3] [--data-dir /tmp/big] [--duration 8] [--screens Puden,Todo]
 *                    [--only lighthouse,signin,todos,sizes,load,warm,photo] [--lhr-dir /tmp/lhr]
 *                    [--seed-photos 2000]
 *
 * The steps live in scripts/bench/: shop.ts (1), lighthouse.ts (2), browser.ts (3, 4, 7), api.ts (5, 6),
 * photo.ts (8).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { benchLoad, benchSizes } from './bench/api.ts';
import { benchSignIn, benchTodos, benchWarm } from './bench/browser.ts';
import { type Bench, CHROMIUM, CHROMIUM_ARGS } from './bench/common.ts';
import { benchLighthouse } from './bench/lighthouse.ts';
import { benchPhoto } from './bench/photo.ts';
import { startShop } from './bench/shop.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '8' },
    only: { type: 'string', default: 'lighthouse,signin,todos,sizes,load,photo' },
    'seed-photos': { type: 'string' },
    out: { type: 'string' },
    screens: { type: 'string' },
    'lhr-dir': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const ONLY = new Set(values.only.split(','));

// 1. The big shop and the real server.
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-bench-'));
const shop = await startShop(dataDir, { photos: values['seed-photos'] });

const report: string[] = [];
const bench: Bench = {
  ...shop,
  runs: RUNS,
  duration: Number(values.duration),
  results: {
    date: new Date().toISOString(),
    runs: RUNS,
    machine: os.cpus()[0]?.model,
  },
  say: (line = '') => {
    report.push(line);
    console.info(line);
  },
};

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
});
if (ONLY.has('lighthouse')) {
  await benchLighthouse(bench, {
    screens: values.screens ? new Set(values.screens.split(',')) : undefined,
    lhrDir: values['lhr-dir'],
  });
}
if (ONLY.has('signin')) await benchSignIn(bench, browser);
if (ONLY.has('todos')) await benchTodos(bench, browser);
if (ONLY.has('warm')) await benchWarm(bench, browser);
// Last of the browser steps: it adds a bead with a photo per run to the shop.
if (ONLY.has('photo')) await benchPhoto(bench, browser);
await browser.close();

if (ONLY.has('sizes')) await benchSizes(bench);
if (ONLY.has('load')) await benchLoad(bench);

shop.stopServer();
if (values.out) fs.writeFileSync(values.out, JSON.stringify({ ...bench.results, report }, null, 2));
process.exit(0);
