import type { Page } from '@playwright/test';
import { expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('adding bead lines and a free line shows pairs, the lone offer line and the totals @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Åse Perlesen ${tag}`);
  await shop.bead(`Millefiori ${tag}`, 75, true);
  await shop.bead(`Perlemor ${tag}`, 75, true);
  await shop.bead(`Sølvnål ${tag}`, 35);
  await shop.unpricedBead(`Ny perle ${tag}`);
  const gone = await shop.bead(`Udgået ${tag}`, 40);
  await shop.deleteBead(gone.id);

  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(region(page, 'Aktiv ordre').getByText('Ingen aktiv ordre')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afsendte: 0' })).toBeDisabled();

  await page.getByRole('button', { name: 'Tilføj vare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj linje' });
  const search = dialog.getByRole('searchbox', { name: 'Søg perler…' });
  await expect(search).toBeFocused();

  // 0-kr and deleted beads are not offered.
  await search.fill(tag);
  const options = dialog.getByRole('option');
  await expect(options).toHaveText([
    new RegExp(`^Millefiori ${tag}`),
    new RegExp(`^Perlemor ${tag}`),
    new RegExp(`^Sølvnål ${tag}`),
  ]);

  // Nothing chosen: a Danish hint instead of a request.
  await dialog.getByRole('button', { name: 'Tilføj & Ny' }).click();
  await expect(dialog.getByText('Vælg en perle')).toBeVisible();

  for (const bead of [`Millefiori ${tag}`, `Perlemor ${tag}`, `Millefiori ${tag}`, `Sølvnål ${tag}`]) {
    await search.fill(tag);
    await dialog.getByRole('option', { name: new RegExp(`^${bead}`) }).click();
    await dialog.getByRole('button', { name: 'Tilføj & Ny' }).click();
    await expect(toast(page, 'Linje er tilføjet til ordre')).toBeVisible();
    // The dialog stays open, empty, with the search ready for the next bead.
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
  }

  await dialog.getByRole('tab', { name: 'Linje' }).click();
  await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await expect(dialog.getByText('Tekst er påkrævet')).toBeVisible();
  await expect(dialog.getByText('Pris er påkrævet')).toBeVisible();
  await dialog.getByLabel('Tekst').fill('Gaveindpakning');
  await dialog.getByLabel('Pris').fill('25');
  await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await expect(dialog).toBeHidden();

  const active = region(page, 'Aktiv ordre');
  const [pair, single] = [
    active.getByRole('group', { name: '2 for 125' }).nth(0),
    active.getByRole('group', { name: '2 for 125' }).nth(1),
  ];
  await expect(pair).toContainText(`Millefiori ${tag}`);
  await expect(pair).toContainText(`Perlemor ${tag}`);
  await expect(pair).toContainText('125 kr');
  await expect(pair).not.toContainText('Mangler en makker');
  await expect(single).toContainText(`Millefiori ${tag}`);
  await expect(single).toContainText('75 kr');
  await expect(single).toContainText('--- Mangler en makker ---');
  // 125 + 75 + 35 + 25 = 260 kr; with Porto 53 kr = 313 kr.
  await expect(active.getByText('260 kr', { exact: false }).first()).toBeVisible();
  await expect(active.getByText('(313 kr)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aktiv ordre' })).toBeVisible();

  // Deleting a line can be undone from the toast.
  await active.getByRole('button', { name: 'Slet linje: Gaveindpakning' }).click();
  await expect(active.getByText('(288 kr)')).toBeVisible();
  await expect(active.getByText('Gaveindpakning')).toHaveCount(0);
  await toast(page, 'Linje slettet').getByRole('button', { name: 'Fortryd' }).click();
  await expect(active.getByText('Gaveindpakning')).toBeVisible();
  await expect(active.getByText('(313 kr)')).toBeVisible();
});

