/**
 * Decision 0014: the app hydrates every screen the server renders first, on a phone and on a laptop, in the demo
 * shop and in the big shop (seed:large): the same elements, nothing rendered anew, no error. A hydration React
 * could not complete fails the test (support/hydration.ts, through the fixtures).
 */
import { screenList } from '../../src/shared/screens.ts';
import { expect, test } from './support/fixtures.ts';
import { hydrationErrors, takeover } from './support/hydration.ts';
import { type ShopName, startShopServer } from './support/seeded-shops.ts';
import type { RunningServer } from './support/server.ts';
import { OWNER } from './support/server.ts';

const rendered = screenList.filter((screen) => screen.serverRendered).map((screen) => screen.path);

for (const shop of ['demo', 'big'] as ShopName[]) {
  test.describe(`the ${shop} shop`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });
    let shopServer: RunningServer;
    test.beforeAll(async () => {
      shopServer = await startShopServer(shop);
    });
    test.afterAll(async () => {
      await shopServer?.stop();
    });

    test(`every server screen is hydrated, nothing rendered anew @phone`, async ({ page }) => {
      const signIn = await page.request.post(`${shopServer.url}/api/auth/sign-in/email`, {
        data: { email: OWNER.email, password: OWNER.password },
        headers: { origin: shopServer.url },
      });
      expect(signIn.ok()).toBe(true);
      // The app's code waits at a gate on each load until the server's elements are marked.
      let open = () => {};
      let gate = Promise.resolve();
      await page.route('**/assets/**', async (route) => {
        await gate;
        await route.continue();
      });
      for (const path of [...rendered, '/orders?status=paid', '/sales?year=2024']) {
        gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        await page.goto(`${shopServer.url}${path}`, { waitUntil: 'commit' });
        await expect(
          page.locator('#root[data-first-screen] h1'),
          `${path} comes from the server`,
        ).toHaveCount(1);
        await page.evaluate(() => {
          (document.querySelector('#root h1') as unknown as { fromServer: boolean }).fromServer = true;
        });
        open();
        await expect(page.locator('#root')).not.toHaveAttribute('data-first-screen', { timeout: 30_000 });
        expect(await takeover(page), `${path} is hydrated`).toBe('hydrate');
        expect(
          await page.evaluate(
            () => (document.querySelector('#root h1') as unknown as { fromServer?: boolean }).fromServer,
          ),
          `${path} keeps the server's elements`,
        ).toBe(true);
        // What hydration leaves to the app (the rows measured, the device's own media queries) settles quietly.
        await page.waitForTimeout(300);
      }
      expect(hydrationErrors(page)).toEqual([]);
    });
  });
}
