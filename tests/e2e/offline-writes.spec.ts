/**
 * offline writes everywhere: a tick on Pakning and the record of a copied payment reminder made
 * without network wait in the one queue of offline writes ('N ændringer venter'), show at once, survive a
 * reload without network and reach the server once when the network returns; one the server refuses by then
 * is shown in Danish. Pakning and Salg open from the cache after a reload without network.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openSqlite } from '../../src/server/db/create-db.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { nothingWaits, OFFLINE, persisted, serviceWorkerReady, toast } from './support/offline.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

const QUEUED = 'Gemt – sendes når du er online igen';
const REPLAY_REFUSED = 'Ændringen blev lavet offline og er ikke gemt.';
const DAY_MS = 24 * 60 * 60 * 1000;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Reads (or changes) the worker's server database directly: what the server has kept, and how often. */
function withDb<T>(dataDir: string, use: (db: ReturnType<typeof openSqlite>) => T): T {
  const db = openSqlite(path.join(dataDir, 'naalepuden.sqlite'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

const packedAt = (dataDir: string, lineId: string) =>
  withDb(
    dataDir,
    (db) =>
      (
        db.prepare('select packed_at from order_lines where id = ?').get(lineId) as {
          packed_at: string | null;
        }
      ).packed_at,
  );

/** How many changes of this kind the server recorded for the order (a repeated PUT records none). */
const changes = (dataDir: string, orderId: string, action: string) =>
  withDb(
    dataDir,
    (db) =>
      (
        db
          .prepare(
            "select count(*) as n from change_log where entity = 'order' and entity_id = ? and action = ?",
          )
          .get(orderId, action) as { n: number }
      ).n,
  );

/** Counts the answers the server gave to requests matching `method` and `url` (a lost request has none). */
function answered(page: Page, method: string, url: RegExp) {
  const seen = { count: 0 };
  page.on('response', (response) => {
    if (response.request().method() === method && url.test(response.url())) seen.count++;
  });
  return seen;
}

/**
 * An order in Skal pakkes with two free lines, dated first among the orders to pack (the worker's database
 * holds other tests' orders, and Pakning shows the oldest 20).
 */
async function orderToPack(api: Api, dataDir: string, name: string, tag: string) {
  const shop = shopApi(api);
  const customer = await shop.customer(`${name} ${tag}`);
  await shop.freeLine(customer.id, `Kæde ${tag}`, 100);
  const order: Order = await shop.freeLine(customer.id, `Lås ${tag}`, 20);
  await shop.setStatus(order.id, 'paid');
  const old = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * DAY_MS)).toISOString();
  withDb(dataDir, (db) => db.prepare('update orders set created_at = ? where id = ?').run(old, order.id));
  const line = (text: string) => {
    const found = order.normalLines.find((candidate) => candidate.text === text);
    if (!found) throw new Error(`no line ${text}`);
    return found.id;
  };
  return { customer, order, chain: line(`Kæde ${tag}`), clasp: line(`Lås ${tag}`) };
}

test('ticks and Pakket made offline reach the server once each, in the order they were made', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  const tag = uniqueTag();
  const { customer, order, chain, clasp } = await orderToPack(api, server.dataDir, 'Offline Pia', tag);
  const puts = answered(page, 'PUT', /\/packed$/);
  await page.goto('/packing');
  const card = region(page, customer.name);
  await expect(card).toContainText('0 af 2 pakket');
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  // A tick, a second one taken back, and 'Pakket': each shows at once and waits.
  await card.getByRole('checkbox', { name: `Pakket: Kæde ${tag}` }).check();
  await expect(card).toContainText('1 af 2 pakket');
  await expect(page.getByText('1 ændring venter')).toBeVisible();
  await card.getByRole('checkbox', { name: `Pakket: Lås ${tag}` }).check();
  await card.getByRole('checkbox', { name: `Pakket: Lås ${tag}` }).uncheck();
  await card.getByRole('checkbox', { name: `Pakket: Lås ${tag}` }).check();
  await expect(card).toContainText('2 af 2 pakket');
  await expect(page.getByText('4 ændringer venter')).toBeVisible();
  await card.getByRole('button', { name: `Pakket: ${customer.name}` }).click();
  await expect(toast(page, QUEUED)).toBeVisible();
  await expect(page.getByText('5 ændringer venter')).toBeVisible();
  expect(packedAt(server.dataDir, chain)).toBeNull();
  expect(puts.count).toBe(0);

  await context.setOffline(false);
  await nothingWaits(page);
  // The ticks went before the status change (one queue): the server took every one.
  await expect(card).toBeHidden();
  expect(packedAt(server.dataDir, chain)).not.toBeNull();
  expect(packedAt(server.dataDir, clasp)).not.toBeNull();
  expect(puts.count).toBe(4);
  expect(changes(server.dataDir, order.id, 'line_packed')).toBe(4);
  const detail = await api<{ orders: Order[] }>('GET', `/api/customers/${customer.id}`);
  expect(detail.orders.find((candidate) => candidate.id === order.id)?.status).toBe('packed');
  await expect(page.getByText(/Fejl/)).toHaveCount(0);
});