test('Hjemmelevering changes the postage by 20 kr and the bill text is copied @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`karen bech ${tag}`);
  const bead = await shop.bead(`Rosenkvarts ${tag}`, 85);
  await shop.beadLine(customer.id, bead.id);
  await shop.freeLine(customer.id, 'Gaveæske', 40);

  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  // 85 + 40 = 125 kr; Porto 53 kr.
  await expect(active.getByText('(178 kr)')).toBeVisible();
  const homeDelivery = active.getByRole('switch', { name: 'Hjemmelevering' });
  await expect(homeDelivery).not.toBeChecked();
  await homeDelivery.click();
  await expect(active.getByText('(198 kr)')).toBeVisible();
  await expect(homeDelivery).toBeChecked();

  // Saved: still on after a reload.
  await page.reload();
  await expect(active.getByRole('switch', { name: 'Hjemmelevering' })).toBeChecked();
  await expect(active.getByText('(198 kr)')).toBeVisible();

  await active.getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await expect(toast(page, 'Kopieret til udklipsholder')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Hej Karen\n/);
  expect(copied).toContain(`Rosenkvarts ${tag}: 85 kr`);
  expect(copied).toContain('Gaveæske: 40 kr');
  expect(copied).toContain('Porto (hjemmelevering): 73 kr');
  expect(copied).toContain('I alt: 198 kr');

  // Switched off again: the copied text follows at once.
  await active.getByRole('switch', { name: 'Hjemmelevering' }).click();
  await expect(active.getByText('(178 kr)')).toBeVisible();
  await active.getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain('Porto: 53 kr\nI alt: 178 kr');
});

test('a copy tapped while changes from another device make the bill text anew copies the newest text @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Vera Vind ${tag}`);
  const order = await shop.freeLine(customer.id, 'Halskæde', 200);
  // Her bill went out once already: it has its number, and a copy now copies its (cached) text.
  await api('POST', `/api/orders/${order.id}/bill`);
  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  await expect(active.getByText('(253 kr)')).toBeVisible();

  // A weak connection: every bill text takes 3 s. The laptop adds a line, so the text is made anew; the copy is
  // tapped while it is on its way, and a second line from the laptop refreshes it again (which cancels the
  // fetch the copy waits for: the copy must take the newest text, not show TanStack's English CancelledError).
  await page.route('**/api/orders/*/bill-text', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await shop.freeLine(customer.id, `Ørering ${tag}`, 50);
  await expect(active.getByText(`Ørering ${tag}`)).toBeVisible();
  await active.getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await shop.freeLine(customer.id, `Armbånd ${tag}`, 30);
  await expect(toast(page, 'Kopieret til udklipsholder')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('CancelledError')).toHaveCount(0);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Ørering ${tag}: 50 kr`);
  expect(copied).toContain(`Armbånd ${tag}: 30 kr`);
  expect(copied).toContain('I alt: 333 kr');
});

test('the bill text is copied by the legacy fallback when the Clipboard API refuses', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Lis Frandsen ${tag}`);
  await shop.freeLine(customer.id, 'Reparation', 60);
  await page.addInitScript(() => {
    (window as unknown as { copiedByFallback: string[] }).copiedByFallback = [];
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    navigator.clipboard.write = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    const execCommand = document.execCommand.bind(document);
    document.execCommand = (command: string, ...rest: unknown[]) => {
      if (command === 'copy') {
        const selected = (document.activeElement as HTMLTextAreaElement | null)?.value ?? '';
        (window as unknown as { copiedByFallback: string[] }).copiedByFallback.push(selected);
        return true;
      }
      return execCommand(command, ...(rest as [boolean, string]));
    };
  });
  await page.goto(`/customers/${customer.id}`);
  await region(page, 'Aktiv ordre').getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await expect(toast(page, 'Kopieret til udklipsholder')).toBeVisible();
  const copied = await page.evaluate(
    () => (window as unknown as { copiedByFallback: string[] }).copiedByFallback,
  );
  expect(copied).toHaveLength(1);
  expect(copied[0]).toContain('Hej Lis');
  expect(copied[0]).toContain('I alt: 113 kr');
});

