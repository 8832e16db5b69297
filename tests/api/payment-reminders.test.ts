/**
 * Betalingspåmindelser: GET /api/reminders lists the orders that have waited in Afventer betaling
 * longer than the shop's setting (default 7 days), oldest first, counted from the newest status change into
 * Afventer betaling in the change log (else the order's start), with the amount incl. postage; the setting is
 * checked in Danish; POST /api/orders/:id/reminder-copied keeps when a reminder was copied. Both engines.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentReminder,
  type PaymentReminderList,
  paymentReminderListSchema,
} from '../../src/shared/schemas/api-reminders.ts';
import type { ShopSettings } from '../../src/shared/schemas/api-settings.ts';
import { texts } from '../../src/shared/texts.ts';
import { createBead, createCustomer, createOrder, createOrderLine } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A moment `days` days ago, an hour into the day so the day count is clear of the request's own time. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - 60 * 60 * 1000).toISOString();

describe.each(dialects)('payment reminders on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const getSettings = async () =>
    (await t.request({ method: 'GET', url: '/api/settings/shop' })).json() as ShopSettings;
  const putSettings = async (change: object) =>
    t.request({ method: 'PUT', url: '/api/settings/shop', payload: { ...(await getSettings()), ...change } });
  const list = async (query = ''): Promise<PaymentReminderList> => {
    const response = await t.request({ method: 'GET', url: `/api/reminders${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return paymentReminderListSchema.parse(response.json());
  };
  const mine = async (ids: readonly string[], query = '?limit=200'): Promise<PaymentReminder[]> =>
    (await list(query)).items.filter((item) => ids.includes(item.orderId));
  const logStatus = (orderId: string, at: string, from: string, to: string) =>
    t.db
      .insertInto('order_history')
      .values({
        order_id: orderId,
        at,
        kind: 'status',
        from_value: from,
        to_value: to,
        shipment_id: null,
        undo_of: null,
      })
      .execute();
  /** An order in Afventer betaling since `days` days ago (per its history), started 40 days ago. */
  const invoicedFor = async (days: number, customer: { id: string } | null = null) => {
    const order = await createOrder(t.db, {
      status: 'invoiced',
      createdAt: daysAgo(40),
      ...(customer ? { customerId: customer.id } : {}),
    });
    await createOrderLine(t.db, { orderId: order.id, text: 'Fri linje', priceOre: 10_000 });
    await logStatus(order.id, daysAgo(days), 'active', 'invoiced');
    return order;
  };
  const changeEntries = async (orderId: string) =>
    (
      await t.db
        .selectFrom('change_log')
        .select(['entity', 'action'])
        .where('entity_id', '=', orderId)
        .where('action', '=', 'reminder_copied')
        .execute()
    ).map((row) => `${row.entity} ${row.action}`);

  it('lists orders more than 7 days in Afventer betaling, oldest first, with days waiting and amount', async () => {
    const six = await invoicedFor(6);
    const eight = await invoicedFor(8);
    const ten = await invoicedFor(10);
    const items = await mine([six.id, eight.id, ten.id]);
    expect(items.map((item) => item.orderId)).toEqual([ten.id, eight.id]);
    expect(items.map((item) => item.daysWaiting)).toEqual([10, 8]);
    // 100 kr of lines + the postage frozen when it left Aktiv (53 kr).
    expect(items[0]).toMatchObject({ amountOre: 15_300, lastRemindedAt: null });
    expect((await list()).reminderDays).toBe(7);
  });

  it('counts from the newest move into Afventer betaling, else from the order’s start', async () => {
    // Started 30 days ago, moved to Afventer betaling 2 days ago: not yet.
    const recent = await createOrder(t.db, { status: 'invoiced', createdAt: daysAgo(30) });
    await logStatus(recent.id, daysAgo(2), 'active', 'invoiced');
    // Invoiced 20 days ago, paid, then back to Afventer betaling 3 days ago: the newest entry counts.
    const back = await createOrder(t.db, { status: 'invoiced', createdAt: daysAgo(30) });
    await logStatus(back.id, daysAgo(20), 'active', 'invoiced');
    await logStatus(back.id, daysAgo(15), 'invoiced', 'paid');
    await logStatus(back.id, daysAgo(3), 'paid', 'invoiced');
    // No change log entry (imported, or older than the log): from its start, 9 days ago.
    const imported = await createOrder(t.db, { status: 'invoiced', createdAt: daysAgo(9) });
    const items = await mine([recent.id, back.id, imported.id]);
    expect(items.map((item) => [item.orderId, item.daysWaiting])).toEqual([[imported.id, 9]]);
    expect(items[0]?.waitingSince).toBe(imported.createdAt);
  });

  it('leaves out other statuses and hidden test customers, keeps archived customers (they still owe)', async () => {
    const others = await Promise.all(
      (['active', 'paid', 'packed', 'shipped'] as const).map((status) =>
        createOrder(t.db, { status, createdAt: daysAgo(30) }),
      ),
    );
    const hidden = await invoicedFor(12, await createCustomer(t.db, { name: '{name}' }));
    const archived = await invoicedFor(
      11,
      await createCustomer(t.db, { name: 'Arkiv Anna', archivedAt: daysAgo(1) }),
    );
    const items = await mine([...others.map((order) => order.id), hidden.id, archived.id]);
    expect(items.map((item) => [item.orderId, item.customerName])).toEqual([[archived.id, 'Arkiv Anna']]);
  });

  it('prices the amount as the order shows it: frozen prices, offer pairs and home delivery', async () => {
    const bead = await createBead(t.db, { priceOre: 9_900, saleType: '2 for 125' });
    const order = await createOrder(t.db, { status: 'invoiced', createdAt: daysAgo(50), homeDelivery: true });
    for (let i = 0; i < 2; i++) {
      await createOrderLine(t.db, {
        orderId: order.id,
        beadId: bead.id,
        priceOre: 7_500,
        saleType: '2 for 125',
      });
    }
    await createOrderLine(t.db, { orderId: order.id, text: 'Snor', priceOre: 2_000 });
    await logStatus(order.id, daysAgo(49), 'active', 'invoiced');
    const [item] = await mine([order.id]);
    // A pair at 125 kr + 20 kr + home delivery 73 kr (frozen), whatever the bead costs today.
    expect(item?.amountOre).toBe(12_500 + 2_000 + 7_300);
    const detail = await t.request({ method: 'GET', url: `/api/orders/${order.id}` });
    expect(detail.json().totals.totalWithShippingOre).toBe(item?.amountOre);
  });

  it('follows the setting: fewer days lists more orders, more days fewer', async () => {
    const two = await invoicedFor(2);
    const nine = await invoicedFor(9);
    expect((await mine([two.id, nine.id])).map((item) => item.orderId)).toEqual([nine.id]);
    expect((await putSettings({ reminderDays: 1 })).statusCode).toBe(200);
    expect((await mine([two.id, nine.id])).map((item) => item.orderId)).toEqual([nine.id, two.id]);
    expect((await list()).reminderDays).toBe(1);
    // Nine days and an hour is more than 9 days, not more than 10.
    expect((await putSettings({ reminderDays: 10 })).statusCode).toBe(200);
    expect(await mine([two.id, nine.id])).toEqual([]);
    expect((await putSettings({ reminderDays: 7 })).json().reminderDays).toBe(7);
  });

  it.each([
    ['0 days', 0, texts.reminders.settingInvalid],
    ['366 days', 366, texts.reminders.settingInvalid],
    ['half a day', 7.5, texts.reminders.settingInvalid],
    ['a text', '7', texts.reminders.settingInvalid],
    ['no number', null, texts.reminders.settingRequired],
  ])('refuses %s in Danish and writes nothing', async (_, reminderDays, message) => {
    const before = await getSettings();
    const response = await putSettings({ reminderDays });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field: 'reminderDays' });
    expect(await getSettings()).toEqual(before);
  });

  it('takes a body without the setting as 7 days (an older client), and the database refuses 0 and 366', async () => {
    await putSettings({ reminderDays: 30 });
    const { reminderDays: _, ...older } = await getSettings();
    const response = await t.request({ method: 'PUT', url: '/api/settings/shop', payload: older });
    expect(response.statusCode).toBe(200);
    expect(response.json().reminderDays).toBe(7);
    await expect(sql`update shop_settings set reminder_days = 0`.execute(t.db)).rejects.toThrow();
    await expect(sql`update shop_settings set reminder_days = 366`.execute(t.db)).rejects.toThrow();
    expect((await getSettings()).reminderDays).toBe(7);
  });

  it('keeps when a reminder was copied, records the change, and shows it on the row', async () => {
    const order = await invoicedFor(14);
    const before = Date.now();
    const response = await t.request({ method: 'POST', url: `/api/orders/${order.id}/reminder-copied` });
    expect(response.statusCode).toBe(200);
    const { reminderCopiedAt } = response.json() as { reminderCopiedAt: string };
    expect(Date.parse(reminderCopiedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await changeEntries(order.id)).toEqual(['order reminder_copied']);
    expect((await mine([order.id]))[0]?.lastRemindedAt).toBe(reminderCopiedAt);
  });

  it('keeps the time a copy made offline was made (sent later from the queue), never in the future or over a week back', async () => {
    const copy = async (copiedAt: string) => {
      const order = await invoicedFor(14);
      const response = await t.request({
        method: 'POST',
        url: `/api/orders/${order.id}/reminder-copied`,
        payload: { copiedAt },
      });
      expect(response.statusCode).toBe(200);
      return Date.parse((response.json() as { reminderCopiedAt: string }).reminderCopiedAt);
    };
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    expect(await copy(threeHoursAgo)).toBe(Date.parse(threeHoursAgo));
    const now = Date.now();
    expect(await copy(new Date(now + 86_400_000).toISOString())).toBeLessThanOrEqual(Date.now());
    const clamped = await copy(new Date(now - 30 * 86_400_000).toISOString());
    expect(clamped).toBeGreaterThanOrEqual(now - 7 * 86_400_000 - 1000);
    const order = await invoicedFor(14);
    const bad = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/reminder-copied`,
      payload: { copiedAt: 'i går' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows no reminder copied during an earlier wait', async () => {
    const order = await invoicedFor(10);
    await t.db
      .updateTable('orders')
      .set({ reminder_copied_at: daysAgo(12) })
      .where('id', '=', order.id)
      .execute();
    expect((await mine([order.id]))[0]?.lastRemindedAt).toBeNull();
  });

  it('refuses in Danish: an unknown order 404, one not in Afventer betaling 409, a bad id 400; nothing kept', async () => {
    const post = (id: string, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: `/api/orders/${id}/reminder-copied`, headers });
    const unknown = await post('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: texts.orders.notFound, code: 'ORDER_NOT_FOUND' });

    const paid = await createOrder(t.db, { status: 'paid', createdAt: daysAgo(30) });
    const refused = await post(paid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: texts.reminders.notInvoiced, code: 'ORDER_NOT_INVOICED' });
    expect(await changeEntries(paid.id)).toEqual([]);
    const row = await t.db
      .selectFrom('orders')
      .select('reminder_copied_at')
      .where('id', '=', paid.id)
      .executeTakeFirst();
    expect(row?.reminder_copied_at).toBeNull();

    const tooLong = await post('x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/200 tegn/);

    const order = await invoicedFor(9);
    const badKey = await post(order.id, { 'idempotency-key': 'ikke-en-nøgle' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe(texts.validation.idempotencyKeyInvalid);
    expect(await changeEntries(order.id)).toEqual([]);
  });

  it('repeats a copy with the same Idempotency-Key once', async () => {
    const order = await invoicedFor(9);
    const key = crypto.randomUUID();
    const post = () =>
      t.request({
        method: 'POST',
        url: `/api/orders/${order.id}/reminder-copied`,
        headers: { 'idempotency-key': key },
      });
    const first = await post();
    const second = await post();
    expect(second.json()).toEqual(first.json());
    expect(await changeEntries(order.id)).toEqual(['order reminder_copied']);
  });

  it('pages the list: the pages together are the whole list, in order; a bad page is refused in Danish', async () => {
    for (const days of [20, 21, 22]) await invoicedFor(days);
    const whole = await list('?limit=200');
    expect(whole.total).toBe(whole.items.length);
    expect(whole.next).toBeNull();
    const walked: PaymentReminder[] = [];
    let query = '?limit=2';
    for (let pages = 0; pages < 50; pages++) {
      const page = await list(query);
      expect(page.total).toBe(whole.total);
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items);
      if (!page.next) break;
      query = `?limit=2&afterSince=${encodeURIComponent(page.next.afterSince)}&afterId=${encodeURIComponent(page.next.afterId)}`;
    }
    expect(walked.map((item) => item.orderId)).toEqual(whole.items.map((item) => item.orderId));
    const since = whole.items.map((item) => item.waitingSince);
    expect([...since].sort()).toEqual(since);

    for (const bad of [
      '?limit=0',
      '?limit=201',
      '?limit=x',
      `?afterSince=${encodeURIComponent(daysAgo(9))}`,
    ]) {
      const response = await t.request({ method: 'GET', url: `/api/reminders${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(texts.validation.invalid);
    }
  });

  it('refuses both routes without a session (401, Danish)', async () => {
    for (const [method, url] of [
      ['GET', '/api/reminders'],
      ['POST', '/api/orders/00000000-0000-4000-8000-000000000000/reminder-copied'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBe(texts.auth.unauthorized);
    }
  });

  it('exports the setting and imports a version 2 file without it as 7 days', async () => {
    await putSettings({ reminderDays: 12 });
    const exported = (await t.request({ method: 'GET', url: '/api/data/export.json' })).json();
    expect(exported.shopSettings.reminderDays).toBe(12);
    await putSettings({ reminderDays: 3 });
    const back = await t.request({ method: 'POST', url: '/api/data/import?dryRun=false', payload: exported });
    expect(back.statusCode, back.body).toBe(200);
    expect((await getSettings()).reminderDays).toBe(12);
    const { reminderDays: _, ...withoutIt } = exported.shopSettings;
    const old = await t.request({
      method: 'POST',
      url: '/api/data/import?dryRun=false',
      payload: { ...exported, shopSettings: withoutIt },
    });
    expect(old.statusCode, old.body).toBe(200);
    expect((await getSettings()).reminderDays).toBe(7);
  });
});
