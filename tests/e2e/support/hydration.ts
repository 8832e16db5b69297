import type { BrowserContext, Page } from '@playwright/test';

/**
 * The app hydrates the server's first screen (decision 0014): both renders must agree. A hydration React could
 * not complete is logged by the app ('naalepuden: hydration failed …', src/client/main.tsx) and fails the test
 * whose context saw it (fixtures.ts); `allowHydrationErrors` is for the test that makes one on purpose.
 */
const HYDRATION_FAILED = 'naalepuden: hydration failed';

const byPage = new WeakMap<Page, string[]>();
const byContext = new WeakMap<BrowserContext, string[]>();
const allowed = new WeakSet<Page>();

/** How the app took over the server's screen in the page: 'hydrate', 'render' (anew), or null (not yet / none). */
export async function takeover(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      ((performance.getEntriesByName('naalepuden-takeover')[0] as PerformanceMark | undefined)?.detail as
        | string
        | undefined) ?? null,
  );
}

/** The hydration errors the page has logged so far, over all its loads. */
export const hydrationErrors = (page: Page): string[] => [...(byPage.get(page) ?? [])];

/** The test makes hydration fail on purpose in this page: its errors do not fail the test. */
export function allowHydrationErrors(page: Page): void {
  allowed.add(page);
}

/** Notes every hydration error of every page of the context, now and later. */
export function watchHydration(context: BrowserContext): void {
  const seen: string[] = [];
  byContext.set(context, seen);
  const watch = (page: Page) => {
    const mine: string[] = [];
    byPage.set(page, mine);
    page.on('console', (message) => {
      if (message.type() !== 'error' || !message.text().startsWith(HYDRATION_FAILED)) return;
      const error = `${page.url()}: ${message.text().slice(0, 400)}`;
      mine.push(error);
      if (!allowed.has(page)) seen.push(error);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/** The hydration errors of the context's pages that did not allow them. */
export const unexpectedHydrationErrors = (context: BrowserContext): string[] => [
  ...(byContext.get(context) ?? []),
];
