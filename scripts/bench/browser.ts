/**
 * Steps 3, 4 and 7 of `npm run bench` (scripts/bench.ts), timed in Chromium on a phone-sized page: signing
 * in, the main thread on /todos, and Puden reopened with a full persisted cache.
 */
import type { Browser } from '@playwright/test';
import { type Bench, median, ms, SCREENS, USER } from './common.ts';

/** 3. Sign-in → Puden shown, at CPU ×4 (median). */
export async function benchSignIn(bench: Bench, browser: Browser): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${bench.base}/login`);
    await page.getByLabel('E-mail').fill(USER.email);
    await page.getByLabel('Adgangskode').fill(USER.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.getByRole('heading', { level: 1, name: 'Puden' }).waitFor();
    await page.getByText('Antal Ordrer').first().waitFor();
    times.push(Date.now() - started);
    await context.close();
  }
  bench.results.signIn = times;
  bench.say(`### Sign-in → Puden shown, CPU ×4: median ${ms(median(times))} (runs: ${times.join(', ')} ms)`);
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
 * 7. (`--only warm`, issue 13) Puden reopened at CPU ×4 after a session that visited every screen, so the
 * persisted cache is as big as it gets: time to Puden's figures, first paint, and the restore itself.
 */
export async function benchWarm(bench: Bench, browser: Browser): Promise<void> {
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
  bench.results.warm = { shown, paints, restores };
  bench.say(
    `### Puden reopened with the cache of every screen, CPU ×4: figures shown at median ${ms(median(shown))} (runs: ${shown.map(Math.round).join(', ')} ms), first paint ${ms(median(paints))}, first screen's cache restored after ${ms(median(restores))} (runs: ${restores.map((x) => (Number.isNaN(x) ? '—' : Math.round(x))).join(', ')}); the page came from the service worker in ${byWorker} of ${shown.length}`,
  );
  bench.say();
}
