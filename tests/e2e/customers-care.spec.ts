/**
 * customers she can look after, at desktop and phone sizes: contact details and a rename in the edit
 * dialog (a taken name gets the spec's duplicate message), archive and bring back through Arkiverede kunder,
 * and deleting a customer without orders. With SCREENSHOTS=1 it also saves the edit dialog and the archived
 * view into docs/screenshots/.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { Customer } from '../../src/shared/schemas/api-customers.ts';
import { expect, testWithApi as test } from './support/fixtures.ts';

const tag = () => Math.random().toString(36).slice(2, 7);

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400); // dialogs and toasts finish their transitions
  await page.screenshot({ path: `docs/screenshots/${name}-${testInfo.project.name}.png` });
}

test('edit contact details and rename; a taken name gets the spec message @phone', async ({
  signedIn: page,
  api,
}, testInfo) => {
  const id = tag();
  await api('POST', '/api/customers', { name: `Gitte ${id}` });
  const customer = await api<Customer>('POST', '/api/customers', { name: `Gite ${id}` });

  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Gite ${id}` })).toBeVisible();
  await expect(page.getByText('Ingen kontaktoplysninger endnu')).toBeVisible();
  await page.getByRole('button', { name: 'Redigér kunde' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redigér kunde' });
  await expect(dialog.getByLabel('Kundens navn')).toHaveValue(`Gite ${id}`);

  // Danish validation before anything is sent.
  await dialog.getByLabel('Telefon').fill('12 34 ab');
  await dialog.getByLabel('E-mail').fill('gitte@perler');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(dialog.getByText('Telefonnummeret må kun indeholde tal, mellemrum, + og -')).toBeVisible();
  await expect(dialog.getByText('Skriv en gyldig e-mail, fx navn@eksempel.dk')).toBeVisible();

  // A taken name (another case): the spec's duplicate message on the field; nothing saved.
  await dialog.getByLabel('Kundens navn').fill(`gitte ${id}`);
  await dialog.getByLabel('Telefon').fill('+45 12 34 56 78');
  await dialog.getByLabel('E-mail').fill('gitte@perler.dk');
  await dialog.getByLabel('Adresse', { exact: true }).fill(`Perlevej ${id}`);
  await dialog.getByLabel('Postnr.').fill('2100');
  await expect(dialog.getByLabel('By')).toHaveValue('København Ø');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(dialog.getByText('Fejl: Der findes allerede en kunde med dette navn')).toBeVisible();
  await expect(dialog.getByLabel('Kundens navn')).toBeFocused();
  await screenshot(page, testInfo, 'customer-edit');

  await dialog.getByLabel('Kundens navn').fill(`Gitte B ${id}`);
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Kunden er gemt')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Gitte B ${id}` })).toBeVisible();
  await expect(page.getByRole('link', { name: '+45 12 34 56 78' })).toHaveAttribute(
    'href',
    'tel:+4512345678',
  );
  await expect(page.getByRole('link', { name: 'gitte@perler.dk' })).toBeVisible();
  await expect(page.getByText(`Perlevej ${id}`)).toHaveText(
    new RegExp(`^Perlevej ${id}\\s+2100 København Ø$`),
  );
  await page.getByRole('heading', { name: 'Kontakt' }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'customer-contact');

  // Kunder finds her by phone and by e-mail.
  await page.goto('/customers');
  const search = page.getByRole('searchbox', { name: 'Søg kunder…' });
  const list = page.getByRole('group', { name: 'Kunder' });
  await search.fill('12345678');
  await expect(list.getByText(`Gitte B ${id}`)).toBeVisible();
  await search.fill('gitte@perler.dk');
  await expect(list.getByText(`Gitte B ${id}`)).toBeVisible();
});

test('archive a customer and bring her back from Arkiverede kunder @phone', async ({
  signedIn: page,
  api,
}, testInfo) => {
  const id = tag();
  const customer = await api<Customer>('POST', '/api/customers', { name: `Arkiv Karen ${id}` });
  const other = await api<Customer>('POST', '/api/customers', { name: `Arkiv Berit ${id}` });
  await api('POST', '/api/customers', { name: `Arkiv Anders ${id}` }); // stays in the list
  await api('POST', `/api/customers/${other.id}/archive`);
  // She has an order: she cannot be deleted, and the page says why.
  await api('POST', `/api/customers/${customer.id}/lines`, { kind: 'free', text: 'Snor', priceOre: 2500 });

  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('button', { name: 'Slet kunde' })).toBeDisabled();
  await expect(
    page.getByText('Kunden har ordrer og kan derfor ikke slettes. Arkivér kunden i stedet.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Arkivér kunde' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Arkivér kunde' });
  await expect(confirm.getByText(/den vises ikke på Puden, før kunden gendannes/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Arkivér' }).click();
  await expect(page.getByText('Kunden er arkiveret', { exact: true })).toBeVisible();
  await expect(page.getByText('Kunden er arkiveret og vises ikke i listerne.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tilføj vare' })).toBeHidden();

  // Gone from Kunder and Puden.
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Søg kunder…' }).fill(`Arkiv Karen ${id}`);
  await expect(page.getByText('Ingen kunder fundet')).toBeVisible();
  await page.goto('/pillow');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`Arkiv Karen ${id}`)).toHaveCount(0);

  await page.goto('/customers');
  await page.getByRole('link', { name: 'Arkiverede kunder' }).click();
  await expect(page).toHaveURL(/\/customers\/archived$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Arkiverede kunder' })).toBeVisible();
  const archived = page.getByRole('list', { name: 'Arkiverede kunder' });
  await expect(archived.getByText(`Arkiv Karen ${id}`)).toBeVisible();
  await expect(archived.getByText(`Arkiv Berit ${id}`)).toBeVisible();
  await screenshot(page, testInfo, 'customers-archived');

  await archived.getByRole('button', { name: `Gendan Arkiv Karen ${id}` }).click();
  await expect(page.getByText('Kunden er gendannet')).toBeVisible();
  await expect(archived.getByText(`Arkiv Karen ${id}`)).toBeHidden();

  await page.getByRole('link', { name: 'Tilbage til kunder' }).first().click();
  await page.getByRole('searchbox', { name: 'Søg kunder…' }).fill(`Arkiv Karen ${id}`);
  await expect(page.getByRole('group', { name: 'Kunder' }).getByText(`Arkiv Karen ${id}`)).toBeVisible();
  await page.goto('/pillow');
  await expect(page.getByText(`Arkiv Karen ${id}`).first()).toBeVisible();
});

test('delete a customer without orders, after confirming @phone', async ({ signedIn: page, api }) => {
  const id = tag();
  const customer = await api<Customer>('POST', '/api/customers', { name: `Slet Sanne ${id}` });
  await page.goto(`/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Slet kunde' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Slet kunde' });
  await expect(confirm.getByText(`Er du sikker på, at du vil slette Slet Sanne ${id}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Fortryd' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Slet kunde' }).click();
  await confirm.getByRole('button', { name: 'Bekræft sletning' }).click();
  await expect(page.getByText('Kunden er slettet')).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByRole('searchbox', { name: 'Søg kunder…' }).fill(`Slet Sanne ${id}`);
  await expect(page.getByText('Ingen kunder fundet')).toBeVisible();
});
