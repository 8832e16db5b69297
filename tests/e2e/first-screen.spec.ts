/**
 * Decision 0014: a signed-in owner's first screen arrives as HTML with her data, painted before any
 * of the app's JavaScript has run; the app then takes its place: one screen, usable, nothing twice, no errors.
 */
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

async function arrange(api: Api) {
  const shop = shopApi(api);
  const tag = uniqueTag();
  const customer = await shop.customer(`Førsteskærm Frida ${tag}`);
  const bead = await shop.bead(`Rosenkvarts ${tag}`, 65);
  await shop.beadLine(customer.id, bead.id);
  return { name: customer.name };
}

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

test('the app takes the HTML screen’s place: one screen, usable, no errors @phone', async ({
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
  await bootReady(page);
  // Before the app: the search field takes no focus (what is typed would be lost when the app takes over).
  await page.getByPlaceholder('Søg efter kunde…').click();
  await expect(page.getByPlaceholder('Søg efter kunde…')).not.toBeFocused();

  release();
  await expect(page.getByRole('heading', { name: 'Ordrer', level: 1 })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-first-screen');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByPlaceholder('Søg efter kunde…')).toHaveCount(1);

  // Usable: the search narrows the list to one customer.
  await page.getByPlaceholder('Søg efter kunde…').fill(name);
  await expect(page.getByText(other.name, { exact: true })).toHaveCount(0);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

/** public/boot.js has run (a module script runs once the page is parsed, after its first paint). */
const bootReady = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => 'naalepudenMenuOpen' in window);

/** Holds the app's code back, as on a slow phone, until `release` is called. */
async function holdTheApp(page: import('@playwright/test').Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('before the app runs, Menu opens the server’s menu at once and its links load their pages @phone', async ({
  api,
  signedIn: page,
}) => {
  const { name } = await arrange(api);
  await holdTheApp(page);
  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await bootReady(page);
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
  await bootReady(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log ud' })).toHaveCount(0);

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-first-screen');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log ud' })).toBeVisible();
  await expect(page.locator('#boot-menu')).toHaveCount(0);
  // The app's own drawer: it closes and opens as ever.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
});
