import type { BrowserContext, Page } from '@playwright/test';

/**
 * A signed-in screen is first painted from the server's HTML and partly usable (links, the plain menu) until
 * the app takes its place (decision 0014; src/client/boot/hold-taps.ts). A tap on any other control before then does
 * nothing, as the owner would find on a slow phone. The flows test the app, so a load or reload returns once
 * the app has taken over (the root loses `data-first-screen`; a page without a server screen has none).
 * `waitUntil: 'commit'` opts out: tests/e2e/first-screen.spec.ts uses it to test the screen before the app.
 */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-first-screen'));
}

function patch(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await appTookOver(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await appTookOver(page);
    return response;
  };
}

/** Every page of `context`, now and later, waits for the app after a load (see appTookOver). */
export function waitForTheAppOnLoad(context: BrowserContext): void {
  for (const page of context.pages()) patch(page);
  context.on('page', patch);
}

/** The page's first script (src/client/boot/hold-taps.ts, inline in the head) has run. */
export const holderReady = (page: Page) => page.waitForFunction(() => 'naalepudenTaps' in window);

/** Holds the app's code back, as on a slow phone, until the returned `release` is called. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
