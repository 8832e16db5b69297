import type { Customer } from '../../src/shared/schemas/api-customers.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';

/** Tests share their worker's database, so every name carries a tag of its own. */
const tag = () => Math.random().toString(36).slice(2, 7);

test('add a customer; åse is refused when Åse exists @phone', async ({ signedIn: page }) => {
  const id = tag();
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Kunder' })).toBeVisible();

  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj ny kunde' });
  await expect(dialog.getByText('Navnet bruges til at kende kunden fra de andre')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog.getByText('Navn er påkrævet')).toBeVisible();

  await dialog.getByLabel('Kundens navn').fill(`  Åse ${id}  `);
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(page.getByText('Kunde tilføjet')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Søg kunder…' }).fill(id);
  const list = page.getByRole('group', { name: 'Kunder' });
  await expect(list.getByText(`Åse ${id}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  await dialog.getByLabel('Kundens navn').fill(`åse ${id}`);
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog.getByText('Fejl: Der findes allerede en kunde med dette navn')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fortryd' }).click();
  await expect(list.getByRole('link', { name: 'Åben' })).toHaveCount(1);

  await list.getByRole('link', { name: 'Åben' }).click();
  await expect(page).toHaveURL(/\/customers\/[^/]+$/);
});

test('search, clear the search, and add the searched name from the empty result', async ({
  signedIn: page,
  api,
}) => {
  const id = tag();
  await api('POST', '/api/customers', { name: `Bodil ${id}` });
  await page.goto('/customers');
  const search = page.getByRole('searchbox', { name: 'Søg kunder…' });
  await expect(search).toBeFocused();
  const list = page.getByRole('group', { name: 'Kunder' });

  await search.fill(`BODIL ${id}`);
  await expect(list.getByText(`Bodil ${id}`)).toBeVisible();
  await expect(page.getByText('1 kunde', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Ryd søgefeltet' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Ryd søgefeltet' })).toBeHidden();

  await search.fill(`Ingrid ${id}`);
  await expect(page.getByText('Ingen kunder fundet')).toBeVisible();
  await page.getByRole('button', { name: 'Ryd søgning' }).click();
  await expect(search).toHaveValue('');
  await expect(list).toBeVisible();

  await search.fill(`Ingrid ${id}`);
  await page.getByRole('button', { name: `Tilføj "Ingrid ${id}"` }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj ny kunde' });
  await expect(dialog.getByLabel('Kundens navn')).toHaveValue(`Ingrid ${id}`);
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(page.getByText('Kunde tilføjet')).toBeVisible();
  await expect(list.getByText(`Ingrid ${id}`)).toBeVisible();

  const customers = await api<Customer[]>('GET', '/api/customers');
  expect(customers.filter((customer) => customer.name === `Ingrid ${id}`)).toHaveLength(1);
});

test('the alphabet bar jumps to a letter, Æ Ø Å after Z @phone', async ({ signedIn: page, api }) => {
  const id = tag();
  // Enough customers that the Ø group starts far below the first screen.
  const names = ['Anna', 'Bent', 'Carl', 'Dorte', 'Erik', 'Frida', 'Gitte', 'Hans', 'Ida', 'Jens', 'Karen']
    .flatMap((first) => [1, 2, 3].map((n) => `${first} ${n} ${id}`))
    .concat([`Ørn ${id}`, `Ærø ${id}`, `Åse ${id}`, `Zenia ${id}`]);
  for (const name of names) await api('POST', '/api/customers', { name });

  await page.goto('/customers');
  const bar = page.getByRole('navigation', { name: 'Gå til bogstav' });
  await expect(bar.getByRole('button', { name: 'Gå til Å' })).toBeAttached();
  const letters = await bar.getByRole('button').allTextContents();
  expect(letters.slice(letters.indexOf('Z'))).toEqual(['Z', 'Æ', 'Ø', 'Å']);

  const list = page.getByRole('group', { name: 'Kunder' });
  await expect(list.getByText(`Ørn ${id}`)).toHaveCount(0); // virtualised: not in the page yet
  await bar.getByRole('button', { name: 'Gå til Ø' }).click();
  await expect(list.getByRole('heading', { name: 'Ø', exact: true })).toBeInViewport();
  await expect(list.getByText(`Ørn ${id}`)).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Gå til Ø' })).toHaveAttribute('aria-current', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // Back from a customer, the list is where the owner left it.
  await list
    .getByRole('listitem')
    .filter({ hasText: `Ørn ${id}` })
    .getByRole('link', { name: 'Åben' })
    .click();
  await expect(page).toHaveURL(/\/customers\/[^/]+$/);
  await page.goBack();
  await expect(list.getByText(`Ørn ${id}`)).toBeInViewport();

  await bar.getByRole('button', { name: 'Gå til A' }).click();
  await expect(list.getByRole('heading', { name: 'A', exact: true })).toBeInViewport();
});
