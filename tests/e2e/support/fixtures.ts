import { test as base, expect, type Page } from '@playwright/test';
import { unexpectedHydrationErrors, watchHydration } from './hydration.ts';
import { createOwner, OWNER, type RunningServer, startServer } from './server.ts';
import { waitForTheAppOnLoad } from './take-over.ts';

type WorkerFixtures = { server: RunningServer };
type TestFixtures = { signedIn: Page };

/**
 * Each Playwright worker gets its own real server on its own fresh database with the owner set up;
 * tests make their own uniquely named data, so they do not depend on each other.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      await createOwner(server.url);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    waitForTheAppOnLoad(context);
    // Every server screen the test loads must be hydrated by the app, never rendered anew for a mismatch.
    watchHydration(context);
    await use(context);
    expect(unexpectedHydrationErrors(context), 'the app could not hydrate the server’s first screen').toEqual(
      [],
    );
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  signedIn: async ({ page, server }, use) => {
    const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { origin: server.url },
    });
    expect(response.ok()).toBe(true);
    await use(page);
  },
});

export { expect, OWNER };

export type Api = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) => Promise<T>;

/** The JSON API with the signed-in page's cookies, for arranging data quickly. */
export const testWithApi = test.extend<{ api: Api }>({
  api: async ({ signedIn, server }, use) => {
    await use(async (method, path, data) => {
      const response = await signedIn.request.fetch(`${server.url}${path}`, {
        method,
        data,
        headers: { origin: server.url },
      });
      if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
      return (await response.json().catch(() => undefined)) as never;
    });
  },
});
