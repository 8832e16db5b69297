/**
 * Named phone classes for `npm run bench` (scripts/bench.ts). A fixed CPU slowdown (×4) divides whatever CPU runs
 * the bench, so it emulates a different phone on every machine. Chrome DevTools' calibration gives phone classes
 * a Lighthouse benchmark index instead: a mid-tier phone (Pixel 5 class) scores 1000, a low-tier phone (Moto G
 * Power 2022, the device Lighthouse's mobile profile names) 264. This machine's index is read on the floor page,
 * unthrottled, and each class's slowdown is `benchmarkIndex / class score`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { type Bench, FLOOR, median, SCREENS } from './common.ts';

export type PhoneClass = { name: string; label: string; score: number };
export const PHONE_CLASSES: PhoneClass[] = [
  { name: 'mid-tier', label: 'mid-tier phone (Pixel 5 class, benchmark 1000)', score: 1000 },
  { name: 'low-tier', label: 'low-tier phone (Moto G Power 2022 class, benchmark 264)', score: 264 },
];

/** A class with the slowdown that makes this machine behave like it. */
export type CalibratedClass = PhoneClass & { rate: number };

/** Lighthouse's mobile profile (simulated slow 4G) with the CPU slowed by `rate`. */
export const mobileThrottling = (rate: number) => ({
  ...throttling.mobileSlow4G,
  cpuSlowdownMultiplier: rate,
});

const floorPath = SCREENS.find((screen) => screen.name === FLOOR)?.path ?? '/floor/index.html';

/**
 * Reads this machine's Lighthouse benchmark index on the floor page, unthrottled, `times` times (median), and the
 * slowdown of each phone class from it. Each Lighthouse run measures the index anew (lhr.environment), so every
 * later run reports the machine as it was at that moment too.
 */
export async function calibrate(bench: Bench, port: number, times = 3): Promise<CalibratedClass[]> {
  const indexes: number[] = [];
  for (let i = 0; i < times; i++) {
    const result = await lighthouse(`${bench.base}${floorPath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: mobileThrottling(1),
    });
    const index = result?.lhr.environment.benchmarkIndex;
    if (typeof index === 'number') indexes.push(index);
  }
  const benchmarkIndex = median(indexes);
  const classes = PHONE_CLASSES.map((phone) => ({
    ...phone,
    rate: Math.max(1, Math.round((benchmarkIndex / phone.score) * 100) / 100),
  }));
  bench.results.calibration = { indexes, benchmarkIndex, classes };
  bench.say(
    `### This machine: Lighthouse benchmark index ${Math.round(benchmarkIndex)} (median of ${indexes.map(Math.round).join(', ')}, floor page, unthrottled)`,
  );
  bench.say();
  for (const phone of classes) bench.say(`- ${phone.label}: CPU slowdown ×${phone.rate}`);
  bench.say();
  return classes;
}

/** The clock ticks per second of /proc's CPU times. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time (user + system) a process has used so far, in ms; NaN where /proc cannot tell. */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // Fields after the command name (which may hold spaces, in parentheses): utime is the 14th, stime the 15th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
  } catch {
    return Number.NaN;
  }
}
