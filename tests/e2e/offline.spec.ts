import type { Page, TestInfo } from '@playwright/test';
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import type { CreateTodoResult } from '../../src/shared/schemas/api-todos.ts';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { nothingWaits, OFFLINE, persisted, serviceWorkerReady, toast } from './support/offline.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

/**
 * Offline: the last-seen screens open from the cache kept in IndexedDB, also after a reload
 * without network (the service worker serves the app), and writes made offline are sent once when the
 * network returns, also when the page was reloaded meanwhile or the first answer was lost.
 */

const QUEUED = 'Gemt – sendes når du er online igen';

const customerDetail = (api: Api, id: string) => api<CustomerDetail>('GET', `/api/customers/${id}`);
const activeLines = async (api: Api, customerId: string) => {
  const active = (await customerDetail(api, customerId)).orders.find((order) => order.status === 'active');
  return active ? [...active.offerGroups.flatMap((group) => group.lines), ...active.normalLines] : [];
};

async function addFreeLine(page: Page, text: string, priceKr: number) {
  await page.getByRole('button', { name: 'Tilføj vare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj linje' });
  await dialog.getByRole('tab', { name: 'Linje' }).click();
  await dialog.getByLabel('Tekst').fill(text);
  await dialog.getByLabel('Pris').fill(String(priceKr));
  await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  return dialog;
}

async function completeTodo(page: Page, testInfo: TestInfo, beadName: string) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: new RegExp(`^Handlinger for .*${beadName}`) }).click();
    await page.getByRole('menuitem', { name: 'Færdiggør' }).click();
  } else {
    await page.getByRole('button', { name: new RegExp(`^Færdiggør .*${beadName}`) }).click();
  }
}

test('Puden and a customer page open from the cache after a reload without network @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Offline Olga ${tag}`);
  await shop.freeLine(customer.id, `Sommerkæde ${tag}`, 120);

  // Other tests' customers share Puden with her: the search keeps her row in the list's window on every size.
  const findOnPillow = async () => {
    await page.getByRole('main').getByRole('searchbox').fill(tag);
    await expect(page.getByText(customer.name).first()).toBeVisible();
  };
  await page.goto('/pillow');
  await findOnPillow();
  await persisted(page, '"queryKey":["pillow","pillow"]', customer.name);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByText(`Sommerkæde ${tag}`)).toBeVisible();
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
  await serviceWorkerReady(page);
  await persisted(
    page,
    '"queryKey":["pillow","pillow"]',
    `"queryKey":["customers","customer",{"id":"${customer.id}"}]`,
  );

  await context.setOffline(true);
  await page.goto('/pillow');
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
  await findOnPillow();

  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByText(`Sommerkæde ${tag}`)).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
});

