/**
 * Decision 0014: a signed-in owner's first screen arrives as HTML with her data, painted before any of the app's
 * JavaScript has run; the app then hydrates it (the same DOM, nothing built anew). Until then the screen is
 * usable: links are links, Menu opens the server's menu, a tap on any other control is held (shown pressed) and
 * carried out once the app is there, and what she types in a field stays, caret and all.
 */
import type { Page } from '@playwright/test';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { allowHydrationErrors, hydrationErrors, takeover } from './support/hydration.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';
import { holderReady, holdTheApp } from './support/take-over.ts';

async function arrange(api: Api) {
  const shop = shopApi(api);
  const tag = uniqueTag();
  const customer = await shop.customer(`Førsteskærm Frida ${tag}`);
  const bead = await shop.bead(`Rosenkvarts ${tag}`, 65);
  await shop.beadLine(customer.id, bead.id);
  return { name: customer.name, id: customer.id };
}

const tookOver = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-first-screen');

test('Ordrer is painted from the HTML, without any script', async ({ api, signedIn, browser, baseURL }) => {
  const { name } = await arrange(api);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await context.addCookies(await signedIn.context().cookies());
    const page = await context.newPage();
    await page.goto('/orders');
    await expect(page.locator('#root[data-first-screen][aria-busy="true"]')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText('Ordrer');
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Indlæser...')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the app hydrates the HTML screen: the same elements, usable, no errors @phone', async ({
  api,
  signedIn: page,
}) => {
  const { name } = await arrange(api);
  const other = await arrange(api);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The app's code arrives late, as on a slow phone: the HTML's screen shows meanwhile.
  const release = await holdTheApp(page);
  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-first-screen][aria-busy="true"]')).toHaveCount(1);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  // The server's elements, marked: hydration keeps them, a render anew would not.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('#root h1, #root input, #root li'))
      (element as unknown as { fromServer: boolean }).fromServer = true;
  });

  release();
  await tookOver(page);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
  expect(await takeover(page)).toBe('hydrate');
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll('#root h1, #root input')].every(
        (element) => (element as unknown as { fromServer?: boolean }).fromServer === true,
      ),
    ),
  ).toBe(true);
  await expect(page.getByRole('heading', { name: 'Ordrer', level: 1 })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByPlaceholder('Søg efter kunde…')).toHaveCount(1);

  // Usable: the search narrows the list to one customer.
  await page.getByPlaceholder('Søg efter kunde…').fill(name);
  await expect(page.getByText(other.name, { exact: true })).toHaveCount(0);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a tap before the app is shown pressed at once and carried out once the app is there, once @phone', async ({
  signedIn: page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/customers', { waitUntil: 'commit' });
  await holderReady(page);
  const add = page.getByRole('button', { name: 'Tilføj Ny' });
  await add.click();
  // Tapped twice, as an impatient finger does: one dialog, not two.
  await add.click();
  await expect(page.locator('[data-tap-held]')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  release();
  await tookOver(page);
  const dialog = page.getByRole('dialog', { name: 'Tilføj ny kunde' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('[data-tap-held]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fortryd' }).click();
  await expect(dialog).toBeHidden();
  // The app answers the same control as ever.
  await add.click();
  await expect(page.getByRole('dialog', { name: 'Tilføj ny kunde' })).toBeVisible();
});

