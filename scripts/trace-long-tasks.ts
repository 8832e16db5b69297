/**
 * `npx tsx scripts/trace-long-tasks.ts [rate] [paths] ` (e.g. `12.28 /pillow,/customers`, with BENCH_DIR=/tmp/big
 * for a seeded big shop): opens each signed-in screen at phone size with the CPU slowed by `rate`, records a
 * Chrome trace and a sampled CPU profile until the app has taken over and 4 s more, and prints every long task
 * on the main thread (over 50 ms) with what the trace names inside it and the functions that took the most
 * samples. The trace that docs/performance.md quotes for "what limits the low-tier goals". Not a test.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './bench/common.ts';
import { startShop } from './bench/shop.ts';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
};
type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
const say = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = process.env.BENCH_DIR ?? '/tmp/big';
fs.mkdirSync(dataDir, { recursive: true });
const shop = await startShop(dataDir);
const rate = Number(process.argv[2] ?? 7);
const paths = (process.argv[3] ?? '/pillow').split(',');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (const path of paths) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies(shop.cookieParts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => {
    events.push(...(d.value as unknown as TraceEvent[]));
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading',
    transferMode: 'ReportEvents',
  });
  await page.goto(`${shop.base}${path}`);
  await page.waitForFunction(
    () => document.getElementById('root')?.hasAttribute('data-first-screen') === false,
    undefined,
    { timeout: 60000 },
  );
  await page.waitForTimeout(4000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  fs.writeFileSync(`/tmp/trace${path.replace(/\//g, '_')}.json`, JSON.stringify(events));
  // Summarise: top-level tasks on the renderer main thread
  const main = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 50000 / rate);
  const start =
    events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ??
    events[0]?.ts ??
    0;
  const byTid = new Map<number, number>();
  for (const e of main) byTid.set(e.tid, (byTid.get(e.tid) ?? 0) + e.dur);
  const mainTid = [...byTid.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const children = (task: TraceEvent) =>
    events.filter(
      (e) =>
        e.tid === task.tid &&
        e.ph === 'X' &&
        e.ts >= task.ts &&
        e.ts + e.dur <= task.ts + task.dur &&
        e !== task,
    );
  say(`== ${path} at ×${rate}: long tasks on the main thread`);
  let tbt = 0;
  for (const task of events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === mainTid && e.dur > 50000)
    .sort((a, b) => a.ts - b.ts)) {
    tbt += task.dur / 1000 - 50;
    const kids = children(task);
    const sums = new Map<string, number>();
    for (const k of kids)
      if (
        [
          'EvaluateScript',
          'FunctionCall',
          'v8.compileModule',
          'v8.evaluateModule',
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'ParseHTML',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'v8.compile',
          'CompileScript',
          'ParseAuthorStyleSheet',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'BlinkGC.AtomicPhase',
          'RunMicrotasks',
          'PrePaint',
          'Commit',
          'ScheduleStyleRecalculation',
          'HitTest',
          'v8.run',
        ].includes(k.name)
      )
        sums.set(k.name, (sums.get(k.name) ?? 0) + k.dur / 1000);
    const fn = kids.find(
      (k) => k.name === 'FunctionCall' || k.name === 'EvaluateScript' || k.name === 'v8.evaluateModule',
    );
    const url = fn?.args?.data?.url ?? fn?.args?.data?.functionName ?? '';
    // Samples in this task: self time by function.
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let t = profile.startTime;
    const self = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i] ?? 0;
      if (t < task.ts || t > task.ts + task.dur) continue;
      const n = nodes.get(profile.samples[i] ?? -1);
      if (!n) continue;
      const cf = n.callFrame;
      const name = `${cf.functionName || '(anon)'} ${String(cf.url).split('/').pop()}:${cf.lineNumber}`;
      self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    const top = [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([n, d]) => `      ${d.toFixed(0).padStart(4)} ${n}`)
      .join('\n');
    say(
      `${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(0).padStart(5)} ms  ${[
        ...sums.entries(),
      ]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([n, d]) => `${n} ${d.toFixed(0)}`)
        .join(', ')}  ${String(url).slice(-50)}`,
    );
    say(top);
  }
  say(`TBT-ish (all long tasks): ${tbt.toFixed(0)} ms`);
  await context.close();
}
await browser.close();
shop.stopServer();
process.exit(0);
