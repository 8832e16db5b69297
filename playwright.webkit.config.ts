import { defineConfig } from '@playwright/test';
import { reporters } from './tests/support/playwright-reporters.ts';

/**
 * The end-to-end flows in WebKit (WebKitGTK through its WebDriver, tests/webkit/support/webkit.ts): Playwright
 * runs the specs and their fixtures (the real server per worker), selenium-webdriver drives the browser.
 * `npm run test:webkit`; part of `npm test` where WebKitWebDriver is installed.
 */
export default defineConfig({
  testDir: 'tests/webkit',
  outputDir: 'test-results/webkit',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: reporters(),
  globalSetup: './tests/e2e/support/global-setup.ts',
});
