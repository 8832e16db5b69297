/**
 * Step 2 of `npm run bench` (scripts/bench.ts): Lighthouse 12 in its mobile profile on the login page and
 * every signed-in screen, and the floor page (issue 22) measured in the same rounds, each screen's blocking
 * time given as a multiple of the floor's with the goals of issue 22 checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import {
  type Bench,
  CHROMIUM,
  CHROMIUM_ARGS,
  FLOOR,
  freePort,
  kb,
  median,
  ms,
  SCREENS,
  sec,
} from './common.ts';

/**
 * Runs Lighthouse `bench.runs` times on each screen (those named in `screens`, or all) and prints the medians;
 * with `lhrDir` every run's full result is written there.
 */
export async function benchLighthouse(
  bench: Bench,
  { screens, lhrDir }: { screens: ReadonlySet<string> | undefined; lhrDir: string | undefined },
): Promise<void> {
  const debugPort = await freePort();
  const lhBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  const rows: Array<Record<string, number | string>> = [];
  for (const screen of SCREENS.filter((candidate) => !screens || screens.has(candidate.name))) {
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < bench.runs; i++) {
      const result = await lighthouse(`${bench.base}${screen.path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: screen.signedIn ? { Cookie: bench.cookie } : undefined,
        disableStorageReset: false,
      });
      const lhr = result?.lhr;
      if (!lhr) continue;
      if (lhrDir) {
        // The full Lighthouse result of each run, to read the LCP element, its phases and failed audits.
        fs.mkdirSync(lhrDir, { recursive: true });
        fs.writeFileSync(path.join(lhrDir, `${screen.name}-${i + 1}.json`), JSON.stringify(lhr));
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
  bench.results.lighthouse = rows;
  bench.say(`### Lighthouse mobile (simulated slow 4G, CPU ×4), median of ${bench.runs}`);
  bench.say();
  bench.say(
    '| Screen | Performance | (runs) | Accessibility | FCP | LCP | TBT | CLS | Main thread | JS transferred |',
  );
  bench.say('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    bench.say(
      `| ${r.screen} | ${r.performance} | ${r.scores} | ${r.accessibility} | ${sec(r.fcp as number)} | ${sec(r.lcp as number)} | ${ms(r.tbt as number)} | ${(r.cls as number).toFixed(3)} | ${sec(r.mainThread as number)} | ${kb(r.js as number)} |`,
    );
  }
  bench.say();
  // Issue 22's goals, each screen against the floor measured in the same rounds.
  const floor = rows.find((r) => r.screen === FLOOR);
  if (floor) {
    const floorTbt = floor.tbt as number;
    bench.say(
      `### Against the floor (React + MUI alone: TBT ${ms(floorTbt)}, performance ${floor.performance})`,
    );
    bench.say();
    bench.say('| Screen | TBT × floor | perf ≥ 90 | TBT ≤ 2× floor and ≤ 300 ms | LCP ≤ 2.5 s | a11y 100 |');
    bench.say('|---|---:|---|---|---|---|');
    const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
    for (const r of rows.filter((row) => row !== floor)) {
      const tbt = r.tbt as number;
      bench.say(
        `| ${r.screen} | ${(tbt / Math.max(floorTbt, 1)).toFixed(1)} | ${mark((r.performance as number) >= 90)} | ${mark(tbt <= 2 * floorTbt && tbt <= 300)} | ${mark((r.lcp as number) <= 2500)} | ${mark(r.accessibility === 100)} |`,
      );
    }
    bench.say();
  }
}
