/**
 * Step 2 of `npm run bench` (scripts/bench.ts): Lighthouse 12 in its mobile profile (simulated slow 4G) on the
 * login page and every signed-in screen, for each phone class (scripts/bench/phones.ts: the CPU slowed to make
 * this machine a mid-tier or a low-tier phone), with the floor page measured in the same rounds. Rounds
 * alternate the classes and screens, so a busy moment of the machine spreads over all of them. Beside each screen
 * the server's CPU time during its load: the browser and the server share this machine's cores, as they never
 * would with a phone, and a screen whose server work grows shows it there.
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type Bench, FLOOR, kb, median, ms, SCREENS, sec } from './common.ts';
import { type CalibratedClass, cpuMs, mobileThrottling } from './phones.ts';

type Run = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  mainThread: number;
  js: number;
  benchmarkIndex: number;
  serverCpu: number;
  round: number;
};

/** Each class's goals (the table): performance, TBT against the floor of the same round, LCP. */
const GOALS: Record<string, { performance: number; tbtTimesFloor: number; lcpMs?: number }> = {
  'mid-tier': { performance: 98, tbtTimesFloor: 1.5 },
  'low-tier': { performance: 90, tbtTimesFloor: 2, lcpMs: 2500 },
};
/** The JavaScript a signed-in first screen may load (gzip), every class. */
const JS_BUDGET = 160 * 1024;

async function runOnce(
  bench: Bench,
  port: number,
  url: string,
  signedIn: boolean,
  rate: number,
  round: number,
) {
  const cpuBefore = cpuMs(bench.serverPid);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: signedIn ? { Cookie: bench.cookie } : undefined,
    disableStorageReset: false,
    throttling: mobileThrottling(rate),
  });
  const serverCpu = cpuMs(bench.serverPid) - cpuBefore;
  const lhr = result?.lhr;
  // A run Lighthouse could not finish (its runtimeError, no performance score) is left out and said so.
  if (!lhr || lhr.runtimeError || typeof lhr.categories.performance?.score !== 'number') {
    console.warn(`  Lighthouse could not measure ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`);
    return undefined;
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (
    lhr.audits['resource-summary']?.details as {
      items?: Array<{ resourceType: string; transferSize: number }>;
    }
  )?.items?.find((item) => item.resourceType === 'script');
  const run: Run = {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    mainThread: audit('mainthread-work-breakdown'),
    js: scripts?.transferSize ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    serverCpu,
    round,
  };
  return { run, lhr };
}

/**
 * Runs Lighthouse `bench.runs` rounds: in each, every class on every screen (those named in `screens`, or all, and
 * the floor always). Prints each class's medians and its goals; with `lhrDir` every run's full result is kept.
 */
export async function benchLighthouse(
  bench: Bench,
  port: number,
  classes: CalibratedClass[],
  { screens, lhrDir }: { screens: ReadonlySet<string> | undefined; lhrDir: string | undefined },
): Promise<void> {
  const measured = SCREENS.filter((screen) => screen.name === FLOOR || !screens || screens.has(screen.name));
  const runs = new Map<string, Run[]>();
  const failed = new Map<string, number>();
  const key = (phone: CalibratedClass, screen: string) => `${phone.name}\n${screen}`;
  for (let round = 1; round <= bench.runs; round++) {
    for (const phone of classes) {
      for (const screen of measured) {
        const done = await runOnce(
          bench,
          port,
          `${bench.base}${screen.path}`,
          screen.signedIn,
          phone.rate,
          round,
        );
        if (!done) {
          failed.set(key(phone, screen.name), (failed.get(key(phone, screen.name)) ?? 0) + 1);
          continue;
        }
        runs.set(key(phone, screen.name), [...(runs.get(key(phone, screen.name)) ?? []), done.run]);
        if (lhrDir) {
          fs.mkdirSync(lhrDir, { recursive: true });
          const file = `${phone.name}-${screen.name.replace(/\W+/g, '_')}-${round}.json`;
          fs.writeFileSync(path.join(lhrDir, file), JSON.stringify(done.lhr));
        }
        console.info(
          `  round ${round} ${phone.name} ${screen.name}: ${done.run.performance}, TBT ${ms(done.run.tbt)} (benchmark index ${Math.round(done.run.benchmarkIndex)})`,
        );
      }
    }
  }

  const results: Record<string, unknown> = {};
  for (const phone of classes) {
    const goals = GOALS[phone.name];
    const floorRuns = runs.get(key(phone, FLOOR)) ?? [];
    bench.say(
      `### Lighthouse mobile, ${phone.label}: CPU ×${phone.rate}, simulated slow 4G; median of ${bench.runs}`,
    );
    bench.say();
    bench.say(
      `Benchmark index of each round (from the floor's run): ${floorRuns.map((r) => Math.round(r.benchmarkIndex)).join(', ')}.`,
    );
    bench.say();
    bench.say(
      '| Screen | Performance | (runs) | TBT | TBT × floor | LCP | FCP | CLS | Main thread | JS | Server CPU | a11y | goals |',
    );
    bench.say('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    const rows: Array<Record<string, unknown>> = [];
    for (const screen of measured) {
      const list = runs.get(key(phone, screen.name)) ?? [];
      const m = (field: keyof Run) => median(list.map((r) => r[field]));
      // TBT against the floor of the same round, then the median of those.
      const floorOf = (r: Run) => floorRuns.find((floor) => floor.round === r.round)?.tbt ?? Number.NaN;
      const ratio = median(list.map((r) => r.tbt / Math.max(floorOf(r), 1)));
      const misses: string[] = [];
      if (goals && screen.name !== FLOOR) {
        if (m('performance') < goals.performance) misses.push(`perf < ${goals.performance}`);
        if (!(ratio <= goals.tbtTimesFloor)) misses.push(`TBT > ${goals.tbtTimesFloor}× floor`);
        if (goals.lcpMs !== undefined && m('lcp') > goals.lcpMs) misses.push(`LCP > ${sec(goals.lcpMs)}`);
        if (screen.signedIn && m('js') > JS_BUDGET) misses.push(`JS > ${kb(JS_BUDGET)}`);
      }
      const verdict =
        screen.name === FLOOR || !goals ? '' : misses.length === 0 ? 'met' : `**${misses.join(', ')}**`;
      rows.push({ screen: screen.name, ratio, runs: list });
      bench.say(
        `| ${screen.name} | ${m('performance')} | ${list.map((r) => r.performance).join(', ')} | ${ms(m('tbt'))} | ${screen.name === FLOOR ? '1' : ratio.toFixed(1)} | ${sec(m('lcp'))} | ${sec(m('fcp'))} | ${m('cls').toFixed(3)} | ${sec(m('mainThread'))} | ${kb(m('js'))} | ${ms(m('serverCpu'))} | ${m('accessibility')} | ${verdict} |`,
      );
    }
    bench.say();
    results[phone.name] = { rate: phone.rate, rows };
  }
  bench.results.lighthouse = results;
}
