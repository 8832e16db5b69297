/**
 * Step 10 of `npm run bench` (scripts/bench.ts, `--only pickers,countnext`; docs/product/stock.md), timed in the
 * page on a phone-sized page with the CPU slowed to a phone class, on the big shop (with every bead counted when
 * the bench runs with `--count-stock`):
 *
 * - **The pickers**: the tap on "Tilføj vare" on a customer's page → the bead picker's first options painted
 *   (the dialog's code, the 2,000 beads with their stock), and a search typed into it → the filtered options
 *   painted. Tilføj Todo's picker is the same component over the same list.
 * - **"Gem og næste"** on the counting screen: the tap → the next bead's name painted, and → its photo painted
 *   (the photo is asked for while she counts the bead before; she takes a second per bead here).
 *
 * "Painted" is the first animation frame after the DOM shows it (a MutationObserver, then requestAnimationFrame
 * twice: the frame is committed), from the event's own timestamp, so Playwright's round trips are not in it.
 */
import type { Browser, Page } from '@playwright/test';
import { type Bench, median, ms } from './common.ts';
import type { CalibratedClass } from './phones.ts';

const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * In the page: from the next event of `type` (capture phase) to the frame after `selector` matches something
 * whose text is not `before` (and, with `photo`, to the load of the display image inside the count card). Sent
 * as source text: the bench runs through tsx, whose helpers for named functions do not exist in the page.
 */
function armInPage(page: Page, type: string, selector: string, before: string | null, photo: boolean) {
  const args = JSON.stringify({ type, selector, before, photo });
  return page.evaluate(`(() => {
    const { type, selector, before, photo } = ${args};
    const marks = window;
    marks.__start = undefined;
    marks.__painted = undefined;
    marks.__photo = undefined;
    const painted = (key) =>
      requestAnimationFrame(() => requestAnimationFrame(() => { if (marks[key] === undefined) marks[key] = performance.now(); }));
    document.addEventListener(type, (event) => {
      marks.__start = event.timeStamp;
      const check = () => {
        const found = document.querySelector(selector);
        if (!found || (before !== null && found.textContent === before)) return false;
        painted('__painted');
        if (photo) {
          const image = found.closest('section')?.querySelector('img[src*="/display"]');
          if (!image) marks.__photo = Number.NaN;
          else if (image.complete) painted('__photo');
          else image.addEventListener('load', () => painted('__photo'), { once: true });
        }
        return true;
      };
      if (check()) return;
      const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, { capture: true, once: true });
  })()`);
}

async function readMarks(page: Page, photo: boolean): Promise<{ painted: number; photo: number }> {
  // An arrow function without inner named ones (tsx's helpers do not exist in the page; a string would be eval).
  await page.waitForFunction(
    (photo) => {
      const marks = window as unknown as { __painted?: number; __photo?: number };
      return marks.__painted !== undefined && (!photo || marks.__photo !== undefined);
    },
    photo,
    { timeout: 20_000, polling: 50 },
  );
  return page.evaluate<{ painted: number; photo: number }>(
    '({ painted: window.__painted - window.__start, photo: window.__photo - window.__start })',
  );
}

async function phonePage(bench: Bench, browser: Browser, phone: CalibratedClass) {
  const context = await browser.newContext(PHONE_CONTEXT);
  await context.addCookies(bench.cookieParts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
  return { context, page };
}

/** The tap on "Tilføj vare" → options painted, and a search → the filtered options painted (medians). */
export async function benchPickers(bench: Bench, browser: Browser, phone: CalibratedClass): Promise<void> {
  const customers = (await (
    await fetch(`${bench.base}/api/customers`, { headers: { cookie: bench.cookie } })
  ).json()) as Array<{ id: string }>;
  const opened: number[] = [];
  const searched: number[] = [];
  for (let i = 0; i < Math.max(bench.runs, 5); i++) {
    const { context, page } = await phonePage(bench, browser, phone);
    await page.goto(`${bench.base}/customers/${customers[(i * 97) % customers.length]?.id}`);
    await page.getByRole('button', { name: 'Tilføj vare' }).waitFor();
    await page.waitForLoadState('networkidle');
    await armInPage(page, 'click', '[role="listbox"] [role="option"]', null, false);
    await page.getByRole('button', { name: 'Tilføj vare' }).click();
    opened.push((await readMarks(page, false)).painted);
    const first = await page.getByRole('option').first().textContent();
    await armInPage(page, 'input', '[role="listbox"] [role="option"]', first, false);
    await page.getByRole('dialog').getByRole('searchbox').pressSequentially('rød');
    searched.push((await readMarks(page, false)).painted);
    await context.close();
  }
  bench.results.pickers = { rate: phone.rate, opened, searched };
  bench.say(
    `### Tilføj linje's bead picker, ${phone.name} (CPU ×${phone.rate}): tap → options painted ${ms(median(opened))} (runs: ${opened.map(Math.round).join(', ')} ms); a search → filtered options painted ${ms(median(searched))} (runs: ${searched.map(Math.round).join(', ')} ms)`,
  );
  bench.say();
}

/** "Gem og næste" → the next bead's name and its photo painted (medians over `counts` beads). */
export async function benchCountNext(bench: Bench, browser: Browser, phone: CalibratedClass): Promise<void> {
  const names: number[] = [];
  const photos: number[] = [];
  // A new round, so every bead is to be counted again (the big shop's are counted with --count-stock).
  await fetch(`${bench.base}/api/stock/count-round`, {
    method: 'POST',
    headers: { cookie: bench.cookie, origin: bench.base },
  });
  const { context, page } = await phonePage(bench, browser, phone);
  await page.goto(`${bench.base}/stocktake`);
  const field = page.getByRole('textbox', { name: 'Antal på hylden' });
  await field.waitFor();
  await page.waitForLoadState('networkidle');
  const counts = Math.max(bench.runs * 5, 15);
  for (let i = 0; i < counts; i++) {
    // She looks at the bead and counts it: the next one's photo is on its way meanwhile.
    await page.waitForTimeout(1000);
    const before = await page.locator('main h2, h2').first().textContent();
    await field.fill(String(10 + i));
    await armInPage(page, 'click', 'section h2', before, true);
    await page.getByRole('button', { name: 'Gem og næste' }).click();
    const marks = await readMarks(page, true);
    names.push(marks.painted);
    photos.push(marks.photo);
  }
  await context.close();
  bench.results.countNext = { rate: phone.rate, names, photos };
  bench.say(
    `### "Gem og næste" → the next bead, ${phone.name} (CPU ×${phone.rate}, ${counts} beads): name painted ${ms(median(names))} (p90 ${ms([...names].sort((a, b) => a - b)[Math.floor(counts * 0.9)] ?? Number.NaN)}; runs: ${names.map(Math.round).join(', ')} ms), its photo painted ${ms(median(photos))} (runs: ${photos.map(Math.round).join(', ')} ms). Goal ≤ 100 ms.`,
  );
  bench.say();
}
