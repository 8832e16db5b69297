/**
 * live events: every write records what it changed in the change log, in its own transaction, and
 * GET /api/events streams the log to signed-in clients (hello, change, resync), with replay from
 * Last-Event-ID or ?since=, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneChangeLog } from '../../src/server/changes/change-log.service.ts';
import { CHANGE_TABLES } from '../../src/shared/api/change-tables.ts';
import { type ApiRoute, apiRoutes } from '../../src/shared/api/routes.ts';
import type { ChangeEntity, LiveChange } from '../../src/shared/domain/changes.ts';
import { matchPath } from '../../src/shared/paths.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { multipartBody } from '../support/multipart.ts';
import { plainPhoto } from '../support/photo-fixtures.ts';
import { openSse, type SseConnection, type SseEvent } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const TAB = 'tab-0123456789abcdef';

describe.each(dialects)('live events on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const open: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const connection of open) connection.close();
    await t.close();
  });

  const connect = async (headers: Record<string, string> = {}, query = '') => {
    const connection = await openSse(`${url}/api/events${query}`, { cookie: t.cookie, ...headers });
    open.push(connection);
    return connection;
  };
  const write = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.request({ method, url: path, payload, headers: { 'x-client-id': TAB } });
  const changeLog = () => t.db.selectFrom('change_log').selectAll().orderBy('seq').execute();
  const latestSeq = async () => Number((await changeLog()).at(-1)?.seq ?? 0);
  const isChange = (match: Partial<LiveChange>) => (event: SseEvent) => {
    if (event.event !== 'change') return false;
    const data = JSON.parse(event.data) as LiveChange;
    return Object.entries(match).every(([key, value]) => data[key as keyof LiveChange] === value);
  };

  it('records each write with its author and tab, in the write’s transaction (a refused write records nothing)', async () => {
    const before = await latestSeq();
    const created = await write('POST', '/api/customers', { name: 'Live Lis' });
    expect(created.statusCode).toBe(201);
    const refused = await write('POST', '/api/customers', { name: 'live lis' });
    expect(refused.statusCode).toBe(409);

    const entries = (await changeLog()).filter((row) => Number(row.seq) > before);
    expect(entries).toHaveLength(1);
    const me = await t.request({ method: 'GET', url: '/api/me' });
    expect(entries[0]).toMatchObject({
      entity: 'customer',
      entity_id: created.json().id,
      action: 'create',
      user_id: me.json().id,
      client_id: TAB,
    });
  });

  it('records every changing shop route (a new route without an entry fails here)', async () => {
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db, { priceOre: 3000 });
    const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 2 });
    const other = await createTodo(t.db, { beadId: bead.id, customerId: null, amount: 1 });
    const shipped = await createOrder(t.db, { customerId: customer.id, status: 'invoiced' });
    const line = await createOrderLine(t.db, { orderId: shipped.id, beadId: bead.id });
    void line;
    const freshCustomer = await createCustomer(t.db);
    let billedId = '';
    let paymentId = '';
    let shipmentId = '';
    // Bead photos (decision 0016): uploaded, ordered, deleted and brought back.
    const photoBead = await createBead(t.db);
    const photoFiles = multipartBody([
      { data: await plainPhoto('jpeg', 320, 240) },
      { data: await plainPhoto('jpeg', 321, 240) },
    ]);
    let photoIds: string[] = [];
    // Stock (docs/product/stock.md): a count, a delivery that fills a waiting order, its undo, a new round.
    const stockBead = await createBead(t.db, { priceOre: 2000 });
    const stockCustomer = await createCustomer(t.db);
    const waiting = await createTodo(t.db, { beadId: stockBead.id, customerId: stockCustomer.id, amount: 1 });
    let deliveryId = '';
    let messageLineIds: string[] = [];
    const cases: Array<{
      route: string;
      run: () => Promise<{ statusCode: number }>;
      entity: string;
      action: string;
    }> = [
      {
        route: 'POST /api/customers',
        run: () => write('POST', '/api/customers', { name: 'Hanne Live' }),
        entity: 'customer',
        action: 'create',
      },
      {
        route: 'POST /api/beads',
        run: () => write('POST', '/api/beads', { name: 'Live perle', priceOre: 2500, saleType: null }),
        entity: 'bead',
        action: 'create',
      },
      {
        route: 'PATCH /api/beads/:id',
        run: () => write('PATCH', `/api/beads/${bead.id}`, { priceOre: 3500 }),
        entity: 'bead',
        action: 'price',
      },
      {
        route: 'POST /api/beads/:id/add-to-customers',
        run: () => write('POST', `/api/beads/${bead.id}/add-to-customers`, { customerIds: [customer.id] }),
        entity: 'order',
        action: 'lines_added',
      },
      {
        route: 'POST /api/customers/:id/message-lines',
        run: async () => {
          const response = await write('POST', `/api/customers/${customer.id}/message-lines`, {
            items: [{ beadId: bead.id, quantity: 1, as: 'line' }],
          });
          messageLineIds = (response.json() as { lineIds: string[] }).lineIds;
          return response;
        },
        entity: 'order',
        action: 'lines_added',
      },
      {
        route: 'POST /api/customers/:id/message-lines/undo',
        run: () =>
          write('POST', `/api/customers/${customer.id}/message-lines/undo`, {
            lineIds: messageLineIds,
            todos: [],
          }),
        entity: 'order',
        action: 'line_deleted',
      },
      {
        route: 'POST /api/customers/:id/active-order',
        run: () => write('POST', `/api/customers/${freshCustomer.id}/active-order`),
        entity: 'order',
        action: 'create',
      },
      {
        route: 'POST /api/customers/:id/lines',
        run: () =>
          write('POST', `/api/customers/${customer.id}/lines`, {
            kind: 'free',
            text: 'Porto',
            priceOre: 500,
          }),
        entity: 'order',
        action: 'lines_added',
      },
      {
        route: 'PATCH /api/orders/:id',
        run: () => write('PATCH', `/api/orders/${shipped.id}`, { status: 'paid' }),
        entity: 'order',
        action: 'status',
      },
      {
        route: 'POST /api/todos',
        run: () =>
          write('POST', '/api/todos', {
            bead: { kind: 'existing', beadId: bead.id },
            customerId: null,
            amount: 2,
          }),
        entity: 'todo',
        action: 'update',
      },
      {
        route: 'PATCH /api/todos/:id',
        run: () => write('PATCH', `/api/todos/${other.id}`, { amount: 5 }),
        entity: 'todo',
        action: 'update',
      },
      {
        route: 'POST /api/todos/:id/complete',
        run: () => write('POST', `/api/todos/${todo.id}/complete`, { idempotencyKey: crypto.randomUUID() }),
        entity: 'todo',
        action: 'complete',
      },
      {
        route: 'DELETE /api/todos/:id',
        run: () => write('DELETE', `/api/todos/${other.id}`),
        entity: 'todo',
        action: 'delete',
      },
      {
        route: 'POST /api/beads/:id/photos',
        run: async () => {
          const response = await t.request({
            method: 'POST',
            url: `/api/beads/${photoBead.id}/photos`,
            payload: photoFiles.payload,
            headers: { ...photoFiles.headers, 'x-client-id': TAB },
          });
          photoIds = response.json().photos.map((photo: { id: string }) => photo.id);
          return response;
        },
        entity: 'bead',
        action: 'photos',
      },
      {
        route: 'PUT /api/beads/:id/photos',
        run: () =>
          t.request({
            method: 'PUT',
            url: `/api/beads/${photoBead.id}/photos`,
            payload: { photoIds: [...photoIds].reverse() },
            headers: { 'x-client-id': TAB },
          }),
        entity: 'bead',
        action: 'photos',
      },
      {
        route: 'DELETE /api/beads/:id/photos/:photoId',
        run: () => write('DELETE', `/api/beads/${photoBead.id}/photos/${photoIds[0]}`),
        entity: 'bead',
        action: 'photos',
      },
      {
        route: 'POST /api/beads/:id/photos/:photoId/restore',
        run: () => write('POST', `/api/beads/${photoBead.id}/photos/${photoIds[0]}/restore`),
        entity: 'bead',
        action: 'photos',
      },
      {
        route: 'DELETE /api/beads/:id',
        run: () => write('DELETE', `/api/beads/${bead.id}`),
        entity: 'bead',
        action: 'delete',
      },
      {
        route: 'PATCH /api/customers/:id',
        run: async () =>
          write('PATCH', `/api/customers/${(await createCustomer(t.db)).id}`, { phone: '12 34 56 78' }),
        entity: 'customer',
        action: 'update',
      },
      {
        route: 'POST /api/customers/:id/archive',
        run: async () => write('POST', `/api/customers/${(await createCustomer(t.db)).id}/archive`),
        entity: 'customer',
        action: 'archive',
      },
      {
        route: 'POST /api/customers/:id/unarchive',
        run: async () =>
          write(
            'POST',
            `/api/customers/${(await createCustomer(t.db, { archivedAt: new Date().toISOString() })).id}/unarchive`,
          ),
        entity: 'customer',
        action: 'unarchive',
      },
      {
        route: 'DELETE /api/customers/:id',
        run: async () => write('DELETE', `/api/customers/${(await createCustomer(t.db)).id}`),
        entity: 'customer',
        action: 'delete',
      },
      {
        route: 'POST /api/orders/:id/reminder-copied',
        run: async () =>
          write(
            'POST',
            `/api/orders/${(await createOrder(t.db, { customerId: customer.id, status: 'invoiced' })).id}/reminder-copied`,
          ),
        entity: 'order',
        action: 'reminder_copied',
      },
      {
        route: 'PUT /api/settings/shop',
        run: async () =>
          t.request({
            method: 'PUT',
            url: '/api/settings/shop',
            payload: {
              ...((await t.request({ method: 'GET', url: '/api/settings/shop' })).json() as object),
              postageOre: 5900,
            },
            headers: { 'x-client-id': TAB },
          }),
        entity: 'shop',
        action: 'update',
      },
      {
        route: 'PUT /api/settings/messages',
        run: () =>
          write('PUT', '/api/settings/messages', {
            carrier: 'gls',
            trackingUrlPostnord: null,
            trackingUrlGls: null,
            trackingUrlDao: null,
            trackingUrlOwn: null,
            messageShipped: null,
            messageArrived: null,
          }),
        entity: 'shop',
        action: 'update',
      },
      {
        route: 'PUT /api/orders/:id/tracking-number',
        run: async () =>
          write(
            'PUT',
            `/api/orders/${(await createOrder(t.db, { customerId: customer.id, status: 'shipped' })).id}/tracking-number`,
            { trackingNumber: 'RR1DK' },
          ),
        entity: 'order',
        action: 'update',
      },
      {
        route: 'POST /api/parcels/tracking-numbers',
        run: async () => {
          const sent = await createOrder(t.db, { customerId: customer.id, status: 'shipped' });
          const reference = sent.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
          return write('POST', '/api/parcels/tracking-numbers', {
            csv: `reference;tracking\n${reference};RR2DK\n`,
          });
        },
        entity: 'order',
        action: 'update',
      },
      {
        route: 'PUT /api/orders/:id/lines/:lineId/packed',
        run: async () => {
          const toPack = await createOrder(t.db, { customerId: customer.id, status: 'paid' });
          const packLine = await createOrderLine(t.db, { orderId: toPack.id, beadId: bead.id });
          return t.request({
            method: 'PUT',
            url: `/api/orders/${toPack.id}/lines/${packLine.id}/packed`,
            payload: { packed: true },
            headers: { 'x-client-id': TAB },
          });
        },
        entity: 'order',
        action: 'line_packed',
      },
      {
        route: 'POST /api/parcels/ship',
        run: async () => {
          const toShip = await createOrder(t.db, { customerId: customer.id, status: 'packed' });
          const shipped = await write('POST', '/api/parcels/ship', { orderIds: [toShip.id] });
          shipmentId = shipped.json().shipmentId;
          return shipped;
        },
        entity: 'order',
        action: 'status',
      },
      {
        route: 'POST /api/parcels/shipments/:id/undo',
        run: () => write('POST', `/api/parcels/shipments/${shipmentId}/undo`),
        entity: 'order',
        action: 'status',
      },
      {
        route: 'POST /api/beads/:id/stock',
        run: () => write('POST', `/api/beads/${stockBead.id}/stock`, { kind: 'count', quantity: 4 }),
        entity: 'stock',
        action: 'moved',
      },
      {
        route: 'POST /api/beads/:id/deliveries',
        run: async () => {
          const response = await write('POST', `/api/beads/${stockBead.id}/deliveries`, {
            quantity: 2,
            todoIds: [waiting.id],
          });
          deliveryId = response.json().movementId;
          return response;
        },
        entity: 'stock',
        action: 'moved',
      },
      {
        route: 'POST /api/stock-movements/:id/undo',
        run: () => write('POST', `/api/stock-movements/${deliveryId}/undo`),
        entity: 'stock',
        action: 'undone',
      },
      // The money (docs/product/money.md): each is recorded as a change of its order.
      {
        route: 'POST /api/orders/:id/bill',
        run: async () => {
          const toBill = await createOrder(t.db, { customerId: customer.id, status: 'invoiced' });
          await createOrderLine(t.db, { orderId: toBill.id, text: 'Fri linje', priceOre: 10_000 });
          billedId = toBill.id;
          return write('POST', `/api/orders/${toBill.id}/bill`);
        },
        entity: 'order',
        action: 'billed',
      },
      {
        route: 'POST /api/orders/:id/payments',
        run: async () => {
          const response = await write('POST', `/api/orders/${billedId}/payments`, {
            amountOre: 1000,
            method: 'cash',
            paidOn: new Date().toISOString().slice(0, 10),
          });
          paymentId = response.json().paymentId;
          return response;
        },
        entity: 'order',
        action: 'payment',
      },
      {
        route: 'DELETE /api/payments/:id',
        run: () => write('DELETE', `/api/payments/${paymentId}`),
        entity: 'order',
        action: 'payment_deleted',
      },
      {
        route: 'POST /api/payments/:id/restore',
        run: () => write('POST', `/api/payments/${paymentId}/restore`),
        entity: 'order',
        action: 'payment',
      },
      {
        route: 'POST /api/orders/:id/credit-notes',
        run: async () => {
          const toCredit = await createOrder(t.db, { customerId: customer.id, status: 'packed' });
          await createOrderLine(t.db, { orderId: toCredit.id, text: 'Fri linje', priceOre: 10_000 });
          await write('PATCH', `/api/orders/${toCredit.id}`, { status: 'shipped' });
          return write('POST', `/api/orders/${toCredit.id}/credit-notes`, {
            lineIds: [],
            postage: true,
            method: 'bank',
            refundedOn: new Date().toISOString().slice(0, 10),
          });
        },
        entity: 'order',
        action: 'credit_note',
      },
      {
        route: 'POST /api/stock/count-round',
        run: () => write('POST', '/api/stock/count-round'),
        entity: 'stock',
        action: 'round',
      },
      {
        route: 'POST /api/data/import',
        run: async () =>
          write(
            'POST',
            '/api/data/import?dryRun=false',
            (await t.request({ method: 'GET', url: '/api/data/export.json' })).json(),
          ),
        entity: 'shop',
        action: 'import',
      },
      {
        route: 'POST /api/data/import.zip',
        run: async () =>
          t.request({
            method: 'POST',
            url: '/api/data/import.zip?dryRun=false',
            payload: (await t.request({ method: 'GET', url: '/api/data/export.zip' })).rawPayload,
            headers: { 'content-type': 'application/zip', 'x-client-id': TAB },
          }),
        entity: 'shop',
        action: 'import',
      },
    ];
    // DELETE /api/order-lines/:id needs a line of an active order: made by the lines case above.
    const covered = new Set(cases.map((c) => c.route));
    // Each write's request, with the tables whose versions it raised and the kinds of change it recorded: held to
    // its route's `writes` (what the app refreshes after it) and to its kinds' tables (after a live event).
    const versions = async () =>
      new Map(
        (await t.db.selectFrom('table_versions').selectAll().execute()).map((row) => [
          row.table_name,
          String(row.version),
        ]),
      );
    const moved: Array<{ route: string; tables: string[]; kinds: string[] }> = [];
    const send = t.request;
    t.request = async (options) => {
      if (options.method === 'GET') return send(options);
      const [before, seq] = [await versions(), await latestSeq()];
      const response = await send(options);
      const after = await versions();
      const pathname = new URL(String(options.url), 'http://x').pathname;
      const route = (Object.values(apiRoutes) as ApiRoute[]).find(
        (entry) => entry.method === options.method && matchPath(entry.path, pathname),
      );
      const kinds = (await changeLog()).filter((row) => Number(row.seq) > seq).map((row) => row.entity);
      if (route && response.statusCode < 300)
        moved.push({
          route: `${route.method} ${route.path}`,
          tables: [...after]
            .filter(([table, version]) => before.get(table) !== version)
            .map(([table]) => table),
          kinds: [...new Set(kinds)],
        });
      return response;
    };
    for (const c of cases) {
      const before = await latestSeq();
      const response = await c.run();
      expect(response.statusCode, c.route).toBeLessThan(300);
      const entries = (await changeLog()).filter((row) => Number(row.seq) > before);
      expect(
        entries.map((row) => `${row.entity} ${row.action}`),
        c.route,
      ).toContain(`${c.entity} ${c.action}`);
    }
    const orders = await t.request({ method: 'GET', url: `/api/customers/${customer.id}` });
    const activeLine = orders.json().orders.find((o: { status: string }) => o.status === 'active')
      .normalLines[0];
    const before = await latestSeq();
    expect((await write('DELETE', `/api/order-lines/${activeLine.id}`)).statusCode).toBe(200);
    expect((await changeLog()).filter((row) => Number(row.seq) > before).map((row) => row.action)).toEqual([
      'line_deleted',
    ]);
    covered.add('DELETE /api/order-lines/:id');
    t.request = send;
    for (const write of moved) {
      const route = (Object.values(apiRoutes) as ApiRoute[]).find(
        (r) => `${r.method} ${r.path}` === write.route,
      );
      expect(
        write.tables.filter((table) => !route?.writes?.includes(table as never)),
        `${write.route} raises versions its route's \`writes\` does not name`,
      ).toEqual([]);
      const ofKinds = write.kinds.flatMap((kind) => CHANGE_TABLES[kind as ChangeEntity] ?? []);
      if (!write.kinds.includes('shop'))
        expect(
          write.tables.filter((table) => !ofKinds.includes(table as never)),
          `${write.route} (${write.kinds.join(', ')}) raises versions its kinds' CHANGE_TABLES do not name`,
        ).toEqual([]);
    }
    // Every write the cases made was held so (the recorder saw each route).
    expect([...covered].filter((route) => !moved.some((write) => write.route === route))).toEqual([]);

    // Writes that change no shop data: sign-in and set-up (better-auth's tables), backups (files).
    const exempt = /^(POST|GET) \/api\/(auth|setup)|^POST \/api\/data\/backups$/;
    const changing = t.app.routeTable
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !exempt.test(route));
    expect(changing.filter((route) => !covered.has(route))).toEqual([]);
  });

  it('streams a hello with the newest change, then each change with its id, entity, action and tab', async () => {
    const stream = await connect();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const hello = await stream.next();
    expect(hello.event).toBe('hello');
    expect(Number(hello.id)).toBe(await latestSeq());
    expect(hello.retry).toBeGreaterThan(0);

    const created = await write('POST', '/api/customers', { name: 'Strøm Sørensen' });
    const event = await stream.next(isChange({ entity: 'customer', id: created.json().id }));
    const data = JSON.parse(event.data) as LiveChange;
    expect(data).toEqual({
      seq: Number(event.id),
      entity: 'customer',
      id: created.json().id,
      action: 'create',
      by: TAB,
    });
    expect(Number(event.id)).toBe(await latestSeq());
  });

  it('replays what a reconnecting client missed, from Last-Event-ID or ?since=, in order and once', async () => {
    const from = await latestSeq();
    const a = await write('POST', '/api/customers', { name: 'Missede Mette' });
    const b = await write('POST', '/api/beads', { name: 'Missede perle', priceOre: 1000, saleType: null });
    const streams = [await connect({ 'last-event-id': String(from) }), await connect({}, `?since=${from}`)];
    for (const stream of streams) {
      const first = await stream.next();
      expect(first.event).toBe('change');
      expect(JSON.parse(first.data)).toMatchObject({ entity: 'customer', id: a.json().id });
      const second = await stream.next();
      expect(JSON.parse(second.data)).toMatchObject({ entity: 'bead', id: b.json().id });
      const hello = await stream.next();
      expect(hello.event).toBe('hello');
      expect(hello.id).toBe(second.id);
    }
    // Live after the replay, nothing twice.
    const c = await write('POST', '/api/customers', { name: 'Efter Ebbe' });
    for (const stream of streams) {
      const live = await stream.next((event) => event.event === 'change');
      expect(JSON.parse(live.data)).toMatchObject({ id: c.json().id });
      const changeIds = stream.events.filter((event) => event.event === 'change').map((event) => event.id);
      expect(new Set(changeIds).size).toBe(changeIds.length);
    }
  });

  it('says resync when the client’s last change was pruned or is unknown to this database', async () => {
    const future = await connect({ 'last-event-id': String((await latestSeq()) + 1000) });
    expect((await future.next()).event).toBe('resync');
    expect((await future.next()).event).toBe('hello');

    // Age every entry beyond the retention and prune: a client behind the pruned point cannot catch up.
    const seqBefore = await latestSeq();
    await createOrder(t.db, {});
    await t.db.updateTable('change_log').set({ at: '2000-01-01T00:00:00.000Z' }).execute();
    await pruneChangeLog(t.db);
    const stale = await connect({ 'last-event-id': String(seqBefore - 1) });
    expect((await stale.next()).event).toBe('resync');
    expect((await stale.next()).event).toBe('hello');
  });

  it('prunes every old entry: the order history is rows of its own and stays', async () => {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id });
    await createOrderLine(t.db, { orderId: order.id });
    expect(
      (await write('PATCH', `/api/orders/${order.id}`, { status: 'invoiced', homeDelivery: true }))
        .statusCode,
    ).toBe(200);
    await t.db.updateTable('change_log').set({ at: '2000-01-01T00:00:00.000Z' }).execute();
    await pruneChangeLog(t.db);
    expect(await changeLog()).toEqual([]);
    const history = await t.request({ method: 'GET', url: `/api/orders/${order.id}/history` });
    expect(
      (history.json() as { entries: Array<{ kind: string; from: unknown; to: unknown }> }).entries.map(
        (entry) => [entry.kind, entry.from, entry.to],
      ),
    ).toEqual([
      ['status', 'active', 'invoiced'],
      ['homeDelivery', false, true],
    ]);
  });

  it('refuses a stream without a session, and ends a stream when its session signs out', async () => {
    const anonymous = await openSse(`${url}/api/events`);
    expect(anonymous.status).toBe(401);

    const { signIn, OWNER } = await import('../support/test-app.ts');
    const cookie = await signIn(t.app, OWNER.email, OWNER.password);
    const stream = await connect({ cookie });
    await stream.next((event) => event.event === 'hello');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expect(
      Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 3000))]),
    ).resolves.toBe('ended');
  });

  it('completing a todo streams the todo and the order it added lines to', async () => {
    const stream = await connect();
    await stream.next((event) => event.event === 'hello');
    const customer = await createCustomer(t.db);
    const bead = await createBead(t.db, { priceOre: 2000 });
    const todo = await createTodo(t.db, { beadId: bead.id, customerId: customer.id, amount: 3 });
    const done = await write('POST', `/api/todos/${todo.id}/complete`, {
      idempotencyKey: crypto.randomUUID(),
    });
    expect(done.statusCode).toBe(200);
    await stream.next(isChange({ entity: 'todo', id: todo.id, action: 'complete' }));
    await stream.next(isChange({ entity: 'order', id: done.json().orderId, action: 'lines_added' }));
  });
});