test('an order walks through all five statuses and ends read-only', async ({ signedIn: page, api }) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Dorte Lund ${tag}`);
  await shop.freeLine(customer.id, 'Armbånd', 150);

  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  const ongoing = region(page, 'Igangværende ordrer');
  const shipped = region(page, 'Afsendte ordrer');
  await expect(ongoing.getByText('Ingen igangværende ordrer')).toBeVisible();
  await expect(shipped.getByText('Ingen afsendte ordrer')).toBeVisible();
  await expect(active.getByText('Startet')).toBeVisible();

  const activeStatus = active.getByRole('combobox', { name: 'Status' });
  await expect(activeStatus).toHaveValue('active');
  await activeStatus.selectOption({ label: 'Afventer betaling' });
  await expect(toast(page, 'Status ændret til afventer betaling')).toBeVisible();
  await expect(active.getByText('Ingen aktiv ordre')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Igangværende: 1' })).toBeVisible();

  // The ongoing row is collapsed: status chip and date; it opens to show status and lines.
  const row = ongoing.getByRole('button', { name: /Afventer betaling/ });
  await row.click();
  const status = ongoing.getByRole('combobox', { name: 'Status' });
  await expect(ongoing.getByText('Armbånd')).toBeVisible();
  for (const [label, message] of [
    ['Skal pakkes', 'Status ændret til skal pakkes'],
    ['Skal sendes', 'Status ændret til skal sendes'],
  ]) {
    await status.selectOption({ label: label as string });
    await expect(toast(page, message as string)).toBeVisible();
    await expect(ongoing.getByRole('button', { name: new RegExp(label as string) })).toBeVisible();
  }
  // Lines of an order that is not active cannot be deleted.
  await expect(ongoing.getByRole('button', { name: /Slet linje/ })).toHaveCount(0);

  await status.selectOption({ label: 'Afsendt' });
  await expect(toast(page, 'Status ændret til afsendt')).toBeVisible();
  await expect(ongoing.getByText('Ingen igangværende ordrer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afsendte: 1' })).toBeEnabled();
  await page.getByRole('button', { name: 'Afsendte: 1' }).click();
  await shipped.getByRole('button', { name: /Afsendt/ }).click();
  await expect(shipped.getByText('Armbånd')).toBeVisible();
  await expect(shipped.getByRole('combobox')).toHaveCount(0);
  await expect(shipped.getByText('Afsendt', { exact: true }).last()).toBeVisible();
});

test('a second active order is refused with the Danish message', async ({ signedIn: page, api }) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Bodil Krag ${tag}`);
  const first = await shop.freeLine(customer.id, 'Halskæde', 200);
  await shop.setStatus(first.id, 'invoiced');
  await shop.freeLine(customer.id, 'Øreringe', 90);

  await page.goto(`/customers/${customer.id}`);
  const ongoing = region(page, 'Igangværende ordrer');
  await ongoing.getByRole('button', { name: /Afventer betaling/ }).click();
  const status = ongoing.getByRole('combobox', { name: 'Status' });
  await status.selectOption({ label: 'Aktiv' });
  await expect(toast(page, 'Fejl: Der er allerede en aktiv ordre')).toBeVisible();
  await expect(status).toHaveValue('invoiced');
  await expect(region(page, 'Aktiv ordre').getByText('Øreringe')).toBeVisible();
});

