/**
 * `npm run bench`: how fast the app feels on a named phone class in a big shop. Not a test: it measures and
 * prints medians; docs/performance.md keeps the tables.
 *
 * 1. Seeds the big shop (`seed:large`) into a throw-away DATA_DIR (or reuses --data-dir), builds the client and
 *    the floor page (a bare React + MUI page, scripts/bench-floor) and starts the real server on it.
 * 2. Calibrates the phone classes (scripts/bench/phones.ts): this machine's Lighthouse benchmark index on the
 *    floor page, unthrottled (median of 3), gives the CPU slowdown that makes it a mid-tier phone (index 1000)
 *    and a low-tier phone (264).
 * 3. Lighthouse 12 (mobile profile, simulated slow 4G) on the login page and every signed-in screen, for each
 *    class, --runs rounds (median), the floor in the same rounds; each screen's TBT against the floor's of its
 *    round, the server's CPU time during the load, and the goals checked.
 * 4. Sign-in → Puden visible and answering, mid-tier.
 * 5. Main-thread time on /todos after its data arrived, at CPU ×1 (long tasks, median).
 * 6. A tap on the menu 500 ms after the first paint on Puden, Kunder and Ordrer, low-tier (Event Timing).
 * 7. Answer sizes of the list endpoints (raw and as served); requests per second at 50 connections.
 * 8. (`--only warm`) Puden reopened from the service worker with the cache of every screen, mid-tier.
 * 9. (`taps`) Every main control tapped the first time and again, at both phone classes, against the interaction
 *    floor (a bare React + MUI Dialog) in the same round, and tapped on the server's first screen while the
 *    scripts are held back (scripts/bench/taps.ts).
 * 10. (`photo`) A 12-megapixel photo picked on a bead's page → shown from the server, at phone size, mid-tier
 *    (median). The big shop's 2,000 beads have a photo each (seed:large), so Nåle's figures above are those of a
 *    photographed catalogue; `--seed-photos N` seeds fewer (a quicker first seed).
 * 11. (`--only pickers,countnext`) Tilføj linje's bead picker opened and searched, and "Gem og næste" on the
 *    counting screen → the next bead, mid-tier (scripts/bench/stock.ts). `--count-stock` counts every bead of the
 *    shop first (seed:stock), so every screen is measured with stock on every row.
 *
 *   npm run bench -- [--runs 3] [--data-dir /tmp/big] [--duration 8] [--screens Puden,Todo]
 *                    [--only lighthouse,signin,todos,tap,taps,sizes,load,warm,photo] [--lhr-dir /tmp/lhr]
 *                    [--controls Kunder,Todo]   (taps: only the controls whose name contains one of these)
 *                    [--seed-photos 2000] [--count-stock]
 *
 * The steps live in scripts/bench/: shop.ts (1), phones.ts (2), lighthouse.ts (3), browser.ts (4, 5, 6, 8),
 * api.ts (7), taps.ts (9), photo.ts (10), stock.ts (11).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { benchLoad, benchSizes } from './bench/api.ts';
import { benchSignIn, benchTap, benchTodos, benchWarm } from './bench/browser.ts';
import { type Bench, CHROMIUM, CHROMIUM_ARGS, freePort } from './bench/common.ts';
import { benchLighthouse } from './bench/lighthouse.ts';
import { calibrate } from './bench/phones.ts';
import { benchPhoto } from './bench/photo.ts';
import { startShop } from './bench/shop.ts';
import { benchCountNext, benchPickers } from './bench/stock.ts';
import { benchTaps } from './bench/taps.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '8' },
    only: { type: 'string', default: 'lighthouse,signin,todos,tap,taps,sizes,load,photo' },
    controls: { type: 'string' },
    'seed-photos': { type: 'string' },
    out: { type: 'string' },
    screens: { type: 'string' },
    'lhr-dir': { type: 'string' },
    'count-stock': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const ONLY = new Set(values.only.split(','));

// 1. The big shop and the real server.
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-bench-'));
const shop = await startShop(dataDir, { photos: values['seed-photos'], countStock: values['count-stock'] });

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

// 2. The phone classes, calibrated on this machine, in Lighthouse's own browser.
const debugPort = await freePort();
const lhBrowser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
});
const classes = await calibrate(bench, debugPort);
const [midTier, lowTier] = classes as [(typeof classes)[number], (typeof classes)[number]];
if (ONLY.has('lighthouse')) {
  await benchLighthouse(bench, debugPort, classes, {
    screens: values.screens ? new Set(values.screens.split(',')) : undefined,
    lhrDir: values['lhr-dir'],
  });
}
await lhBrowser.close();

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
if (ONLY.has('signin')) await benchSignIn(bench, browser, midTier);
if (ONLY.has('todos')) await benchTodos(bench, browser);
if (ONLY.has('tap')) await benchTap(bench, browser, lowTier);
if (ONLY.has('taps'))
  await benchTaps(bench, browser, classes, values.controls ? new Set(values.controls.split(',')) : undefined);
if (ONLY.has('warm')) await benchWarm(bench, browser, midTier);
if (ONLY.has('pickers')) await benchPickers(bench, browser, midTier);
// It starts a new counting round in the shop.
if (ONLY.has('countnext')) await benchCountNext(bench, browser, midTier);
// Last of the browser steps: it adds a bead with a photo per run to the shop.
if (ONLY.has('photo')) await benchPhoto(bench, browser, midTier);
await browser.close();

if (ONLY.has('sizes')) await benchSizes(bench);
if (ONLY.has('load')) await benchLoad(bench);

shop.stopServer();
if (values.out) fs.writeFileSync(values.out, JSON.stringify({ ...bench.results, report }, null, 2));
process.exit(0);