test('a status filter tapped before the app applies once it is there @phone', async ({
  api,
  signedIn: page,
}) => {
  const shop = shopApi(api);
  const payer = await shop.customer(`Betalt Bente ${uniqueTag()}`);
  await shop.setStatus((await shop.freeLine(payer.id, 'Halskæde', 150)).id, 'paid');
  const release = await holdTheApp(page);
  await page.goto('/orders', { waitUntil: 'commit' });
  await holderReady(page);
  await page.getByRole('button', { name: /^Skal pakkes/ }).click();
  await expect(page.locator('[data-tap-held]')).toHaveCount(1);
  await expect(page).not.toHaveURL(/status=/);

  release();
  await tookOver(page);
  await expect(page.getByRole('button', { name: /^Skal pakkes/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/status=paid/);
});

test('what is typed before the app stays, caret and all, and the app searches for it @phone', async ({
  api,
  signedIn: page,
}) => {
  const { name } = await arrange(api);
  const other = await arrange(api);
  const release = await holdTheApp(page);
  await page.goto('/orders', { waitUntil: 'commit' });
  await holderReady(page);
  const search = page.getByPlaceholder('Søg efter kunde…');
  await search.click();
  await expect(search).toBeFocused();
  await page.keyboard.type(name);
  // The caret moved back two characters, as a thumb on the text does.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');

  release();
  await tookOver(page);
  await expect(search).toHaveValue(name);
  await expect(search).toBeFocused();
  expect(await search.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(name.length - 2);
  await expect(page.getByText(other.name, { exact: true })).toHaveCount(0);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  // She goes on typing where she left off.
  await page.keyboard.type('x');
  await expect(search).toHaveValue(`${name.slice(0, -2)}x${name.slice(-2)}`);
});

test('answers changed while the app was on its way: rendered anew, and the held tap is still carried out @phone', async ({
  api,
  signedIn: page,
}) => {
  await arrange(api);
  const release = await holdTheApp(page);
  // The early read of the customers waits until a customer has been added after the server rendered the screen.
  let added = () => {};
  const changed = new Promise<void>((resolve) => {
    added = resolve;
  });
  await page.route('**/api/customers', async (route) => {
    await changed;
    await route.continue();
  });
  await page.goto('/customers', { waitUntil: 'commit' });
  await holderReady(page);
  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  const late = await shopApi(api).customer(`Sen Sofie ${uniqueTag()}`);
  added();
  release();
  await tookOver(page);
  expect(await takeover(page)).toBe('render');
  await expect(page.getByRole('dialog', { name: 'Tilføj ny kunde' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByPlaceholder('Søg kunder…').fill(late.name);
  await expect(page.getByText(late.name, { exact: true }).first()).toBeVisible();
  expect(hydrationErrors(page)).toEqual([]);
});

test('a render that differs from the server’s is caught as a hydration error @phone', async ({
  api,
  signedIn: page,
}) => {
  await arrange(api);
  allowHydrationErrors(page);
  // The page says the shop has another name than the one the server rendered in the app bar.
  await page.route(
    (url) => url.pathname === '/orders',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/("shopName":")([^"]*)"/, '$1Et andet navn"');
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto('/orders');
  await expect.poll(() => hydrationErrors(page).length).toBeGreaterThan(0);
  // The app works on: it rendered the screen anew.
  await expect(page.getByTestId('shop-name')).toHaveText('Et andet navn');
});

test('before the app runs, Menu opens the server’s menu at once and its links load their pages @phone', async ({
  api,
  signedIn: page,
}) => {
  const { name } = await arrange(api);
  await holdTheApp(page);
  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await holderReady(page);
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Ordrer' })).toHaveAttribute('href', '/orders');
  // A tap beside it closes it, and so does Escape.
  await page.mouse.click(380, 400);
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // A link loads its page as a link does: Kunder comes from the server too, still before any of the app's code.
  await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Kunder' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.locator('#root[data-first-screen] h1')).toHaveText('Kunder');
});

test('a menu opened before the app runs stands open when the app takes over, with Log ud @phone', async ({
  api,
  signedIn: page,
}) => {
  await arrange(api);
  const release = await holdTheApp(page);
  await page.goto('/pillow', { waitUntil: 'commit' });
  await holderReady(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log ud' })).toHaveCount(0);

  release();
  await tookOver(page);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log ud' })).toBeVisible();
  await expect(page.locator('#boot-menu')).toHaveCount(0);
  // The app's own drawer: it closes and opens as ever.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
});
