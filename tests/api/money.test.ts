/**
 * The shop's money (docs/product/money.md) through the API, on both engines: bill numbers (given when the bill is
 * sent or the order leaves Aktiv, never changed, 'Annulleret' when it goes back or is emptied), payments she
 * records (a full one moves Afventer betaling on, deleting it moves it back, a double tap records one), a status
 * set by hand counting as paid without counting twice, 'Rabat' and 'Afhentning', credit notes, receipts read back
 * from the PDF, and Regnskab's sums equal to its file's.
 */
import { describe, expect, it } from 'vitest';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import { booksSchema } from '../../src/shared/schemas/api-books.ts';
import {
  type CreditNoteMade,
  creditNoteMadeSchema,
  type Order,
  orderSchema,
  type PaymentResult,
  paymentResultSchema,
} from '../../src/shared/schemas/api-orders.ts';
import type { ShopSettings } from '../../src/shared/schemas/api-settings.ts';
import { texts } from '../../src/shared/texts.ts';
import { createBead, createCustomer } from '../support/factories.ts';
import { readPdf } from '../support/pdf-text.ts';
import { appPerSuite } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const YEAR = copenhagenYear();
const TODAY = copenhagenDate();
const numberPattern = new RegExp(`^${YEAR}-\\d{4,}$`);
const seqOf = (number: string | null) => Number(number?.split('-')[1]);

