/**
 * The server's first screen before the app is there (decision 0014): "Tilføj Ny" tapped while the app's scripts
 * are still on their way, shown pressed and busy until the app carries the tap out.
 */
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { OWNER } from '../../tests/e2e/support/server.ts';
import { holderReady, holdTheApp } from '../../tests/e2e/support/take-over.ts';

export async function heldTapShot(options: {
  context: BrowserContext;
  baseUrl: string;
  outDir: string;
  size: string;
  only: readonly string[];
}): Promise<void> {
  const name = 'first-screen-held-tap';
  if (options.only.length > 0 && !options.only.includes(name)) return;
  const page = await options.context.newPage();
  await page.request.post('/api/auth/sign-in/email', {
    data: { email: OWNER.email, password: OWNER.password },
    headers: { origin: options.baseUrl },
  });
  const release = await holdTheApp(page);
  try {
    await page.goto('/customers', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Kunder' }).waitFor();
    await holderReady(page);
    await page.getByRole('button', { name: 'Tilføj Ny' }).click();
    await page.locator('[data-tap-held]').waitFor();
    // The mark pulses: the picture at its strongest.
    await page.evaluate(() => {
      for (const mark of document.querySelectorAll<HTMLElement>('[data-tap-held]'))
        mark.style.animation = 'none';
    });
    const file = path.join(options.outDir, `${name}-${options.size}.png`);
    await page.screenshot({ path: file });
    console.info(`saved ${path.relative(process.cwd(), file)}`);
  } finally {
    release();
    await page.close();
  }
}
