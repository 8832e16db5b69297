/**
 * Indstillinger → Butik: GET/PUT /api/settings/shop on both engines; bad input is refused in Danish
 * and writes nothing; an active order's postage follows the settings while an order that left Aktiv keeps the
 * postage frozen into it; every answer that shows postage agrees (orders, customer, pillow, bill text) and its
 * ETag changes with the settings.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail } from '../../src/shared/schemas/api-customers.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import type { Pillow } from '../../src/shared/schemas/api-pillow.ts';
import type { ShopSettings } from '../../src/shared/schemas/api-settings.ts';
import { texts } from '../../src/shared/texts.ts';
import { createBead, createCustomer } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const t_ = texts.shop;

const VALID = {
  shopName: '  Perle\u200Bhuset  ',
  postageOre: 5300,
  postageHomeOre: 7300,
  mobilePayNumber: null,
  mobilePayBox: null,
  bankReg: null,
  bankAccount: null,
  billGreeting: null,
  billClosing: null,
};

describe.each(dialects)('shop settings API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const getSettings = async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings/shop' });
    expect(response.statusCode).toBe(200);
    return response.json() as ShopSettings;
  };
  const putSettings = (payload: object) => t.request({ method: 'PUT', url: '/api/settings/shop', payload });
  const changeCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('change_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('starts with the shop called Nålepuden, postage 53/73 kr and nothing else set', async () => {
    expect(await getSettings()).toMatchObject({
      shopName: 'Nålepuden',
      postageOre: 5300,
      postageHomeOre: 7300,
      mobilePayNumber: null,
      mobilePayBox: null,
      bankReg: null,
      bankAccount: null,
      billGreeting: null,
      billClosing: null,
    });
  });

  it('saves every setting, cleaned, and records one shop change', async () => {
    const before = await changeCount();
    const response = await putSettings({
      ...VALID,
      mobilePayNumber: '12 34 56 78',
      mobilePayBox: '12345',
      bankReg: '1234',
      bankAccount: '0012345678',
      billGreeting: ' Kære {navn}\r\n\r\n\r\nHer er din regning: ',
      billClosing: 'Kh\u202E',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json() as ShopSettings;
    expect(saved).toMatchObject({
      shopName: 'Perlehuset',
      mobilePayNumber: '12345678',
      mobilePayBox: '12345',
      bankReg: '1234',
      bankAccount: '0012345678',
      billGreeting: 'Kære {navn}\n\nHer er din regning:',
      billClosing: 'Kh',
    });
    expect(await getSettings()).toEqual(saved);
    const entries = await t.db.selectFrom('change_log').selectAll().orderBy('seq').execute();
    expect(entries.slice(before).map((row) => `${row.entity} ${row.entity_id} ${row.action}`)).toEqual([
      'shop settings update',
    ]);
    // Back to nothing set: null clears.
    expect((await putSettings(VALID)).json()).toMatchObject({ mobilePayNumber: null, bankReg: null });
  });

  it.each([
    ['a postage above 1.000 kr', { postageOre: 100_001 }, t_.postageTooHigh, 'postageOre'],
    ['a negative postage', { postageHomeOre: -1 }, texts.validation.priceNegative, 'postageHomeOre'],
    ['a postage in kroner with decimals', { postageOre: 53.5 }, texts.validation.priceInvalid, 'postageOre'],
    ['no postage', { postageOre: null }, t_.postageRequired, 'postageOre'],
    ['an empty shop name', { shopName: ' \u200B ' }, t_.shopNameRequired, 'shopName'],
    ['a shop name of 121 characters', { shopName: 'x'.repeat(121) }, t_.shopNameTooLong, 'shopName'],
    [
      'a MobilePay number of 7 digits',
      { mobilePayNumber: '1234567' },
      t_.mobilePayNumberInvalid,
      'mobilePayNumber',
    ],
    [
      'a MobilePay number with letters',
      { mobilePayNumber: '1234567a' },
      t_.mobilePayNumberInvalid,
      'mobilePayNumber',
    ],
    ['a MobilePay Box of 6 digits', { mobilePayBox: '123456' }, t_.mobilePayBoxInvalid, 'mobilePayBox'],
    ['a reg.nr. of 3 digits', { bankReg: '123', bankAccount: '1' }, t_.bankRegInvalid, 'bankReg'],
    [
      'an account of 11 digits',
      { bankReg: '1234', bankAccount: '12345678901' },
      t_.bankAccountInvalid,
      'bankAccount',
    ],
    ['an account without reg.nr.', { bankAccount: '12345' }, t_.bankIncomplete, 'bankReg'],
    ['a reg.nr. without account', { bankReg: '1234' }, t_.bankIncomplete, 'bankAccount'],
    ['a greeting of 501 characters', { billGreeting: 'x'.repeat(501) }, t_.billTextTooLong, 'billGreeting'],
    ['an empty closing', { billClosing: ' \n ' }, t_.billTextEmpty, 'billClosing'],
  ])('refuses %s in Danish and writes nothing', async (_, change, message, field) => {
    const before = await getSettings();
    const changes = await changeCount();
    const response = await putSettings({ ...VALID, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
    expect(await getSettings()).toEqual(before);
    expect(await changeCount()).toBe(changes);
  });

  it('refuses a body without every setting, and a second settings row', async () => {
    const { shopName: _, ...partial } = VALID;
    const response = await putSettings(partial);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(t_.shopNameRequired);
    await expect(
      sql`insert into shop_settings (id, updated_at) values (2, '2026-01-01T00:00:00.000Z')`.execute(t.db),
    ).rejects.toThrow();
    await expect(sql`update shop_settings set postage_ore = 100001`.execute(t.db)).rejects.toThrow();
    await expect(sql`update shop_settings set mobilepay_number = '1234'`.execute(t.db)).rejects.toThrow();
  });

  describe('postage', () => {
    let active: { customerId: string; orderId: string };
    let invoiced: { customerId: string; orderId: string };
    let shipped: { customerId: string; orderId: string };

    /** A customer with an order holding one 100-kr bead line, moved through `statuses`. */
    const orderWith = async (statuses: string[], homeDelivery = false) => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db, { priceOre: 10_000 });
      const added = await t.request({
        method: 'POST',
        url: `/api/customers/${customer.id}/lines`,
        payload: { kind: 'bead', beadId: bead.id },
      });
      const orderId = (added.json() as Order).id;
      if (homeDelivery) await patch(orderId, { homeDelivery: true });
      for (const status of statuses) expect((await patch(orderId, { status })).statusCode).toBe(200);
      return { customerId: customer.id, orderId };
    };
    const patch = (id: string, payload: object) =>
      t.request({ method: 'PATCH', url: `/api/orders/${id}`, payload });
    const openOrders = async () => (await t.request({ method: 'GET', url: '/api/orders' })).json() as Order[];
    const orderIn = (orders: Order[], id: string) => orders.find((order) => order.id === id)!;
    const customerOrder = async ({ customerId, orderId }: { customerId: string; orderId: string }) =>
      orderIn(
        ((await t.request({ method: 'GET', url: `/api/customers/${customerId}` })).json() as CustomerDetail)
          .orders,
        orderId,
      );
    const billText = async (orderId: string) =>
      (await t.request({ method: 'GET', url: `/api/orders/${orderId}/bill-text` })).json().text as string;

    beforeAll(async () => {
      expect((await putSettings(VALID)).statusCode).toBe(200);
      active = await orderWith([]);
      invoiced = await orderWith(['invoiced'], true);
      shipped = await orderWith(['invoiced', 'paid', 'packed', 'shipped']);
    });

    it('is frozen into an order when it leaves Aktiv, and null while it is active', async () => {
      const rows = await t.db
        .selectFrom('orders')
        .select(['id', 'postage_ore'])
        .where('id', 'in', [active.orderId, invoiced.orderId, shipped.orderId])
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row.postage_ore]));
      expect(byId.get(active.orderId)).toBeNull();
      expect(byId.get(invoiced.orderId)).toBe(7300);
      expect(byId.get(shipped.orderId)).toBe(5300);
    });

    it('59/79 kr: the active order’s total follows everywhere, the invoiced and shipped orders’ do not', async () => {
      const etag = (await t.request({ method: 'GET', url: '/api/orders' })).headers.etag as string;
      const pillowEtag = (await t.request({ method: 'GET', url: '/api/pillow' })).headers.etag as string;
      const customerEtag = (await t.request({ method: 'GET', url: `/api/customers/${active.customerId}` }))
        .headers.etag as string;
      expect((await putSettings({ ...VALID, postageOre: 5900, postageHomeOre: 7900 })).statusCode).toBe(200);

      // The answers that show postage are not confirmed as unchanged.
      for (const [url, tag] of [
        ['/api/orders', etag],
        ['/api/pillow', pillowEtag],
        [`/api/customers/${active.customerId}`, customerEtag],
      ] as const) {
        const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': tag } });
        expect(again.statusCode, url).toBe(200);
      }

      const orders = await openOrders();
      expect(orderIn(orders, active.orderId).totals).toEqual({
        totalOre: 10_000,
        shippingOre: 5900,
        discountOre: 0,
        totalWithShippingOre: 15_900,
      });
      expect(orderIn(orders, invoiced.orderId).totals.shippingOre).toBe(7300);
      expect((await customerOrder(active)).totals.shippingOre).toBe(5900);
      expect((await customerOrder(invoiced)).totals.shippingOre).toBe(7300);
      expect((await customerOrder(shipped)).totals).toEqual({
        totalOre: 10_000,
        shippingOre: 5300,
        discountOre: 0,
        totalWithShippingOre: 15_300,
      });
      const pillow = (await t.request({ method: 'GET', url: '/api/pillow' })).json() as Pillow;
      expect(pillow.orders.find((order) => order.id === active.orderId)?.totals.shippingOre).toBe(5900);
      expect(await billText(active.orderId)).toContain('Porto: 59 kr\nI alt: 159 kr');
      expect(await billText(invoiced.orderId)).toContain('Porto (hjemmelevering): 73 kr\nI alt: 173 kr');
      expect(await billText(shipped.orderId)).toContain('Porto: 53 kr\nI alt: 153 kr');

      // Home delivery on the active order: the current home price.
      expect((await patch(active.orderId, { homeDelivery: true })).json().totals.shippingOre).toBe(7900);
      expect((await patch(active.orderId, { homeDelivery: false })).json().totals.shippingOre).toBe(5900);
    });

    it('follows the settings again when the order returns to Aktiv, and freezes the new price when it leaves', async () => {
      const back = await patch(invoiced.orderId, { status: 'active' });
      expect(back.json().totals.shippingOre).toBe(7900);
      const row = await t.db
        .selectFrom('orders')
        .select('postage_ore')
        .where('id', '=', invoiced.orderId)
        .executeTakeFirstOrThrow();
      expect(row.postage_ore).toBeNull();
      expect((await patch(invoiced.orderId, { status: 'invoiced' })).json().totals.shippingOre).toBe(7900);
      // A later status keeps it; a changed delivery of an order that is not active takes today's price for it.
      expect((await patch(invoiced.orderId, { status: 'paid' })).json().totals.shippingOre).toBe(7900);
      expect((await putSettings({ ...VALID, postageOre: 6100, postageHomeOre: 8100 })).statusCode).toBe(200);
      expect((await customerOrder(invoiced)).totals.shippingOre).toBe(7900);
      expect((await patch(invoiced.orderId, { homeDelivery: false })).json().totals.shippingOre).toBe(6100);
      expect((await customerOrder(shipped)).totals.shippingOre).toBe(5300);
    });

    it('bill text: names the MobilePay number, the shop and asks for the contact details it lacks', async () => {
      expect(
        (
          await putSettings({
            ...VALID,
            shopName: 'Perlehuset',
            postageOre: 5900,
            postageHomeOre: 7900,
            mobilePayNumber: '12345678',
          })
        ).statusCode,
      ).toBe(200);
      const text = await billText(active.orderId);
      expect(text).toContain('Porto: 59 kr\nI alt: 159 kr');
      expect(text).toContain('Vil du betale nu? Du kan betale med MobilePay på 12 34 56 78.');
      expect(text).toContain(
        'Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?',
      );
      expect(text.endsWith('Mange hilsner\nBirthe Ørsted\nPerlehuset')).toBe(true);

      // The customer's contact details: only the missing one is asked for.
      await t.db
        .updateTable('customers')
        .set({ phone: '12345678', email: 'kunde@example.dk' })
        .where('id', '=', active.customerId)
        .execute();
      expect(await billText(active.orderId)).toContain(
        'Vil du også sende mig din adresse, så jeg kan sende pakken til dig?',
      );
      await t.db
        .updateTable('customers')
        .set({ address: 'Perlevej 1, 8000 Aarhus C' })
        .where('id', '=', active.customerId)
        .execute();
      expect(await billText(active.orderId)).not.toContain('Vil du også sende mig');
    });
  });
});
