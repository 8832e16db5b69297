import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const ID = '00000000-0000-4000-8000-000000000000';
const LINE_ID = '00000000-0000-4000-8000-000000000001';
/** A photo id (22 characters, decision 0016). */
const PHOTO_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Every shop route (with a valid body where one is needed), so only the missing session can refuse it. */
const SHOP_ROUTES: Array<{ method: HTTPMethods; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/customers' },
  { method: 'GET', url: '/api/events' },
  { method: 'POST', url: '/api/customers', payload: { name: 'Uden session' } },
  { method: 'GET', url: `/api/customers/${ID}` },
  // 'Indsæt besked' and the texts that go out (docs/product/messages.md).
  {
    method: 'POST',
    url: `/api/customers/${ID}/message-lines`,
    payload: { items: [{ beadId: ID, quantity: 1, as: 'line' }] },
  },
  { method: 'POST', url: `/api/customers/${ID}/message-lines/undo`, payload: { lineIds: [], todos: [] } },
  { method: 'PUT', url: `/api/orders/${ID}/tracking-number`, payload: { trackingNumber: 'RR123456785DK' } },
  { method: 'POST', url: '/api/parcels/tracking-numbers', payload: { csv: 'reference;tracking\n' } },
  { method: 'GET', url: '/api/settings/messages' },
  { method: 'PUT', url: '/api/settings/messages', payload: {} },
  { method: 'POST', url: `/api/customers/${ID}/active-order` },
  { method: 'PATCH', url: `/api/customers/${ID}`, payload: { name: 'Uden session' } },
  { method: 'POST', url: `/api/customers/${ID}/archive` },
  { method: 'POST', url: `/api/customers/${ID}/unarchive` },
  { method: 'DELETE', url: `/api/customers/${ID}` },
  {
    method: 'POST',
    url: `/api/customers/${ID}/lines`,
    payload: { kind: 'free', text: 'Snor', priceOre: 100 },
  },
  { method: 'GET', url: '/api/beads' },
  { method: 'POST', url: '/api/beads', payload: { name: 'Uden session', priceOre: 100 } },
  { method: 'GET', url: `/api/beads/${ID}` },
  { method: 'PATCH', url: `/api/beads/${ID}`, payload: { priceOre: 100 } },
  { method: 'DELETE', url: `/api/beads/${ID}` },
  { method: 'POST', url: `/api/beads/${ID}/add-to-customers`, payload: { customerIds: [ID] } },
  // Bead photos (decision 0016): the pictures themselves need a session too.
  { method: 'POST', url: `/api/beads/${ID}/photos`, payload: {} },
  { method: 'PUT', url: `/api/beads/${ID}/photos`, payload: { photoIds: [PHOTO_ID] } },
  { method: 'DELETE', url: `/api/beads/${ID}/photos/${PHOTO_ID}` },
  { method: 'POST', url: `/api/beads/${ID}/photos/${PHOTO_ID}/restore` },
  { method: 'GET', url: `/api/photos/${PHOTO_ID}/thumb` },
  { method: 'POST', url: `/api/beads/${ID}/stock`, payload: { kind: 'received', quantity: 1 } },
  { method: 'POST', url: `/api/beads/${ID}/deliveries`, payload: { quantity: 1 } },
  { method: 'POST', url: `/api/stock-movements/${ID}/undo` },
  { method: 'GET', url: '/api/stock/counts' },
  { method: 'POST', url: '/api/stock/count-round' },
  { method: 'GET', url: '/api/todos' },
  { method: 'GET', url: '/api/todos/first' },
  {
    method: 'POST',
    url: '/api/todos',
    payload: { amount: 1, customerId: null, bead: { kind: 'new', name: 'Uden session' } },
  },
  { method: 'PATCH', url: `/api/todos/${ID}`, payload: { amount: 2 } },
  { method: 'DELETE', url: `/api/todos/${ID}` },
  { method: 'POST', url: `/api/todos/${ID}/complete`, payload: { idempotencyKey: ID } },
  { method: 'GET', url: '/api/orders' },
  { method: 'GET', url: `/api/orders/${ID}` },
  { method: 'PATCH', url: `/api/orders/${ID}`, payload: { status: 'paid' } },
  { method: 'GET', url: `/api/orders/${ID}/bill-text` },
  { method: 'GET', url: `/api/orders/${ID}/history` },
  { method: 'GET', url: '/api/orders/shipped?from=2026-11-01T00:00:00.000Z&until=2026-12-01T00:00:00.000Z' },
  { method: 'DELETE', url: `/api/order-lines/${ID}` },
  { method: 'GET', url: '/api/pillow' },
  // Pakning.
  { method: 'GET', url: '/api/packing/orders' },
  { method: 'GET', url: '/api/packing/pick-list' },
  { method: 'PUT', url: `/api/orders/${ID}/lines/${LINE_ID}/packed`, payload: { packed: true } },
  // Indstillinger → Butik.
  { method: 'GET', url: '/api/settings/shop' },
  { method: 'PUT', url: '/api/settings/shop', payload: {} },
  // Betalingspåmindelser.
  { method: 'GET', url: '/api/reminders' },
  { method: 'POST', url: `/api/orders/${ID}/reminder-copied` },
  // Data ownership (import, export, backups): their own tests cover the signed-in behaviour.
  { method: 'POST', url: '/api/data/import', payload: {} },
  { method: 'GET', url: '/api/data/export.json' },
  { method: 'GET', url: '/api/data/export.csv' },
  { method: 'GET', url: '/api/data/export.zip' },
  { method: 'POST', url: '/api/data/import.zip', payload: {} },
  { method: 'GET', url: '/api/data/backups' },
  { method: 'POST', url: '/api/data/backups' },
  // Salg.
  { method: 'GET', url: '/api/sales?year=2026' },
  { method: 'GET', url: '/api/sales.csv?year=2026' },
  // Indstillinger → Telefon.
  { method: 'GET', url: '/api/phone' },
  // The API's description (decision 0020).
  { method: 'GET', url: '/api/openapi.json' },
  // Pakker: the addresses, labels, shipping file and Markér som sendt.
  { method: 'GET', url: '/api/parcels?status=packed' },
  { method: 'GET', url: `/api/parcels/labels.pdf?sheet=a4-3x7-70x42&orders=${ID}` },
  { method: 'GET', url: '/api/parcels/test-sheet.pdf?sheet=a4-3x7-70x42' },
  { method: 'GET', url: `/api/parcels/shipping.csv?orders=${ID}` },
  { method: 'POST', url: '/api/parcels/ship', payload: { orderIds: [ID] } },
  { method: 'POST', url: `/api/parcels/shipments/${ID}/undo` },
  // Penge: the bill, payments, credit notes, receipts and Regnskab.
  { method: 'POST', url: `/api/orders/${ID}/bill` },
  { method: 'POST', url: `/api/orders/${ID}/payments`, payload: {} },
  { method: 'DELETE', url: `/api/payments/${ID}` },
  { method: 'POST', url: `/api/payments/${ID}/restore` },
  { method: 'POST', url: `/api/orders/${ID}/credit-notes`, payload: {} },
  { method: 'GET', url: `/api/orders/${ID}/receipt.pdf` },
  { method: 'GET', url: `/api/credit-notes/${ID}/pdf` },
  { method: 'GET', url: '/api/books?year=2026' },
  { method: 'GET', url: '/api/books.csv?year=2026' },
  { method: 'GET', url: '/api/books/receipts.zip?year=2026' },
];

