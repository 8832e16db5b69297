/**
 * The screenshots of the parcels for scripts/screenshots.ts: the address in "Redigér kunde", "Tjek adressen"
 * on a customer's page, the label dialog, and pages of the label PDF rendered by poppler's pdftoppm.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { OWNER } from '../../tests/e2e/support/server.ts';
import type { Shot } from './shot.ts';

/** Kunder → search → the customer's page. */
async function openCustomer(page: Page, name: string) {
  await page.getByRole('searchbox').fill(name);
  await page.getByRole('link', { name: 'Åben' }).first().click();
  await page.getByRole('heading', { name: 'Kontakt' }).waitFor();
}

/**
 * A page of the label PDF as a picture: the demo's parcels in Skal sendes on a 3 × 7 sheet after two
 * used labels, and the same sheet's Prøveark, rendered by poppler's pdftoppm (the labels' own tests read the same
 * PDF back with pdftotext).
 */
export async function labelPages({
  baseUrl,
  context,
  dataDir,
  outDir,
  only,
}: {
  baseUrl: string;
  context: BrowserContext;
  dataDir: string;
  outDir: string;
  only: readonly string[];
}) {
  const wanted = ['labels-3x7-page', 'labels-test-sheet'].filter(
    (name) => only.length === 0 || only.includes(name),
  );
  if (wanted.length === 0) return;
  await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
    data: { email: OWNER.email, password: OWNER.password },
    headers: { origin: baseUrl },
  });
  const list = await (await context.request.get(`${baseUrl}/api/parcels?status=packed`)).json();
  const ids = (list.parcels as Array<{ orderId: string; addressState: string }>)
    .filter((parcel) => parcel.addressState === 'ok')
    .map((parcel) => parcel.orderId);
  const urls: Record<string, string> = {
    'labels-3x7-page': `/api/parcels/labels.pdf?sheet=a4-3x7-70x42&skip=2&orders=${ids.join(',')}`,
    'labels-test-sheet': '/api/parcels/test-sheet.pdf?sheet=a4-3x7-70x42',
  };
  for (const name of wanted) {
    const file = path.join(dataDir, `${name}.pdf`);
    fs.writeFileSync(file, await (await context.request.get(`${baseUrl}${urls[name]}`)).body());
    const png = path.join(outDir, name);
    execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, png]);
    console.info(`saved ${path.relative(process.cwd(), `${png}.png`)}`);
  }
}

export const parcelShots: Shot[] = [
  {
    name: 'customer-address',
    path: '/customers',
    signedIn: true,
    prepare: async (page) => {
      await openCustomer(page, 'Øjvind Madsen');
      await page.getByRole('button', { name: 'Redigér kunde' }).click();
      const dialog = page.getByRole('dialog', { name: 'Redigér kunde' });
      await dialog.getByRole('group', { name: 'Adresse til pakker' }).waitFor();
      await dialog.getByLabel('Land').evaluate((element) => element.scrollIntoView({ block: 'end' }));
    },
  },
  {
    name: 'customer-address-check',
    path: '/customers',
    signedIn: true,
    prepare: async (page) => {
      await openCustomer(page, 'Dorte Lund');
      await page
        .getByRole('heading', { name: 'Kontakt' })
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -72));
    },
  },
  {
    name: 'labels-dialog',
    path: '/orders?status=packed',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Adresselabels' }).click();
      await page
        .getByRole('dialog', { name: /Adresselabels/ })
        .getByText(/valgt/)
        .waitFor();
    },
  },
];