test('a tick made offline survives a reload without network: Pakning opens from the cache with it, and it is sent once @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  const tag = uniqueTag();
  const { customer, order, chain } = await orderToPack(api, server.dataDir, 'Offline Rita', tag);
  const puts = answered(page, 'PUT', /\/packed$/);
  await page.goto('/packing');
  const card = region(page, customer.name);
  await expect(card).toContainText('0 af 2 pakket');
  await expect(region(page, 'Samlet plukliste')).toContainText(`Kæde ${tag}`);
  await serviceWorkerReady(page);
  await persisted(
    page,
    '"queryKey":["packing","packingOrders","pages"]',
    '"queryKey":["packing","pickList"]',
    customer.name,
  );

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  const tick = card.getByRole('checkbox', { name: `Pakket: Kæde ${tag}` });
  await tick.check();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  // Pakning opens without network after a reload: its orders, the pick list and the waiting tick.
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pakning' })).toBeVisible();
  await expect(region(page, 'Samlet plukliste')).toContainText(`Kæde ${tag}`);
  await expect(card).toContainText('1 af 2 pakket');
  await expect(tick).toBeChecked();
  await expect(page.getByText('1 ændring venter')).toBeVisible();
  // (Chromium may apply the offline emulation to a reloaded page a moment late, so the tick can already
  // have reached the server here; a repeat of an absolute PUT changes nothing.)
  expect(changes(server.dataDir, order.id, 'line_packed')).toBeLessThanOrEqual(1);

  await context.setOffline(false);
  await nothingWaits(page);
  await expect(tick).toBeChecked();
  expect(packedAt(server.dataDir, chain)).not.toBeNull();
  expect(puts.count).toBe(1);
  expect(changes(server.dataDir, order.id, 'line_packed')).toBe(1);

  // Once on the server, and a reload sends nothing again.
  await page.reload();
  await expect(card).toContainText('1 af 2 pakket');
  await page.waitForTimeout(1000);
  expect(puts.count).toBe(1);
  expect(changes(server.dataDir, order.id, 'line_packed')).toBe(1);
});

test('a tick made offline that the server refuses by then is shown in Danish @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  const tag = uniqueTag();
  const { customer, order, chain } = await orderToPack(api, server.dataDir, 'Offline Sanne', tag);
  await page.goto('/packing');
  const card = region(page, customer.name);
  await expect(card).toContainText('0 af 2 pakket');
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await card.getByRole('checkbox', { name: `Pakket: Kæde ${tag}` }).check();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  // Meanwhile the laptop marks the order packed.
  await shopApi(api).setStatus(order.id, 'packed');
  await context.setOffline(false);
  const refused = toast(page, 'Fejl: Der kan kun sættes flueben, mens ordren skal pakkes');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(REPLAY_REFUSED);
  await nothingWaits(page);
  // The page shows the server's list again: the order has moved on.
  await expect(card).toBeHidden();
  expect(packedAt(server.dataDir, chain)).toBeNull();
  expect(changes(server.dataDir, order.id, 'line_packed')).toBe(0);
  // It stays until closed.
  await page.waitForTimeout(7000);
  await expect(refused).toBeVisible();
});

/** An order in Afventer betaling for 10 days: due for a payment reminder. */
async function overdueOrder(api: Api, dataDir: string, name: string) {
  const shop = shopApi(api);
  const customer = await shop.customer(name);
  const order = await shop.freeLine(customer.id, 'Halskæde', 100);
  await shop.setStatus(order.id, 'invoiced');
  const at = new Date(Date.now() - 10 * DAY_MS - 60 * 60 * 1000).toISOString();
  withDb(dataDir, (db) => {
    db.prepare('update orders set created_at = ? where id = ?').run(at, order.id);
    db.prepare("update order_history set at = ? where order_id = ? and kind = 'status'").run(at, order.id);
  });
  return { customer, order };
}

const reminderCopiedAt = (dataDir: string, orderId: string) =>
  withDb(
    dataDir,
    (db) =>
      (
        db.prepare('select reminder_copied_at from orders where id = ?').get(orderId) as {
          reminder_copied_at: string | null;
        }
      ).reminder_copied_at,
  );