/**
 * Routes that answer without a session by design (docs/security.md: health, sign-in and the one-time set-up).
 */
const PUBLIC_ROUTES = new Set(['/api/health', '/api/setup', '/api/auth/*', '/api/auth/sign-in/*']);

/** Turns '/api/beads/00000000-…' back into '/api/beads/:id'. */
const pattern = (url: string) =>
  url
    .replaceAll(ID, ':id')
    .replaceAll(LINE_ID, ':lineId')
    .replace(`/photos/${PHOTO_ID}/thumb`, '/photos/:photoId/:size')
    .replaceAll(PHOTO_ID, ':photoId')
    .replace(/\?.*$/, '');

describe.each(dialects)('every shop route needs a session (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(SHOP_ROUTES)('$method $url answers 401 without a session and writes nothing', async (route) => {
    const response = await t.app.inject({ method: route.method, url: route.url, payload: route.payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Du er ikke logget ind', code: 'UNAUTHORIZED' });
  });

  it('leaves the database untouched by the refused calls', async () => {
    for (const table of ['customers', 'beads', 'todos', 'orders', 'order_lines'] as const) {
      expect(await t.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
  });

  it('covers every registered /api route', () => {
    const registered = new Set<string>();
    // printRoutes draws a tree: '├── /api/beads (GET, …)', then '│   └── /:id (…)' one level (4 columns) deeper.
    const prefixes: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /── (\S+) \(([^)]+)\)/.exec(line);
      if (!match) continue;
      const depth = (line.indexOf('── ') - 1) / 4;
      const path = (prefixes[depth - 1] ?? '') + match[1]!;
      prefixes[depth] = path;
      if (!path.startsWith('/api/') || PUBLIC_ROUTES.has(path)) continue;
      for (const method of match[2]!.split(', ')) if (method !== 'HEAD') registered.add(`${method} ${path}`);
    }
    registered.delete('GET /api/me');
    const covered = new Set(SHOP_ROUTES.map((route) => `${route.method} ${pattern(route.url)}`));
    expect([...registered].sort()).toEqual([...covered].sort());
  });
});
