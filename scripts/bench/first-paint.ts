/**
 * Opening a screen as a slow phone does, for the benches that time what happens around its first paint: a new
 * page with its CPU slowed to the phone class's, loaded without waiting, and waited for until it first paints.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Bench } from './common.ts';
import type { CalibratedClass } from './phones.ts';

export async function openAtFirstPaint(
  bench: Bench,
  context: BrowserContext,
  phone: CalibratedClass,
  path: string,
  timeout?: number,
): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
  await page.goto(`${bench.base}${path}`, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { polling: 20, timeout },
  );
  return page;
}

/** Waits until `after` ms have passed since the page's first paint. */
export async function waitAfterFirstPaint(page: Page, after: number): Promise<void> {
  await page.waitForFunction(
    (ms) =>
      performance.now() >= (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0) + ms,
    after,
    { polling: 10 },
  );
}