test('a free line and a todo completion made offline reach the server once, also after a reload offline @phone', async ({
  signedIn: page,
  api,
  context,
}, testInfo) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Offline Frida ${tag}`);
  const bead = await shop.bead(`Offlineperle ${tag}`, 30);
  await api<CreateTodoResult>('POST', '/api/todos', {
    amount: 2,
    customerId: customer.id,
    bead: { kind: 'existing', beadId: bead.id },
  });

  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByText(`Offlineperle ${tag}`)).toBeVisible();
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();

  // The dialog does not wait for a network that is not there.
  const dialog = await addFreeLine(page, `Gaveæske ${tag}`, 25);
  await expect(dialog).toBeHidden();
  await expect(toast(page, QUEUED)).toBeVisible();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  await completeTodo(page, testInfo, `Offlineperle ${tag}`);
  await expect(page.getByText('2 ændringer venter')).toBeVisible();
  await expect(page.getByText('Ingen todos til kunden')).toBeVisible();

  // The queue survives a reload without network.
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByText('2 ændringer venter')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByText('Ingen todos til kunden')).toBeVisible();
  // (Chromium may apply the offline emulation to a reloaded page a moment late, so a write can already have
  // reached the server here, its answer lost: it goes again below with the same key.)
  const early = await activeLines(api, customer.id);
  expect(early.filter((line) => line.text === `Gaveæske ${tag}`).length).toBeLessThanOrEqual(1);

  await context.setOffline(false);
  await nothingWaits(page);
  const active = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Aktiv ordre' }) });
  await expect(active.getByText(`Gaveæske ${tag}`)).toBeVisible();
  await expect(active.getByText(`Offlineperle ${tag}`)).toHaveCount(2);

  // Once each on the server, and a reload sends nothing again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await page.waitForTimeout(1000);
  const lines = await activeLines(api, customer.id);
  expect(lines.filter((line) => line.text === `Gaveæske ${tag}`)).toHaveLength(1);
  expect(lines.filter((line) => line.beadId === bead.id)).toHaveLength(2);
  expect((await customerDetail(api, customer.id)).todos).toEqual([]);
});

test('a replay whose answer is lost goes again with the same key and adds the line once', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const customer = await shopApi(api).customer(`Offline Gerda ${tag}`);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  // The dialog's code comes from the service worker's cache offline.
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await addFreeLine(page, `Tabt svar ${tag}`, 40);
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  // The first replay reaches the server, but its answer never reaches the page.
  const keys: string[] = [];
  await page.route('**/api/customers/*/lines', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await context.setOffline(false);
  await expect.poll(() => keys.length, { timeout: 20_000 }).toBe(2);
  await nothingWaits(page);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const lines = await activeLines(api, customer.id);
  expect(lines.filter((line) => line.text === `Tabt svar ${tag}`)).toHaveLength(1);
});

test('a reload while the queue is being sent sends it again, and the server adds it once', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const customer = await shopApi(api).customer(`Offline Hanne ${tag}`);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  // The dialog's code comes from the service worker's cache offline.
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await addFreeLine(page, `Genindlæst ${tag}`, 15);
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  let requests = 0;
  await page.route('**/api/customers/*/lines', async (route) => {
    requests++;
    if (requests > 1) return route.continue();
    // The server adds the line; the page is reloaded before the answer arrives.
    await route.fetch();
    await page.reload().catch(() => undefined);
    await route.abort().catch(() => undefined);
  });
  await context.setOffline(false);
  await expect.poll(() => requests, { timeout: 20_000 }).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await nothingWaits(page);
  const active = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Aktiv ordre' }) });
  await expect(active.getByText(`Genindlæst ${tag}`)).toBeVisible();
  const lines = await activeLines(api, customer.id);
  expect(lines.filter((line) => line.text === `Genindlæst ${tag}`)).toHaveLength(1);
});

test('a change made offline that the server refuses is shown in Danish @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Offline Inge ${tag}`);
  const order = await shop.freeLine(customer.id, `Halskæde ${tag}`, 200);
  await page.goto(`/customers/${customer.id}`);
  await serviceWorkerReady(page);
  const homeDelivery = page.getByRole('switch', { name: 'Hjemmelevering' });
  await expect(homeDelivery).not.toBeChecked();

  await context.setOffline(true);
  await homeDelivery.click();
  await expect(toast(page, QUEUED)).toBeVisible();
  // Shown at once, with the postage of home delivery.
  await expect(homeDelivery).toBeChecked();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  // Meanwhile the order is shipped from another device.
  await shop.setStatus(order.id, 'shipped');
  await context.setOffline(false);
  const refused = toast(page, 'Fejl: Ordren er afsendt og kan ikke ændres');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('Ændringen blev lavet offline og er ikke gemt.');
  await nothingWaits(page);
  // The page shows the server's order again: shipped, without home delivery.
  await expect(page.getByText('Ingen aktiv ordre')).toBeVisible();
  const shipped = (await customerDetail(api, customer.id)).orders.find(
    (candidate) => candidate.id === order.id,
  );
  expect(shipped?.homeDelivery).toBe(false);
});

/** Every IndexedDB key of the cache (lib/persist.ts) and the remembered user. */
const storedState = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ keys: string[]; user: string | null }>((resolve) => {
        const user = localStorage.getItem('naalepuden-user');
        const open = indexedDB.open('naalepuden');
        open.onerror = () => resolve({ keys: [], user });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) return resolve({ keys: [], user });
          const all = db.transaction('cache').objectStore('cache').getAllKeys();
          all.onsuccess = () => resolve({ keys: all.result.map(String), user });
          all.onerror = () => resolve({ keys: [], user });
        };
      }),
  );

