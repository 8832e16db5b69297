import { defineConfig } from '@playwright/test';
import { reporters } from './tests/support/playwright-reporters.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium, never a downloaded browser; these flags keep it quiet on a machine without network.
const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: reporters(),
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@phone-only/ },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      grep: /@phone/,
    },
  ],
});
