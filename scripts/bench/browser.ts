/**
 * Steps 3, 4, 7 and 8 of `npm run bench` (scripts/bench.ts), timed in Chromium on a phone-sized page with the CPU
 * slowed to a phone class (scripts/bench/phones.ts): signing in, the main thread on /todos, Puden reopened with a
 * full persisted cache, and a tap on the menu soon after the first paint.
 */
import type { Browser } from '@playwright/test';
import { type Bench, median, ms, SCREENS, USER } from './common.ts';
import { openAtFirstPaint, waitAfterFirstPaint } from './first-paint.ts';
import type { CalibratedClass } from './phones.ts';

const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * 3. Sign-in → Puden visible and answering (median): from the tap on "Log ind" until Puden's figures show and the
 * app has taken over the page (a first screen from the server is inert until then, decision 0014).
 */
export async function benchSignIn(bench: Bench, browser: Browser, phone: CalibratedClass): Promise<void> {
  const visible: number[] = [];
  const answering: number[] = [];
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
    await page.goto(`${bench.base}/login`);
    await page.getByLabel('E-mail').fill(USER.email);
    await page.getByLabel('Adgangskode').fill(USER.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.getByText('Antal Ordrer').first().waitFor();
    visible.push(Date.now() - started);
    await page.waitForFunction(
      () => document.getElementById('root')?.hasAttribute('data-first-screen') === false,
      undefined,
      { polling: 50 },
    );
    answering.push(Date.now() - started);
    await context.close();
  }
  bench.results.signIn = { rate: phone.rate, visible, answering };
  bench.say(
    `### Sign-in → Puden, ${phone.name} (CPU ×${phone.rate}): visible at median ${ms(median(visible))} (runs: ${visible.join(', ')} ms), answering at ${ms(median(answering))} (runs: ${answering.join(', ')} ms)`,
  );
  bench.say();
}

/**
 * 8. A tap on the menu 500 ms after the first paint (median per screen): the time from the tap to the menu drawn
 * on screen (the answer the owner sees), and the Event Timing API's duration of the tap's slowest event (input
 * delay, handlers and the next paint). A tap that opens nothing within 5 s (a page not yet able to answer) counts
 * as 5 s.
 */
export async function benchTap(bench: Bench, browser: Browser, phone: CalibratedClass): Promise<void> {
  const paths = [
    ['Puden', '/pillow'],
    ['Kunder', '/customers'],
    ['Ordrer', '/orders'],
  ] as const;
  const rows: Array<{ screen: string; answers: number[]; events: number[] }> = [];
  for (const [screen, path] of paths) {
    const answers: number[] = [];
    const events: number[] = [];
    for (let i = 0; i < Math.max(bench.runs, 3); i++) {
      const context = await browser.newContext(PHONE_CONTEXT);
      await context.addCookies(bench.cookieParts);
      await context.addInitScript(() => {
        const w = window as unknown as { __tap?: number; __answer?: number; __events: number[] };
        w.__events = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__events.push(entry.duration);
        }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
        window.addEventListener('touchstart', (event) => (w.__tap ??= event.timeStamp), { capture: true });
        new MutationObserver(() => {
          if (w.__tap === undefined || w.__answer !== undefined) return;
          const drawer = document.querySelector('nav[aria-label="Menu"]');
          if (drawer && drawer.getClientRects().length > 0) {
            w.__answer = -1;
            requestAnimationFrame(() => {
              w.__answer = performance.now();
            });
          }
        }).observe(document, { childList: true, subtree: true, attributes: true });
      });
      const page = await openAtFirstPaint(bench, context, phone, path);
      await waitAfterFirstPaint(page, 500);
      // A finger on the menu button where it is drawn, whether or not the page can answer yet.
      const box = await page.getByRole('button', { name: 'Menu', includeHidden: true }).first().boundingBox();
      if (!box) throw new Error(`no menu button on ${path}`);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const answer = await page
        .waitForFunction(
          () => {
            const w = window as unknown as { __tap?: number; __answer?: number };
            return w.__answer !== undefined && w.__answer > 0 && w.__tap !== undefined
              ? w.__answer - w.__tap
              : 0;
          },
          undefined,
          { timeout: 5000, polling: 20 },
        )
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => 5000);
      answers.push(answer);
      events.push(
        await page.evaluate(() => Math.max(0, ...(window as unknown as { __events: number[] }).__events)),
      );
      await context.close();
    }
    rows.push({ screen, answers, events });
  }
  bench.results.tap = { rate: phone.rate, rows };
  bench.say(
    `### A tap on the menu 500 ms after the first paint, ${phone.name} (CPU ×${phone.rate}), median of ${Math.max(bench.runs, 3)}`,
  );
  bench.say();
  bench.say('| Screen | tap → menu shown | (runs) | slowest event (Event Timing) | goal ≤ 200 ms |');
  bench.say('|---|---:|---|---:|---|');
  for (const row of rows) {
    bench.say(
      `| ${row.screen} | ${ms(median(row.answers))} | ${row.answers.map(Math.round).join(', ')} | ${ms(median(row.events))} | ${median(row.answers) <= 200 ? 'met' : '**no**'} |`,
    );
  }
  bench.say();
}

