/**
 * The interaction suite of `npm run bench` (`--only taps`): how long a tap on each control of the main screens
 * takes to show its answer, the first time and the same tap again, at both phone classes, against the
 * interaction floor (a bare React + MUI page whose "Tilføj Ny" opens an MUI Dialog with one text field,
 * scripts/bench-floor/dialog.tsx) in the same round; and a tap on the server's first screen while the app's
 * scripts are held back.
 *
 * A tap is a touch on the control where it is drawn (CDP's touch events: pointerdown, pointerup, click). Two
 * figures per tap:
 * - **answer**: from the tap's pointerdown (its event timestamp) to the frame that shows its effect (a dialog on
 *   screen, a filter pressed, a toast, the row following the finger), stamped by a MutationObserver in the page
 *   and the next animation frame, as the owner sees it;
 * - **event**: the Event Timing API's duration of the interaction's slowest event (input delay, handlers and the
 *   next paint), what Chrome's INP would report; a swipe has none (a pointermove is not an interaction).
 *
 * "First" is the first tap on the control in a page, 1 s after the app has answered (the server's first screen
 * taken over) with the network quiet; "again" is the same tap after the answer was closed. Every first tap is a
 * fresh page.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { type Bench, median, ms } from './common.ts';
import { openAtFirstPaint, waitAfterFirstPaint } from './first-paint.ts';
import type { CalibratedClass } from './phones.ts';
import { CONTROLS, type Control, FLOOR_CONTROL, type Ids } from './tap-controls.ts';

const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** A tap whose answer has not shown within this long counts as lost. */
const LOST_MS = 10_000;
/** How long the held-back test keeps every script from arriving. */
const HOLD_SCRIPTS_MS = 2500;