test('a reminder copied offline is copied at once and recorded once later, also after a reload without network @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const { customer, order } = await overdueOrder(api, server.dataDir, `Offline Tove ${tag}`);
  const posts = answered(page, 'POST', /\/reminder-copied$/);
  await page.goto('/reminders');
  const row = region(page, customer.name);
  await expect(row.getByText('Ikke påmindet endnu')).toBeVisible();
  await serviceWorkerReady(page);
  await persisted(page, '"queryKey":["reminders","reminders","pages"]', customer.name);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await row.getByRole('button', { name: 'Kopiér påmindelse' }).click();
  await expect(toast(page, 'Påmindelse kopieret')).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toMatch(/^Hej Offline\n/);
  await expect(toast(page, QUEUED)).toBeVisible();
  await expect(page.getByText('1 ændring venter')).toBeVisible();
  const reminded = row.getByText(/^Sidst påmindet \d{1,2}\. [a-zæøå]+ kl\. \d{2}:\d{2}$/);
  await expect(reminded).toBeVisible();

  // The list and the waiting record come back after a reload without network.
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Betalingspåmindelser' })).toBeVisible();
  await expect(reminded).toBeVisible();
  await expect(page.getByText('1 ændring venter')).toBeVisible();
  // (The reloaded page may have been online for a moment: then it was recorded once already.)
  expect(changes(server.dataDir, order.id, 'reminder_copied')).toBeLessThanOrEqual(1);

  await context.setOffline(false);
  await nothingWaits(page);
  await expect(reminded).toBeVisible();
  expect(reminderCopiedAt(server.dataDir, order.id)).not.toBeNull();
  expect(posts.count).toBe(1);
  expect(changes(server.dataDir, order.id, 'reminder_copied')).toBe(1);

  await page.reload();
  await expect(reminded).toBeVisible();
  await page.waitForTimeout(1000);
  expect(posts.count).toBe(1);
  expect(changes(server.dataDir, order.id, 'reminder_copied')).toBe(1);
});

test('a reminder copied offline whose order was paid meanwhile is shown in Danish, not kept @phone', async ({
  signedIn: page,
  api,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tag = uniqueTag();
  const { customer, order } = await overdueOrder(api, server.dataDir, `Offline Ulla ${tag}`);
  await page.goto('/reminders');
  const row = region(page, customer.name);
  await expect(row.getByText('Ikke påmindet endnu')).toBeVisible();
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await row.getByRole('button', { name: 'Kopiér påmindelse' }).click();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  // Meanwhile she paid, and the order moved on.
  await shopApi(api).setStatus(order.id, 'paid');
  await context.setOffline(false);
  const refused = toast(page, 'Fejl: Ordren afventer ikke betaling');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(REPLAY_REFUSED);
  await nothingWaits(page);
  await expect(row).toBeHidden();
  expect(reminderCopiedAt(server.dataDir, order.id)).toBeNull();
  expect(changes(server.dataDir, order.id, 'reminder_copied')).toBe(0);
});

/** A past year of its own (sales.spec.ts uses 2002–2019), with one shipped order in March. */
const YEAR = 2000 + Math.floor(Math.random() * 2);

function seedShippedOrder(dataDir: string, tag: string) {
  withDb(dataDir, (db) => {
    const id = (name: string) => `${tag}-${name}`;
    const at = `${YEAR}-03-10T10:00:00.000Z`;
    db.prepare('insert into customers (id, name, name_key, created_at) values (?, ?, ?, ?)').run(
      id('c'),
      `Salg Vera ${tag}`,
      `salg vera ${tag}`,
      at,
    );
    db.prepare(
      'insert into beads (id, name, name_key, price_ore, sale_type, is_deleted, created_at) values (?, ?, ?, ?, null, 0, ?)',
    ).run(id('b'), `Månesten ${tag}`, `månesten ${tag}`, 6000, at);
    db.prepare(
      "insert into orders (id, customer_id, created_at, status, home_delivery, postage_ore) values (?, ?, ?, 'shipped', 0, 5300)",
    ).run(id('o'), id('c'), at);
    const line = db.prepare(
      'insert into order_lines (id, order_id, bead_id, text, price_ore, sale_type, added_at) values (?, ?, ?, null, 6000, null, ?)',
    );
    line.run(id('l1'), id('o'), id('b'), at);
    line.run(id('l2'), id('o'), id('b'), at);
  });
}

test('Salg opens from the cache after a reload without network, with its year’s numbers @phone', async ({
  signedIn: page,
  context,
  server,
}) => {
  const tag = uniqueTag();
  seedShippedOrder(server.dataDir, tag);
  await page.goto(`/sales?year=${YEAR}`);
  const table = page.getByRole('table', { name: `Salg pr. måned i ${YEAR}` });
  const march = table.getByRole('row', { name: /^Marts\b/ });
  await expect(march.getByRole('cell')).toHaveText(['1', '120 kr', '53 kr', '120 kr']);
  const top = page.getByRole('table', { name: 'Top 10 perler efter antal' });
  await expect(top.getByRole('row', { name: new RegExp(`Månesten ${tag}`) })).toBeVisible();
  await serviceWorkerReady(page);
  await persisted(page, `"queryKey":["sales","sales",{"year":${YEAR}}]`, `Månesten ${tag}`);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Salg' })).toBeVisible();
  await expect(march.getByRole('cell')).toHaveText(['1', '120 kr', '53 kr', '120 kr']);
  await expect(top.getByRole('row', { name: new RegExp(`Månesten ${tag}`) })).toBeVisible();
  // The chart's code comes from the service worker's cache.
  await expect(page.locator('[role="img"] svg [data-bar]').first()).toBeAttached();

  await context.setOffline(false);
  await nothingWaits(page);
});