describe.each(dialects)('the money on %s', (kind) => {
  const t = appPerSuite(kind);

  const json = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = {},
  ) => {
    const response = await t.request({ method, url, payload, headers });
    return { status: response.statusCode, body: response.body ? response.json() : null, response };
  };
  const getOrder = async (id: string): Promise<Order> =>
    orderSchema.parse((await json('GET', `/api/orders/${id}`)).body);
  const setStatus = async (id: string, status: string) => {
    const answer = await json('PATCH', `/api/orders/${id}`, { status });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return orderSchema.parse(answer.body);
  };
  /** A customer with an active order of one free line at `priceOre`. */
  const activeOrder = async (priceOre = 12_500, name?: string) => {
    const customer = await createCustomer(t.db, name ? { name } : {});
    const added = await json(
      'POST',
      `/api/customers/${customer.id}/lines`,
      {
        kind: 'free',
        text: 'Perlekæde',
        priceOre,
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return { customer, order: orderSchema.parse(added.body) };
  };
  const pay = async (orderId: string, amountOre: number, extra: object = {}, key = crypto.randomUUID()) =>
    json(
      'POST',
      `/api/orders/${orderId}/payments`,
      { amountOre, method: 'mobilepay', paidOn: TODAY, ...extra },
      {
        'idempotency-key': key,
      },
    );
  const paid = async (orderId: string, amountOre: number, extra: object = {}): Promise<PaymentResult> => {
    const answer = await pay(orderId, amountOre, extra);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return paymentResultSchema.parse(answer.body);
  };
  const settings = async () => (await json('GET', '/api/settings/shop')).body as ShopSettings;
  const putSettings = async (change: Partial<ShopSettings>) => {
    const { updatedAt: _, ...current } = await settings();
    const answer = await json('PUT', '/api/settings/shop', { ...current, ...change });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  describe('bill numbers', () => {
    it('gives an order its number when it leaves Aktiv, the next of the year, and never changes it', async () => {
      const { order: first } = await activeOrder();
      const { order: second } = await activeOrder();
      expect(first.number).toBeNull();
      expect(first.billState).toBe('unbilled');
      const a = await setStatus(first.id, 'invoiced');
      const b = await setStatus(second.id, 'paid');
      expect(a.number).toMatch(numberPattern);
      expect(seqOf(b.number)).toBe(seqOf(a.number) + 1);
      expect(a.billState).toBe('billed');
      expect(Date.parse(a.billedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      // Back and forth: the same number; back in Aktiv it is 'Annulleret' until billed again.
      const back = await setStatus(first.id, 'active');
      expect(back.number).toBe(a.number);
      expect(back.billState).toBe('cancelled');
      const again = await setStatus(first.id, 'invoiced');
      expect(again.number).toBe(a.number);
      expect(again.billState).toBe('billed');
      expect(again.billedAt).toBe(a.billedAt);
    });

    it('numbers the bill she sends, with the number in its text and MobilePay asked to name it', async () => {
      await putSettings({ mobilePayNumber: '12345678' });
      const { order } = await activeOrder();
      const preview = await json('GET', `/api/orders/${order.id}/bill-text`);
      expect(preview.body.number).toBeNull();
      expect(preview.body.text).not.toContain('Regningsnummer');
      const sent = await json('POST', `/api/orders/${order.id}/bill`);
      expect(sent.status).toBe(200);
      expect(sent.body.number).toMatch(numberPattern);
      expect(sent.body.text).toContain(`Regningsnummer: ${sent.body.number}`);
      expect(sent.body.text).toContain(`Skriv ${sent.body.number} i beskeden, når du betaler med MobilePay.`);
      // Sent again, or read back: the same number; the order is still active and billed.
      const twice = await json('POST', `/api/orders/${order.id}/bill`);
      expect(twice.body.number).toBe(sent.body.number);
      expect((await json('GET', `/api/orders/${order.id}/bill-text`)).body.number).toBe(sent.body.number);
      const read = await getOrder(order.id);
      expect(read).toMatchObject({ status: 'active', number: sent.body.number, billState: 'billed' });
      // Leaving Aktiv keeps it.
      expect((await setStatus(order.id, 'invoiced')).number).toBe(sent.body.number);
      await putSettings({ mobilePayNumber: null });
    });

    it('keeps the number of an order that is emptied: Annulleret, and never deleted', async () => {
      const { order } = await activeOrder();
      const { number } = (await json('POST', `/api/orders/${order.id}/bill`)).body;
      const lineId = order.normalLines[0]!.id;
      const emptied = await json('DELETE', `/api/order-lines/${lineId}`);
      expect(emptied.status).toBe(200);
      expect(orderSchema.parse(emptied.body)).toMatchObject({ number, billState: 'cancelled' });
      await expect(t.db.deleteFrom('orders').where('id', '=', order.id).execute()).rejects.toThrow();
      expect((await getOrder(order.id)).number).toBe(number);
    });

    it('shows the number in Ordrer’s list and on the customer’s page', async () => {
      const { customer, order } = await activeOrder();
      const billed = await setStatus(order.id, 'invoiced');
      const open = (await json('GET', '/api/orders')).body as Order[];
      expect(open.find((each) => each.id === order.id)?.number).toBe(billed.number);
      const page = await json('GET', `/api/customers/${customer.id}`);
      expect(page.body.orders.find((each: Order) => each.id === order.id).number).toBe(billed.number);
    });
  });

  describe('payments', () => {
    it('records a part payment, then the rest, which moves Afventer betaling on to Skal pakkes', async () => {
      const { order } = await activeOrder(12_500);
      await setStatus(order.id, 'invoiced');
      // 125 kr + 53 kr postage = 178 kr.
      const part = await paid(order.id, 10_000);
      expect(part.statusChange).toBeNull();
      expect(part.order.payment).toMatchObject({ recordedOre: 10_000, paidOre: 10_000, owedOre: 7800 });
      expect(part.order.status).toBe('invoiced');
      const rest = await paid(order.id, 7800, { method: 'bank' });
      expect(rest.statusChange).toEqual({ from: 'invoiced', to: 'paid' });
      expect(rest.order.status).toBe('paid');
      expect(rest.order.payment).toMatchObject({ paidOre: 17_800, owedOre: 0, overpaidOre: 0, deemedOre: 0 });
      expect(rest.order.payments.map((payment) => [payment.amountOre, payment.method])).toEqual([
        [10_000, 'mobilepay'],
        [7800, 'bank'],
      ]);
      const history = (await json('GET', `/api/orders/${order.id}/history`)).body;
      expect(history.entries.at(-1)).toMatchObject({ kind: 'status', from: 'invoiced', to: 'paid' });
    });

    it('deletes a payment (back to Afventer betaling when it had moved the order) and brings it back', async () => {
      const { order } = await activeOrder(12_500);
      await setStatus(order.id, 'invoiced');
      const full = await paid(order.id, 17_800);
      expect(full.order.status).toBe('paid');
      const deleted = paymentResultSchema.parse(
        (await json('DELETE', `/api/payments/${full.paymentId}`)).body,
      );
      expect(deleted.statusChange).toEqual({ from: 'paid', to: 'invoiced' });
      expect(deleted.order).toMatchObject({
        status: 'invoiced',
        payment: { recordedOre: 0, owedOre: 17_800 },
      });
      // A repeat changes nothing more.
      const repeat = paymentResultSchema.parse(
        (await json('DELETE', `/api/payments/${full.paymentId}`)).body,
      );
      expect(repeat.statusChange).toBeNull();
      const restored = paymentResultSchema.parse(
        (await json('POST', `/api/payments/${full.paymentId}/restore`)).body,
      );
      expect(restored.statusChange).toEqual({ from: 'invoiced', to: 'paid' });
      expect(restored.order.payment.recordedOre).toBe(17_800);
      expect((await json('DELETE', `/api/payments/${crypto.randomUUID()}`)).status).toBe(404);
    });

    it('allows paying too much and says how much; a double tap (same key) records one payment', async () => {
      const { order } = await activeOrder(12_500);
      await setStatus(order.id, 'invoiced');
      const key = crypto.randomUUID();
      const [one, two] = await Promise.all([pay(order.id, 20_000, {}, key), pay(order.id, 20_000, {}, key)]);
      expect([one.status, two.status]).toEqual([201, 201]);
      expect(two.body.paymentId).toBe(one.body.paymentId);
      const read = await getOrder(order.id);
      expect(read.payments).toHaveLength(1);
      expect(read.payment).toMatchObject({ recordedOre: 20_000, owedOre: 0, overpaidOre: 2200 });
    });

    it('refuses in Danish: no number, a bad amount, way or date, and an Annulleret order', async () => {
      const { order } = await activeOrder();
      const unnumbered = await pay(order.id, 1000);
      expect(unnumbered.status).toBe(409);
      expect(unnumbered.body.message).toBe(texts.money.errors.notNumbered);
      await setStatus(order.id, 'invoiced');
      const cases: Array<[object, string]> = [
        [{ amountOre: 0 }, texts.money.amountPositive],
        [{ amountOre: 100_000_001 }, texts.money.amountTooHigh],
        [{ method: 'bitcoin' }, texts.money.methodRequired],
        [{ paidOn: '2026-02-30' }, texts.money.dateInvalid],
        [{ paidOn: '2999-01-01' }, texts.money.dateInFuture],
        [{ paidOn: '1999-12-31' }, texts.money.dateTooOld],
      ];
      for (const [change, message] of cases) {
        const answer = await json(
          'POST',
          `/api/orders/${order.id}/payments`,
          {
            amountOre: 1000,
            method: 'cash',
            paidOn: TODAY,
            ...change,
          },
          { 'idempotency-key': crypto.randomUUID() },
        );
        expect(answer.status, JSON.stringify(change)).toBe(400);
        expect(answer.body.message).toBe(message);
      }
      await setStatus(order.id, 'active');
      const cancelled = await pay(order.id, 1000);
      expect(cancelled.status).toBe(409);
      expect(cancelled.body.message).toBe(texts.money.errors.cancelledOrder);
      expect((await getOrder(order.id)).payments).toHaveLength(0);
    });

    it('counts an order set to Skal pakkes by hand as paid, and a payment recorded later never twice', async () => {
      const { order } = await activeOrder(12_500);
      const byHand = await setStatus(order.id, 'paid');
      expect(byHand.payment).toMatchObject({
        recordedOre: 0,
        deemedOre: 17_800,
        paidOre: 17_800,
        owedOre: 0,
      });
      expect(byHand.settledAt).not.toBeNull();
      const part = await paid(order.id, 5000, { method: 'cash' });
      expect(part.order.payment).toMatchObject({ recordedOre: 5000, deemedOre: 12_800, paidOre: 17_800 });
      expect(part.statusChange).toBeNull();
      // Back to Afventer betaling: only what she recorded counts.
      const back = await setStatus(order.id, 'invoiced');
      expect(back.payment).toMatchObject({ deemedOre: 0, paidOre: 5000, owedOre: 12_800 });
      expect(back.settledAt).toBeNull();
    });
  });

  describe('discount and pick-up', () => {
    it('takes a Rabat off in kr or %, shows it in the bill, and refuses one below 0 kr in Danish', async () => {
      const { order } = await activeOrder(20_000);
      const pct = orderSchema.parse(
        (await json('PATCH', `/api/orders/${order.id}`, { discount: { kind: 'pct', value: 10 } })).body,
      );
      expect(pct.totals).toMatchObject({ totalOre: 20_000, discountOre: 2000, totalWithShippingOre: 23_300 });
      const bill = (await json('GET', `/api/orders/${order.id}/bill-text`)).body.text as string;
      expect(bill).toContain('- Rabat (10 %): -20 kr');
      expect(bill).toContain('I alt: 233 kr');
      const tooMuch = await json('PATCH', `/api/orders/${order.id}`, {
        discount: { kind: 'kr', value: 25_301 },
      });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.message).toBe(texts.money.discountTooLarge);
      const whole = orderSchema.parse(
        (await json('PATCH', `/api/orders/${order.id}`, { discount: { kind: 'kr', value: 25_300 } })).body,
      );
      expect(whole.totals.totalWithShippingOre).toBe(0);
      const bad = await json('PATCH', `/api/orders/${order.id}`, { discount: { kind: 'pct', value: 101 } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(texts.money.discountPctRange);
      const none = orderSchema.parse(
        (await json('PATCH', `/api/orders/${order.id}`, { discount: null })).body,
      );
      expect(none.discount).toBeNull();
      expect(none.totals.discountOre).toBe(0);
      await setStatus(order.id, 'invoiced');
      const frozen = await json('PATCH', `/api/orders/${order.id}`, { discount: { kind: 'pct', value: 5 } });
      expect(frozen.status).toBe(409);
    });

    it('costs no postage when picked up (Afhentning), frozen so when it leaves Aktiv', async () => {
      const { order } = await activeOrder(20_000);
      const pickup = orderSchema.parse(
        (await json('PATCH', `/api/orders/${order.id}`, { pickup: true })).body,
      );
      expect(pickup).toMatchObject({
        pickup: true,
        totals: { shippingOre: 0, discountOre: 0, totalWithShippingOre: 20_000 },
      });
      const bill = (await json('GET', `/api/orders/${order.id}/bill-text`)).body.text as string;
      expect(bill).toContain('Afhentning: 0 kr');
      expect(bill).not.toContain('din adresse');
      const billed = await setStatus(order.id, 'invoiced');
      expect(billed.totals.shippingOre).toBe(0);
      const posted = orderSchema.parse(
        (await json('PATCH', `/api/orders/${order.id}`, { pickup: false })).body,
      );
      expect(posted.totals.shippingOre).toBe(5300);
    });
  });

  describe('receipts and credit notes', () => {
    it('makes a receipt of a paid order with the shop, the number, the lines and how it was paid', async () => {
      await putSettings({ address: 'Perlegade 7\n8000 Aarhus C', cvr: '12345678', vatRegistered: false });
      const { order } = await activeOrder(12_500, 'Łucja Øster');
      await setStatus(order.id, 'invoiced');
      expect((await json('GET', `/api/orders/${order.id}/receipt.pdf`)).status).toBe(409);
      await paid(order.id, 17_800);
      const receipt = await t.request({ method: 'GET', url: `/api/orders/${order.id}/receipt.pdf` });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      const number = (await getOrder(order.id)).number ?? '';
      expect(receipt.headers['content-disposition']).toContain(`kvittering-${number}.pdf`);
      const words = (await readPdf(receipt.rawPayload))
        .flatMap((page) => page.words.map((w) => w.text))
        .join(' ');
      for (const expected of [
        'Kvittering',
        number,
        'Perlegade',
        'CVR-nr. 12345678',
        'Łucja Øster',
        'Perlekæde',
        '125 kr',
        'Porto 53 kr',
        'I alt 178 kr',
        'Butikken er ikke momsregistreret',
        'MobilePay',
      ])
        expect(words).toContain(expected);
      await putSettings({ vatRegistered: true });
      const { order: vatOrder } = await activeOrder(12_500);
      await setStatus(vatOrder.id, 'paid');
      const vatPdf = await t.request({ method: 'GET', url: `/api/orders/${vatOrder.id}/receipt.pdf` });
      const vatWords = (await readPdf(vatPdf.rawPayload))
        .flatMap((p) => p.words.map((w) => w.text))
        .join(' ');
      expect(vatWords).toContain('Heraf moms (25 %): 35,60 kr');
      await putSettings({ vatRegistered: false, address: null, cvr: null });
    });

    it('credits a shipped order: ticked rows, then the rest, numbered from the same series', async () => {
      const customer = await createCustomer(t.db);
      const bead = await createBead(t.db, { priceOre: 4500 });
      for (const line of [
        { kind: 'bead', beadId: bead.id },
        { kind: 'bead', beadId: bead.id },
        { kind: 'free', text: 'Gaveæske', priceOre: 2000 },
      ])
        await json('POST', `/api/customers/${customer.id}/lines`, line, {
          'idempotency-key': crypto.randomUUID(),
        });
      const detail = await json('GET', `/api/customers/${customer.id}`);
      const orderId = detail.body.orders[0].id as string;
      await setStatus(orderId, 'paid');
      const notShipped = await json(
        'POST',
        `/api/orders/${orderId}/credit-notes`,
        {
          lineIds: [],
          postage: true,
          method: 'mobilepay',
          refundedOn: TODAY,
        },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(notShipped.status).toBe(409);
      expect(notShipped.body.message).toBe(texts.money.errors.creditNotShipped);
      const shipped = await setStatus(orderId, 'shipped');
      const box = shipped.normalLines.find((line) => line.text === 'Gaveæske')!;
      const credit = async (body: object) =>
        json(
          'POST',
          `/api/orders/${orderId}/credit-notes`,
          { method: 'mobilepay', refundedOn: TODAY, ...body },
          {
            'idempotency-key': crypto.randomUUID(),
          },
        );
      const first = creditNoteMadeSchema.parse((await credit({ lineIds: [box.id], postage: false })).body);
      expect(first.creditNote.totalOre).toBe(2000);
      expect(seqOf(first.creditNote.number)).toBe(seqOf(shipped.number) + 1);
      expect(first.order.status).toBe('shipped');
      expect(first.order.creditedLineIds).toEqual([box.id]);
      const twice = await credit({ lineIds: [box.id], postage: false });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(texts.money.errors.creditLineTwice);
      const rest: CreditNoteMade = creditNoteMadeSchema.parse(
        (
          await credit({
            lineIds: shipped.normalLines.filter((line) => line.id !== box.id).map((line) => line.id),
            postage: true,
          })
        ).body,
      );
      expect(rest.creditNote.totalOre).toBe(9000 + 5300);
      const nothing = await credit({ lineIds: [], postage: true });
      expect(nothing.status).toBe(409);
      const pdf = await t.request({ method: 'GET', url: `/api/credit-notes/${rest.creditNote.id}/pdf` });
      expect(pdf.statusCode).toBe(200);
      const words = (await readPdf(pdf.rawPayload))
        .flatMap((page) => page.words.map((w) => w.text))
        .join(' ');
      for (const expected of [
        'Kreditnota',
        rest.creditNote.number,
        'Krediterer',
        shipped.number ?? '',
        '-143 kr',
      ])
        expect(words).toContain(expected);
    });
  });

  describe('Regnskab', () => {
    it('sums the year’s numbers, credit notes negative, and its file adds up to the same sums', async () => {
      const books = booksSchema.parse((await json('GET', `/api/books?year=${YEAR}`)).body);
      expect(books.counts.bills).toBeGreaterThan(5);
      expect(books.counts.creditNotes).toBe(2);
      expect(books.counts.cancelled).toBeGreaterThan(0);
      expect(books.sums.creditOre).toBe(-(2000 + 14_300));
      expect(books.sums.paidOre).toBe(
        Object.values(books.sums.paidBy).reduce((sum, value) => sum + value, 0),
      );
      const file = await t.request({ method: 'GET', url: `/api/books.csv?year=${YEAR}` });
      expect(file.statusCode).toBe(200);
      expect(file.body.startsWith('\uFEFF')).toBe(true);
      const rows = file.body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .map((row) => row.split(';'));
      const [head, ...body] = rows;
      expect(head).toEqual([
        'Nummer',
        'Type',
        'Dato',
        'Kunde',
        'Varer (kr)',
        'Porto (kr)',
        'Rabat (kr)',
        'Moms (kr)',
        'I alt (kr)',
        'Betalt (kr)',
        'Betalt med',
        'Betalt den',
        'Krediterer',
      ]);
      const ore = (cell: string | undefined) => Math.round(Number((cell ?? '0').replace(',', '.')) * 100);
      const sum = (column: number) => body.reduce((total, row) => total + ore(row[column]), 0);
      expect(sum(4)).toBe(books.sums.goodsOre);
      expect(sum(5)).toBe(books.sums.postageOre);
      expect(sum(6)).toBe(books.sums.discountOre);
      expect(sum(7)).toBe(books.sums.vatOre);
      expect(sum(8)).toBe(books.sums.totalOre);
      expect(sum(9)).toBe(books.sums.paidOre);
      // One row per number, in number order, with no gap: the year's series is whole.
      const seqs = body.map((row) => seqOf(row[0] ?? ''));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      // This file's database is new: the year's first number is 0001, and none is skipped after it.
      expect(body[0]?.[0]).toBe(`${YEAR}-0001`);
      expect(seqs.at(-1)! - seqs[0]! + 1).toBe(seqs.length);
      expect(body.some((row) => row[1] === 'Annulleret')).toBe(true);
      expect(body.filter((row) => row[1] === 'Kreditnota').every((row) => row[8]?.startsWith('-'))).toBe(
        true,
      );
      const zip = await t.request({ method: 'GET', url: `/api/books/receipts.zip?year=${YEAR}` });
      expect(zip.statusCode).toBe(200);
      expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('refuses a period that is none, in Danish', async () => {
      for (const query of [
        'year=1999',
        'year=2026&quarter=5',
        'year=2026&month=13',
        'year=2026&quarter=1&month=1',
        '',
      ])
        expect((await json('GET', `/api/books?${query}`)).status, query).toBe(400);
    });
  });
});