/** In every page: the tap's time, its answer's frame and the Event Timing entries (window.__bench). */
function measureInPage() {
  type Entry = { start: number; duration: number; id: number };
  const state = {
    armed: null as null | { kind: string; name?: string; text?: string },
    tap: Number.NaN,
    answer: Number.NaN,
    pressedShown: Number.NaN,
    entries: [] as Entry[],
    arm(effect: { kind: string; name?: string; text?: string }) {
      state.armed = effect;
      state.tap = Number.NaN;
      state.answer = Number.NaN;
      state.pressedShown = Number.NaN;
    },
  };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>)
      if (entry.interactionId)
        state.entries.push({ start: entry.startTime, duration: entry.duration, id: entry.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const began = (event: Event) => {
    if (state.armed && Number.isNaN(state.tap)) state.tap = event.timeStamp;
  };
  window.addEventListener('pointerdown', began, { capture: true });
  window.addEventListener('input', began, { capture: true });
  const shows = () => {
    const effect = state.armed;
    if (!effect) return false;
    switch (effect.kind) {
      case 'dialog': {
        const dialog = document.querySelector('[role="dialog"]');
        return dialog !== null && dialog.getClientRects().length > 0;
      }
      case 'pressed':
        return [...document.querySelectorAll('[aria-pressed="true"]')].some((element) =>
          element.textContent?.startsWith(effect.name ?? ''),
        );
      case 'toast':
        return [...document.querySelectorAll('[data-sonner-toast]')].some((element) =>
          element.textContent?.includes(effect.text ?? ''),
        );
      case 'moved':
        return [...document.querySelectorAll<HTMLElement>('[data-swipe-surface]')].some(
          (element) => element.style.transform !== '' && element.style.transform !== 'translateX(0px)',
        );
      case 'changed':
        // The app's answer to a new status: the select is held while the change is sent (the native select
        // itself shows the new value at once).
        return document.querySelector('select:disabled') !== null;
      default:
        return false;
    }
  };
  new MutationObserver(() => {
    // The pressed state the page shows for a tap it holds until the app is there (a busy control).
    if (
      !Number.isNaN(state.tap) &&
      Number.isNaN(state.pressedShown) &&
      document.querySelector('[data-tap-held]')
    )
      state.pressedShown = performance.now() - state.tap;
    if (Number.isNaN(state.tap) || !Number.isNaN(state.answer) || !shows()) return;
    state.answer = -1;
    requestAnimationFrame(() => {
      state.answer = performance.now() - state.tap;
      state.armed = null;
    });
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

/** The control's middle is inside the viewport. */
async function inViewport(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const y = box.y + box.height / 2;
  return y > 0 && y < viewport.height;
}

type TapResult = { answer: number; event: number; pressedShown: number };

/** Makes the control's gesture and waits for its answer (NaN answer: lost within LOST_MS). */
async function tapAndMeasure(page: Page, control: Control): Promise<TapResult> {
  const target = control.control(page);
  // A control below the fold is scrolled to first, as her thumb would; the scroll settles before the tap.
  if (!(await target.isVisible()) || !(await inViewport(page, target))) {
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
  }
  await page.evaluate((effect) => {
    (window as unknown as { __bench: { arm: (e: unknown) => void } }).__bench.arm(effect);
  }, control.effect);
  const box = await target.boundingBox();
  if (!box) throw new Error(`${control.name}: the control is not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const gesture = control.gesture ?? 'tap';
  if (gesture === 'tap') await page.touchscreen.tap(x, y);
  else if (gesture === 'swipe') {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dx: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: x + dx, y }],
      });
    await touch('touchStart', 0);
    for (let dx = -8; dx >= -40; dx -= 8) await touch('touchMove', dx);
    await touch('touchEnd', -40);
  } else await target.selectOption(gesture.select);
  const answered = await page
    .waitForFunction(
      () => {
        const bench = (window as unknown as { __bench: { answer: number } }).__bench;
        return bench.answer > 0 ? bench.answer : 0;
      },
      undefined,
      { timeout: LOST_MS, polling: 20 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => Number.NaN);
  // Event Timing reports an interaction after its next paint: a moment for the observer.
  await page.waitForTimeout(300);
  const timing = await page.evaluate(() => {
    const bench = (
      window as unknown as {
        __bench: { tap: number; pressedShown: number; entries: Array<{ start: number; duration: number }> };
      }
    ).__bench;
    const mine = bench.entries.filter((entry) => entry.start >= bench.tap - 1);
    return {
      event: mine.length > 0 ? Math.max(...mine.map((entry) => entry.duration)) : Number.NaN,
      pressedShown: bench.pressedShown,
    };
  });
  return { answer: answered, ...timing };
}

async function openPhonePage(
  browser: Browser,
  bench: Bench,
  phone: CalibratedClass,
  path: string,
  holdScripts = 0,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bench.base });
  await context.addCookies(bench.cookieParts);
  // tsx keeps function names with a helper the page lacks: the page gets a stand-in first.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(measureInPage);
  // Every script arrives no sooner than `holdScripts` after the navigation starts (each one at that moment or
  // when asked, whichever is later), as over a slow link.
  const release = { at: Date.now() + holdScripts };
  if (holdScripts > 0)
    await context.route(/\.js(\?|$)/, async (route) => {
      const wait = release.at - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await route.continue();
    });
  const page = await openAtFirstPaint(bench, context, phone, path, 60_000);
  return { context, page };
}

/** The app has answered: the server's first screen is taken over (or the page had none), and 1 s has passed. */
async function appAnswering(page: Page, control: Control): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root')?.hasAttribute('data-first-screen'),
    undefined,
    {
      polling: 20,
      timeout: 60_000,
    },
  );
  await control.control(page).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
}

type Row = { name: string; first: TapResult[]; again: TapResult[] };

async function measureControl(
  browser: Browser,
  bench: Bench,
  phone: CalibratedClass,
  control: Control,
  ids: Ids,
) {
  const row: Row = { name: control.name, first: [], again: [] };
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const { context, page } = await openPhonePage(browser, bench, phone, control.path(ids));
    try {
      await appAnswering(page, control);
      row.first.push(await tapAndMeasure(page, control));
      if (control.reset) {
        await control.reset(page);
        await page.waitForTimeout(500);
        row.again.push(await tapAndMeasure(page, control));
      } else if (typeof control.gesture === 'object') {
        // The order goes back to Aktiv, so the next run finds it as it was.
        await page.waitForTimeout(1500);
        const back = await fetch(`${bench.base}/api/orders/${ids.activeOrder}`, {
          method: 'PATCH',
          headers: { cookie: bench.cookie, origin: bench.base, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'active' }),
        });
        if (!back.ok) throw new Error(`taps: the order did not go back to Aktiv (${back.status})`);
        // Back in Aktiv its number is Annulleret: sent again, it counts (and keeps 'Registrér betaling').
        await sendBill(bench, ids.activeOrder);
      }
    } finally {
      await context.close();
    }
  }
  return row;
}

/** A tap on the server's first screen 500 ms after its first paint, every script held back HOLD_SCRIPTS_MS. */
async function measureHeldBack(
  browser: Browser,
  bench: Bench,
  phone: CalibratedClass,
  control: Control,
  ids: Ids,
) {
  const results: TapResult[] = [];
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const { context, page } = await openPhonePage(browser, bench, phone, control.path(ids), HOLD_SCRIPTS_MS);
    try {
      await waitAfterFirstPaint(page, 500);
      results.push(await tapAndMeasure(page, control));
    } finally {
      await context.close();
    }
  }
  return results;
}

const fmt = (xs: number[]) => {
  const lost = xs.filter(Number.isNaN).length;
  const m = median(xs);
  return `${lost === xs.length ? '**lost**' : ms(m)}${lost > 0 && lost < xs.length ? ` (${lost} lost)` : ''}`;
};
const ratio = (x: number, floor: number) => (Number.isNaN(x) || !floor ? '—' : `${(x / floor).toFixed(2)}×`);

async function findIds(bench: Bench): Promise<Ids> {
  const get = async (url: string) =>
    (await fetch(`${bench.base}${url}`, { headers: { cookie: bench.cookie } })).json() as Promise<unknown>;
  const pillow = (await get('/api/pillow')) as { orders: Array<{ id: string; customerId: string }> };
  const beads = (await get('/api/beads')) as Array<{ id: string; priceOre: number }>;
  const order = pillow.orders[0];
  const bead = beads.find((candidate) => candidate.priceOre > 0)?.id;
  if (!order || !bead) throw new Error('taps: the shop has no active order or no priced bead');
  // The bill sent, as she sends it before she is paid: the order has its number, 'Registrér betaling' shows.
  await sendBill(bench, order.id);
  return { customerWithActiveOrder: order.customerId, activeOrder: order.id, bead };
}

/** 'Kopiér Regningstekst' as the server sees it: the order is billed (docs/product/money.md). */
async function sendBill(bench: Bench, orderId: string): Promise<void> {
  const sent = await fetch(`${bench.base}/api/orders/${orderId}/bill`, {
    method: 'POST',
    headers: { cookie: bench.cookie, origin: bench.base },
  });
  if (!sent.ok) throw new Error(`taps: the bill could not be sent (${sent.status})`);
}

export async function benchTaps(
  bench: Bench,
  browser: Browser,
  classes: CalibratedClass[],
  only?: ReadonlySet<string>,
): Promise<void> {
  const ids = await findIds(bench);
  const controls = CONTROLS.filter(
    (control) => !only || [...only].some((name) => control.name.includes(name)),
  );
  const results: Record<string, unknown> = {};
  for (const phone of classes) {
    bench.say(
      `### Taps, ${phone.name} (CPU ×${phone.rate}): tap → answer shown (Event Timing's slowest event), median of ${Math.max(bench.runs, 3)}`,
    );
    bench.say();
    bench.say('| Control | first tap | × floor | event | again | × floor | event |');
    bench.say('|---|---:|---:|---:|---:|---:|---:|');
    // The floor, then each control, in the same round.
    const floor = await measureControl(browser, bench, phone, FLOOR_CONTROL, ids);
    const floorFirst = median(floor.first.map((r) => r.answer));
    const floorAgain = median(floor.again.map((r) => r.answer));
    const rows: Row[] = [floor];
    for (const control of controls) rows.push(await measureControl(browser, bench, phone, control, ids));
    for (const row of rows) {
      const first = row.first.map((r) => r.answer);
      const again = row.again.map((r) => r.answer);
      bench.say(
        `| ${row.name} | ${fmt(first)} | ${ratio(median(first), floorFirst)} | ${ms(median(row.first.map((r) => r.event)))} | ${again.length ? fmt(again) : '—'} | ${again.length ? ratio(median(again), floorAgain) : '—'} | ${again.length ? ms(median(row.again.map((r) => r.event))) : '—'} |`,
      );
    }
    bench.say();
    bench.say(
      `Taps on the server's first screen 500 ms after its first paint, every script held back ${HOLD_SCRIPTS_MS} ms, ${phone.name}:`,
    );
    bench.say();
    bench.say('| Control | tap → answer shown | pressed state shown after | runs |');
    bench.say('|---|---:|---:|---|');
    const held: Record<string, TapResult[]> = {};
    for (const control of controls.filter((candidate) => candidate.serverScreen)) {
      const taps = await measureHeldBack(browser, bench, phone, control, ids);
      held[control.name] = taps;
      bench.say(
        `| ${control.name} | ${fmt(taps.map((r) => r.answer))} | ${fmt(taps.map((r) => r.pressedShown))} | ${taps.map((r) => (Number.isNaN(r.answer) ? 'lost' : Math.round(r.answer))).join(', ')} |`,
      );
    }
    bench.say();
    results[phone.name] = { rate: phone.rate, rows, held };
  }
  bench.results.taps = results;
}