test('a session that ended goes to the login page, not to cached data; signing out leaves nothing behind @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Offline Jytte ${tag}`);
  await shop.freeLine(customer.id, `Armbånd ${tag}`, 90);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByText(`Armbånd ${tag}`)).toBeVisible();
  await serviceWorkerReady(page);
  await persisted(page, `Armbånd ${tag}`);

  // The cookie is gone (the session ended): the server says so, and the cache stays unseen.
  const cookies = await context.cookies();
  await context.clearCookies();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  await expect(page.getByText(`Armbånd ${tag}`)).toHaveCount(0);
  await expect(page.getByText(customer.name)).toHaveCount(0);

  await context.addCookies(cookies);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByText(`Armbånd ${tag}`)).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  await expect.poll(() => storedState(page)).toEqual({ keys: [], user: null });

  // Offline afterwards: the login page again, nothing of the shop.
  await context.setOffline(true);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  await expect(page.getByText(`Armbånd ${tag}`)).toHaveCount(0);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test('a bead line and a todo added offline reach the server once, in the order they were made @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const customer = await shop.customer(`Offline Karin ${tag}`);
  const bead = await shop.bead(`Rosenkvarts ${tag}`, 45);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await serviceWorkerReady(page);
  // The bead catalogue is cached (the dialogs list it offline).
  await page.getByRole('button', { name: 'Tilføj vare' }).click();
  const lineDialog = page.getByRole('dialog', { name: 'Tilføj linje' });
  await lineDialog.getByRole('searchbox', { name: 'Søg perler…' }).fill(tag);
  await expect(lineDialog.getByRole('option', { name: new RegExp(`^Rosenkvarts ${tag}`) })).toBeVisible();
  await lineDialog.getByRole('button', { name: 'Fortryd' }).click();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Tilføj vare' }).click();
  await lineDialog.getByRole('searchbox', { name: 'Søg perler…' }).fill(tag);
  await lineDialog.getByRole('option', { name: new RegExp(`^Rosenkvarts ${tag}`) }).click();
  await lineDialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await expect(lineDialog).toBeHidden();
  // Shown under the active order until it is sent.
  await expect(page.getByRole('list', { name: 'Venter på at blive sendt' })).toContainText(
    `Rosenkvarts ${tag}45 kr`,
  );

  await page.getByRole('button', { name: 'Tilføj todo' }).click();
  const todoDialog = page.getByRole('dialog', { name: 'Tilføj Todo' });
  await todoDialog.getByRole('spinbutton', { name: 'Antal' }).fill('3');
  await todoDialog.getByRole('searchbox', { name: 'Søg perler…' }).fill(tag);
  await todoDialog.getByRole('option', { name: new RegExp(`Rosenkvarts ${tag}`) }).click();
  await todoDialog.getByRole('button', { name: 'Tilføj Todo' }).click();
  await expect(todoDialog).toBeHidden();
  await expect(toast(page, QUEUED)).toBeVisible();
  await expect(page.getByText('2 ændringer venter')).toBeVisible();

  await context.setOffline(false);
  await nothingWaits(page);
  await expect(page.getByRole('list', { name: 'Venter på at blive sendt' })).toHaveCount(0);
  const lines = await activeLines(api, customer.id);
  expect(lines.filter((line) => line.beadId === bead.id)).toHaveLength(1);
  const { todos } = await customerDetail(api, customer.id);
  expect(todos.map((todo) => [todo.beadId, todo.amount])).toEqual([[bead.id, 3]]);
  await expect(page.getByText(`Rosenkvarts ${tag}`).first()).toBeVisible();
});

test('a screen left within its first second is kept for offline use, with the shop’s name in the app bar @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const { shopName } = await api<{ shopName: string }>('GET', '/api/settings/shop');
  await page.goto('/pillow');
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();
  await serviceWorkerReady(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // A customer this phone has never shown, opened and left after a second (before the old records are read).
  const customer = await shop.customer(`Kort Karla ${tag}`);
  await shop.freeLine(customer.id, `Kort kæde ${tag}`, 75);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByText(`Kort kæde ${tag}`)).toBeVisible();
  await page.waitForTimeout(1000);
  await page.goto('/pillow');
  await expect(page.getByRole('heading', { level: 1, name: 'Puden' })).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByText(`Kort kæde ${tag}`)).toBeVisible();
  // The app bar's name comes back with the screen's first answers.
  await expect(page.getByTestId('shop-name')).toHaveText(shopName, { timeout: 500 });
});
