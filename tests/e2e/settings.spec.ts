import path from 'node:path';
import { expect, testWithApi as test } from './support/fixtures.ts';

const OLD_APP_EXPORT = path.resolve('tests/fixtures/old-app-export.json');

test('move in from the old app: upload, read the dry-run report, import, see the customers @phone', async ({
  signedIn: page,
  api,
}) => {
  await page.goto('/pillow');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Indstillinger' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indstillinger' })).toBeVisible();

  await page.getByLabel('Vælg fil').setInputFiles(OLD_APP_EXPORT);
  await expect(page.getByText('Prøvekørsel: intet er gemt endnu')).toBeVisible();
  await expect(page.getByText('Importen vil tilføje 40 rækker', { exact: false })).toBeVisible();
  const issues = page.getByRole('list', { name: 'Konflikter og rettelser' });
  await expect(issues.getByText(/har to aktive ordrer, "Or1Lis0Older2024aaaa"/)).toBeVisible();
  await expect(
    issues.getByText(/"7HcP0sYdK4mJ2vQx8RtU".*importeret som "åse østergaard \(2\)"/),
  ).toBeVisible();
  await expect(issues.getByText(/Ordrelinjen "Ln15orphanxxxxxxxxxx" peger på ordren/)).toBeVisible();
  // The dry run wrote nothing.
  const before = await api<Array<{ name: string }>>('GET', '/api/customers');
  expect(before.map((c) => c.name)).not.toContain('Bjørn Ærø-Hansen');

  await page.getByRole('button', { name: 'Importér' }).click();
  await expect(page.getByText('Importen er gennemført')).toBeVisible();
  await expect(page.getByText('Data er importeret')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importér' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Kunder' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  // The list is virtualised and other tests of this worker add customers: search rather than scroll.
  const search = page.getByRole('searchbox', { name: 'Søg kunder…' });
  await search.fill('Ærø-Hansen');
  await expect(page.getByText('Bjørn Ærø-Hansen')).toBeVisible();
  await search.fill('østergaard');
  await expect(page.getByText('åse østergaard (2)')).toBeVisible();
  await search.fill('{name}');
  await expect(page.getByText('Ingen kunder fundet')).toBeVisible();
});

test('export downloads and the list of backups', async ({ signedIn: page }) => {
  await page.goto('/settings');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Hent alt som JSON' }).click();
  expect((await download).suggestedFilename()).toMatch(/^naalepuden-eksport-\d{4}-\d{2}-\d{2}\.json$/);

  const csv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ordrelinjer' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^naalepuden-ordrelinjer-\d{4}-\d{2}-\d{2}\.csv$/);

  // The server took a backup when it started; one more on request.
  const backups = page.getByRole('list', { name: 'Gemte sikkerhedskopier' });
  await expect(backups.getByText(/Ved start/)).toBeVisible();
  await page.getByRole('button', { name: 'Tag sikkerhedskopi nu' }).click();
  await expect(page.getByText('Sikkerhedskopien er taget')).toBeVisible();
  await expect(backups.getByText(/Taget i hånden/)).toBeVisible();
});
