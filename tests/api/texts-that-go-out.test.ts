/**
 * Texts that go out (docs/product/messages.md#texts-that-go-out) through the API, on both engines: an order's
 * Pakkenummer (typed, cleaned, checked in Danish, refused before the order is paid, allowed on a shipped one) and
 * read from the shipping service's export by our shipping file's reference, all or nothing; and Indstillinger →
 * Beskeder (GET/PUT /api/settings/messages): defaults, a text equal to the default kept as null, unknown fields
 * and bad links refused, nothing half-written, the database's own checks.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import type { MessageSettings, TrackingCsvResult } from '../../src/shared/schemas/outgoing.ts';
import { texts } from '../../src/shared/texts.ts';
import { createCustomer, createOrder } from '../support/factories.ts';
import { appPerSuite } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const e = texts.outgoing.errors;
const reference = (orderId: string) => orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);

const VALID = {
  carrier: 'postnord',
  trackingUrlPostnord: null,
  trackingUrlGls: null,
  trackingUrlDao: null,
  trackingUrlOwn: null,
  messageShipped: null,
  messageArrived: null,
};

describe.each(dialects)('texts that go out on %s', (kind) => {
  const t = appPerSuite(kind);

  const setTracking = (orderId: string, trackingNumber: unknown) =>
    t.request({ method: 'PUT', url: `/api/orders/${orderId}/tracking-number`, payload: { trackingNumber } });
  const stored = async (orderId: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('tracking_number')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).tracking_number;
  const readCsv = (csv: string) =>
    t.request({ method: 'POST', url: '/api/parcels/tracking-numbers', payload: { csv } });
  const putSettings = (payload: object) =>
    t.request({ method: 'PUT', url: '/api/settings/messages', payload });

  describe('Pakkenummer', () => {
    it('is set on a shipped order, cleaned, and shows in the order’s answer', async () => {
      const order = await createOrder(t.db, { status: 'shipped', number: '2026-0101' });
      const response = await setTracking(order.id, ' 00370 71234 5678 ');
      expect(response.statusCode).toBe(200);
      expect((response.json() as Order).trackingNumber).toBe('00370712345678');
      const read = await t.request({ method: 'GET', url: `/api/orders/${order.id}` });
      expect((read.json() as Order).trackingNumber).toBe('00370712345678');
      expect(await stored(order.id)).toBe('00370712345678');
    });

    it('is removed with null or an empty text', async () => {
      const order = await createOrder(t.db, { status: 'packed' });
      await setTracking(order.id, 'RR1DK');
      expect((await setTracking(order.id, '  ')).json()).toMatchObject({ trackingNumber: null });
      await setTracking(order.id, 'RR1DK');
      expect((await setTracking(order.id, null)).json()).toMatchObject({ trackingNumber: null });
      expect(await stored(order.id)).toBeNull();
    });

    it('refuses what is not a Pakkenummer, in Danish, and writes nothing', async () => {
      const order = await createOrder(t.db, { status: 'shipped' });
      for (const [value, message] of [
        ['12/34', e.trackingInvalid],
        ['æøå', e.trackingInvalid],
        ['1'.repeat(41), e.trackingTooLong],
        [42, e.trackingInvalid],
      ] as const) {
        const response = await setTracking(order.id, value);
        expect(response.statusCode, String(value)).toBe(400);
        expect(response.json()).toMatchObject({ message: message, code: 'VALIDATION' });
      }
      expect(await stored(order.id)).toBeNull();
    });

    it('is refused on an order that is not paid yet (409), and on an unknown one (404)', async () => {
      for (const status of ['active', 'invoiced'] as const) {
        const order = await createOrder(t.db, { status });
        const response = await setTracking(order.id, '123');
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'TRACKING_NOT_READY', message: e.trackingNotReady });
        expect(await stored(order.id)).toBeNull();
      }
      expect((await setTracking(crypto.randomUUID(), '123')).statusCode).toBe(404);
    });

    it('the database keeps its own rule: no lower case, nothing over 40 characters', async () => {
      const order = await createOrder(t.db, { status: 'shipped' });
      for (const bad of ['abc', '1'.repeat(41), '12 34', '']) {
        await expect(
          t.db.updateTable('orders').set({ tracking_number: bad }).where('id', '=', order.id).execute(),
        ).rejects.toThrow();
      }
    });
  });

  describe('the shipping service’s export', () => {
    it('sets each order’s Pakkenummer by our reference, and names the references it could not place', async () => {
      const customer = await createCustomer(t.db, { name: 'Fil-kunde Ærø' });
      const shipped = await createOrder(t.db, { customerId: customer.id, status: 'shipped' });
      const packed = await createOrder(t.db, { customerId: customer.id, status: 'packed' });
      const active = await createOrder(t.db, { customerId: customer.id, status: 'active' });
      const csv = [
        'Name;Reference;Tracking number',
        `Fil-kunde;${reference(shipped.id).toUpperCase()};00370 1111`,
        `Fil-kunde;${reference(packed.id)};"RR22DK"`,
        `Fil-kunde;${reference(active.id)};333`,
        'Andet;zz99zz99;444',
        'Tom;;',
      ].join('\r\n');
      const response = await readCsv(`\uFEFF${csv}\r\n`);
      expect(response.statusCode).toBe(200);
      const result = response.json() as TrackingCsvResult;
      expect(result.updated.map((entry) => [entry.orderId, entry.trackingNumber]).sort()).toEqual(
        [
          [shipped.id, '003701111'],
          [packed.id, 'RR22DK'],
        ].sort(),
      );
      expect(result.unknown.sort()).toEqual([reference(active.id), 'zz99zz99'].sort());
      expect(await stored(shipped.id)).toBe('003701111');
      expect(await stored(packed.id)).toBe('RR22DK');
      expect(await stored(active.id)).toBeNull();

      // A repeat (a lost answer) sets the same again.
      expect((await readCsv(csv)).json()).toMatchObject({ updated: expect.any(Array) });
      expect(await stored(shipped.id)).toBe('003701111');
    });

    it('refuses a file with a bad row or without our columns, and writes nothing from it', async () => {
      const order = await createOrder(t.db, { status: 'shipped' });
      const other = await createOrder(t.db, { status: 'shipped' });
      const bad = await readCsv(
        `reference;stregkode\n${reference(order.id)};555\n${reference(other.id)};5/5\n`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'TRACKING_CSV_INVALID',
        message: e.csvRow(3, e.trackingInvalid),
      });
      expect(await stored(order.id)).toBeNull();
      const noColumn = await readCsv('name;tracking\nBo;1\n');
      expect(noColumn.statusCode).toBe(400);
      expect(noColumn.json()).toMatchObject({ message: e.csvNoReference });
      expect((await readCsv('')).json()).toMatchObject({ message: e.csvEmpty });
    });
  });

  describe('Indstillinger → Beskeder', () => {
    it('starts with PostNord, the carriers’ own links and the default texts (all null)', async () => {
      const response = await t.request({ method: 'GET', url: '/api/settings/messages' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(VALID);
    });

    it('saves every setting, cleaned, keeps a text the same as the default as null, and leaves the shop’s alone', async () => {
      const shopBefore = (await t.request({ method: 'GET', url: '/api/settings/shop' })).json();
      const response = await putSettings({
        ...VALID,
        carrier: 'gls',
        trackingUrlGls: '  https://gls-group.com/DK/da/find-pakke?match={pakkenummer}&x=1 ',
        trackingUrlOwn: 'https://fragt.dk/{pakkenummer}',
        messageShipped: 'Hej {navn}\r\n\r\n\r\nPakke {ordrenummer}: {link} ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        carrier: 'gls',
        trackingUrlGls: 'https://gls-group.com/DK/da/find-pakke?match={pakkenummer}&x=1',
        trackingUrlOwn: 'https://fragt.dk/{pakkenummer}',
        messageShipped: 'Hej {navn}\n\nPakke {ordrenummer}: {link}',
        messageArrived: null,
      });
      expect((await t.request({ method: 'GET', url: '/api/settings/messages' })).json()).toMatchObject({
        carrier: 'gls',
        messageShipped: 'Hej {navn}\n\nPakke {ordrenummer}: {link}',
      });
      const shopAfter = (await t.request({ method: 'GET', url: '/api/settings/shop' })).json();
      expect({ ...shopAfter, updatedAt: null }).toEqual({ ...shopBefore, updatedAt: null });
    });

    it('refuses an unknown field, a bad link and Egen without its link, in Danish, and writes nothing', async () => {
      const before = (
        await t.request({ method: 'GET', url: '/api/settings/messages' })
      ).json() as MessageSettings;
      for (const [body, field, message] of [
        [{ messageShipped: 'Hej {adresse}' }, 'messageShipped', e.unknownField('{adresse}')],
        [{ messageArrived: 'x'.repeat(501) }, 'messageArrived', e.templateTooLong],
        [{ messageArrived: ' ' }, 'messageArrived', e.templateEmpty],
        [{ trackingUrlDao: 'www.dao.as/{pakkenummer}' }, 'trackingUrlDao', e.urlInvalid],
        [{ trackingUrlDao: 'https://www.dao.as/' }, 'trackingUrlDao', e.urlNeedsNumber],
        [{ trackingUrlDao: 'https://dao.as/{pakkenummer}/{navn}' }, 'trackingUrlDao', e.urlOnlyNumber],
        [
          { trackingUrlDao: `https://dao.as/{pakkenummer}${'x'.repeat(300)}` },
          'trackingUrlDao',
          e.urlTooLong,
        ],
        [{ carrier: 'bring' }, 'carrier', e.carrierInvalid],
        [{ carrier: 'own', trackingUrlOwn: null }, 'trackingUrlOwn', e.ownUrlMissing],
      ] as const) {
        const response = await putSettings({ ...VALID, ...body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ message, field });
      }
      const after = (await t.request({ method: 'GET', url: '/api/settings/messages' })).json();
      expect(after).toEqual(before);
    });

    it('the database keeps its own rules on the carrier and the lengths', async () => {
      await expect(t.db.updateTable('shop_settings').set({ carrier: 'bring' }).execute()).rejects.toThrow();
      await expect(
        t.db.updateTable('shop_settings').set({ message_shipped: '' }).execute(),
      ).rejects.toThrow();
      await expect(
        t.db
          .updateTable('shop_settings')
          .set({ tracking_url_gls: 'x'.repeat(301) })
          .execute(),
      ).rejects.toThrow();
    });
  });
});
