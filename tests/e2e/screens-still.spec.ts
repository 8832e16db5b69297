/**
 * No control moves once its screen's heading shows: what arrives late (a gallery's code, a list's measured rows, the
 * live connection's catch-up, a count, a second answer) takes a place kept for it. A control that moves between
 * the finger's down and up gets no click (tests/e2e/layout-shift.spec.ts found one), so a moving screen loses taps.
 * Chromium's Layout Instability API reports every shift of a visible element; none that moves a control (a
 * button, a link, a field, a chip, a row that holds them) may come after the heading. Text that moves on its own
 * (a heading, a price re-flowing by a space) is not a tap's target and is left out.
 */
import type { Page } from '@playwright/test';
import type { Bead } from '../../src/shared/schemas/api-beads.ts';
import type { Pillow } from '../../src/shared/schemas/api-pillow.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { startShopServer } from './support/seeded-shops.ts';
import { OWNER, type RunningServer } from './support/server.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

/**
 * A phone says so in its user agent, and the server lays its first screen out for it (lib/media-query.ts); the
 * phone project's browser would otherwise be taken for a laptop and re-laid out once the app answers from its
 * real screen.
 */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
test.use({ userAgent: async ({ isMobile }, use) => use(isMobile ? PHONE_UA : undefined) });

type Shift = { value: number; at: number; moved: string[] };

/** Before the page's own scripts: notes when the first heading shows and every layout shift after the load. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { headingAt: -1, shifts: [] as Array<{ value: number; at: number; moved: string[] }> };
    (window as unknown as { __shifts: typeof seen }).__shifts = seen;
    const CONTROL =
      'button, a[href], input, select, textarea, label, [role="button"], [role="radio"], [role="checkbox"], [role="tab"], [role="switch"], [role="menuitem"], [role="option"]';
    /** A control, inside one, or holding one. */
    const tappable = (node: Node | null) => {
      const element = node instanceof Element ? node : (node?.parentElement ?? null);
      return (
        element !== null && (element.closest(CONTROL) !== null || element.querySelector(CONTROL) !== null)
      );
    };
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${node.getAttribute('role') ? `[role=${node.getAttribute('role')}]` : ''} "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
        }
      >) {
        if (entry.hadRecentInput || !(entry.sources ?? []).some((source) => tappable(source.node))) continue;
        seen.shifts.push({
          value: entry.value,
          at: entry.startTime,
          moved: (entry.sources ?? []).map(
            (source) =>
              `${describe(source.node)} ${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const look = () => {
      if (seen.headingAt < 0 && document.querySelector('main h1')) seen.headingAt = performance.now();
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}

async function shiftsAfterHeading(page: Page): Promise<Shift[]> {
  return page.evaluate(() => {
    const seen = (window as unknown as { __shifts: { headingAt: number; shifts: Shift[] } }).__shifts;
    return seen.shifts.filter((shift) => shift.at >= seen.headingAt);
  });
}

const screensOf = (customerId: string, beadId: string) => [
  '/pillow',
  '/customers',
  `/customers/${customerId}`,
  '/customers/archived',
  '/needles',
  `/needles/${beadId}`,
  '/orders',
  '/todos',
  '/packing',
  '/reminders',
  '/sales',
  '/stocktake',
  '/settings',
];

/** Visits each screen and returns the shifts after its heading, by path. */
async function shiftsOnScreens(page: Page, base: string, paths: string[]): Promise<Record<string, Shift[]>> {
  await watchShifts(page);
  const moved: Record<string, Shift[]> = {};
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await expect(page.locator('main h1').first()).toBeVisible();
    // What comes late comes in this time: the page's lazy parts, the dialogs' code, the live connection (after a
    // second and an idle moment) and its catch-up.
    await page.waitForTimeout(2500);
    const shifts = await shiftsAfterHeading(page);
    if (shifts.length > 0) moved[path] = shifts;
  }
  return moved;
}

test('no control moves once its screen’s heading shows @phone', async ({ signedIn: page, api, baseURL }) => {
  test.setTimeout(120_000);
  const shop = shopApi(api);
  const tag = uniqueTag();
  const customer = await shop.customer(`Stillekunde ${tag}`);
  const bead = await shop.bead(`Stilleperle ${tag}`, 45);
  await shop.beadLine(customer.id, bead.id);
  expect(await shiftsOnScreens(page, baseURL as string, screensOf(customer.id, bead.id))).toEqual({});
});

test.describe('the big shop', () => {
  let big: RunningServer;
  test.beforeAll(async () => {
    big = await startShopServer('big');
  });
  test.afterAll(async () => {
    await big?.stop();
  });

  test('no control of the big shop moves once its screen’s heading shows @phone', async ({ page }) => {
    test.setTimeout(180_000);
    const signIn = await page.request.post(`${big.url}/api/auth/sign-in/email`, {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { origin: big.url },
    });
    expect(signIn.ok()).toBe(true);
    const pillow = (await (await page.request.get(`${big.url}/api/pillow`)).json()) as Pillow;
    const beads = (await (await page.request.get(`${big.url}/api/beads`)).json()) as Bead[];
    const customerId = pillow.orders[0]?.customerId;
    const beadId = beads[0]?.id;
    if (!customerId || !beadId) throw new Error('the big shop has no active order or no bead');
    expect(await shiftsOnScreens(page, big.url, screensOf(customerId, beadId))).toEqual({});
  });
});