/** 4. Main-thread time on /todos after the todos arrived, at CPU ×1 (long tasks, median). */
export async function benchTodos(bench: Bench, browser: Browser): Promise<void> {
  const busy: number[] = [];
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(bench.cookieParts);
    await context.addInitScript(() => {
      (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks = [];
      new PerformanceObserver((list) => {
        (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks.push(...list.getEntries());
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${bench.base}/todos`);
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
  bench.results.todosMainThread = busy;
  bench.say(
    `### /todos: main thread busy after its data arrived, CPU ×1: median ${ms(median(busy))} (runs: ${busy.map(Math.round).join(', ')} ms)`,
  );
  bench.say();
}

/**
 * 7. Puden reopened from the service worker after a session that visited every screen, so the persisted cache is
 * as big as it gets: time to Puden's figures, first paint, and the restore itself, at a phone class's CPU.
 */
export async function benchWarm(bench: Bench, browser: Browser, phone: CalibratedClass): Promise<void> {
  const shown: number[] = [];
  const paints: number[] = [];
  const restores: number[] = [];
  let byWorker = 0;
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies(bench.cookieParts);
    const page = await context.newPage();
    // Every screen once, as a day's work would: their answers are what gets persisted (~2 MB here).
    for (const screen of SCREENS.filter((candidate) => candidate.signedIn)) {
      await page.goto(`${bench.base}${screen.path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${bench.base}/pillow`);
    await page.getByText('Antal Ordrer').first().waitFor();
    // The throttled save (at most once a second) and the service worker's precache settle: the worker starts
    // 3 s after the load event and an idle moment (lib/service-worker-start.ts), then precaches the app; an
    // installed app's start from the home screen is answered by it.
    await page.waitForTimeout(3000);
    // (waitForFunction does not wait for a predicate's promise: polled here.)
    for (let wait = 0; wait < 60; wait++) {
      const active = await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.state),
      );
      if (active === 'activated') break;
      await page.waitForTimeout(500);
    }
    // Stamped in the page when the app shows Puden's figures (no polling delay from here); a first screen
    // from the server (decision 0014) does not count: the app has not started yet.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const app = document.getElementById('root')?.hasAttribute('data-first-screen') === false;
        if (app && document.body?.textContent?.includes('Antal Ordrer')) {
          (window as unknown as { __shown: number }).__shown = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __shown?: number }).__shown !== undefined);
    const fromWorker = await page.evaluate(() => navigator.serviceWorker.controller !== null);
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
    if (fromWorker) byWorker++;
    paints.push(timing.paint);
    restores.push(restore);
    await context.close();
  }
  bench.results.warm = { rate: phone.rate, shown, paints, restores };
  bench.say(
    `### Puden reopened with the cache of every screen, ${phone.name} (CPU ×${phone.rate}): figures shown at median ${ms(median(shown))} (runs: ${shown.map(Math.round).join(', ')} ms), first paint ${ms(median(paints))}, first screen's cache restored after ${ms(median(restores))} (runs: ${restores.map((x) => (Number.isNaN(x) ? '—' : Math.round(x))).join(', ')}); the page came from the service worker in ${byWorker} of ${shown.length}`,
  );
  bench.say();
}