test('Ordrer: filter counts, search, grouping per customer and the way to the customer @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const anna = await shop.customer(`Anna ${tag}`);
  const bent = await shop.customer(`Bent ${tag}`);
  // Anna: one paid, one active. Bent: one shipped (hidden), one invoiced, one active.
  const annaPaid = await shop.freeLine(anna.id, 'Kæde', 100);
  await shop.setStatus(annaPaid.id, 'paid');
  await shop.freeLine(anna.id, 'Lås', 50);
  const bentShipped = await shop.freeLine(bent.id, 'Gammel ordre', 10);
  await shop.setStatus(bentShipped.id, 'shipped');
  const bentInvoiced = await shop.freeLine(bent.id, 'Armbånd', 120);
  await shop.setStatus(bentInvoiced.id, 'invoiced');
  await shop.freeLine(bent.id, 'Perler', 30);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Ordrer' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Søg efter kunde…' }).fill(tag);

  const filters = page.getByRole('group', { name: 'Vis ordrer med status' });
  await expect(filters.getByRole('button')).toHaveText([
    'Alle 4',
    'Aktiv 2',
    'Afventer betaling 1',
    'Skal pakkes 1',
    'Skal sendes 0',
    'Afsendt i denne måned 1',
  ]);
  await expect(filters.getByRole('button', { name: 'Skal sendes' })).toBeDisabled();
  await expect(filters.getByRole('button', { name: 'Alle' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('4 ordrer', { exact: true })).toBeVisible();

  // Grouped per customer, each with a jump button; the shipped order is not listed.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([`Anna ${tag}`, `Bent ${tag}`]);
  const jumpBar = page.getByRole('navigation', { name: 'Gå til kunde' });
  await expect(jumpBar.getByRole('button')).toHaveText([`Anna ${tag}`, `Bent ${tag}`]);
  const bentOrders = region(page, `Bent ${tag}`);
  await expect(bentOrders.getByRole('link')).toHaveCount(2);
  await expect(bentOrders.getByRole('link').nth(0)).toContainText('Aktiv');
  await expect(bentOrders.getByRole('link').nth(1)).toContainText('Afventer betaling');
  await expect(bentOrders.getByRole('link').nth(0)).toContainText(/\d{1,2}\. \p{L}+ \d{4} \d{2}:\d{2}/u);

  await filters.getByRole('button', { name: 'Skal pakkes' }).click();
  await expect(filters.getByRole('button', { name: 'Skal pakkes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 ordre', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([`Anna ${tag}`]);
  await expect(jumpBar).toBeHidden();

  await page.getByRole('searchbox', { name: 'Søg efter kunde…' }).fill(`ingen-${tag}`);
  await expect(page.getByText('Ingen ordrer fundet')).toBeVisible();
  await page.getByRole('button', { name: 'Nulstil filter' }).click();
  await expect(page.getByText('Ingen ordrer fundet')).toBeVisible();
  await page.getByRole('button', { name: 'Ryd søgning' }).click();
  await expect(page.getByRole('searchbox', { name: 'Søg efter kunde…' })).toHaveValue('');
  await expect(filters.getByRole('button', { name: 'Alle' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('searchbox', { name: 'Søg efter kunde…' }).fill(tag);
  await bentOrders.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${bent.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Bent ${tag}` })).toBeVisible();
});

test('a search typed key by key on a slow phone keeps every letter, in Puden and in Ordrer @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Søgeline Sørensen ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 200);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (const path of ['/pillow', '/orders']) {
    await page.goto(path);
    const search = page.getByRole('searchbox', { name: 'Søg efter kunde…' });
    await search.click();
    // One key at a time, as fast as a thumb: each is its own input event, and the list filters as it goes.
    await page.keyboard.type(`søgeline sørensen ${tag}`);
    await expect(search).toHaveValue(`søgeline sørensen ${tag}`);
    await expect(page.getByText(customer.name).first()).toBeVisible();
  }
});

test('the first copy of a bill, slow to get its number, copies the newest text when another device changes it meanwhile @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Vilma Venter ${tag}`);
  await shop.freeLine(customer.id, 'Halskæde', 200);
  await page.goto(`/customers/${customer.id}`);
  const active = region(page, 'Aktiv ordre');
  await expect(active.getByText('(253 kr)')).toBeVisible();
  // A weak connection: the bill takes 3 s to get its number; the laptop adds a line meanwhile.
  await page.route('**/api/orders/*/bill', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await active.getByRole('button', { name: 'Kopiér Regningstekst' }).click();
  await shop.freeLine(customer.id, `Ørering ${tag}`, 50);
  await expect(active.getByText(`Ørering ${tag}`)).toBeVisible();
  await expect(toast(page, 'Kopieret til udklipsholder')).toBeVisible({ timeout: 15_000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Ørering ${tag}: 50 kr`);
  expect(copied).toContain('I alt: 303 kr');
  expect(copied).toMatch(/Regningsnummer: \d{4}-\d{4,}/);
});
