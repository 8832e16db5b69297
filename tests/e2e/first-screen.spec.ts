/**
 * Issue 22 (decision 0014): a signed-in owner's first screen arrives as HTML with her data, painted before any
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
    await expect(page.locator('#root[data-first-screen][inert]')).toHaveCount(1);
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
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-first-screen][inert]')).toHaveCount(1);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  // Inert and hidden from assistive technology until the app is there: no button to press in vain.
  await expect(page.getByRole('heading', { name: 'Ordrer', level: 1 })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'Ordrer', level: 1 })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByPlaceholder('Søg efter kunde…')).toHaveCount(1);

  // Usable: the search narrows the list to one customer.
  await page.getByPlaceholder('Søg efter kunde…').fill(name);
  await expect(page.getByText(other.name, { exact: true })).toHaveCount(0);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
