/**
 * The money in the export and the import (export version 4, docs/product/money.md), on both engines: an older file
 * (version 3, or the old app's) gets its numbers as migration 0014 gave the shop's own (by start, year by year in
 * Danish time, from 0001, active orders none); a version 4 file keeps its numbers, payments and credit notes, and
 * the next bill continues each year's series; a number is never given twice; a row that cannot be used is left
 * out and named in Danish while the rest imports.
 */

import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import type { ExportFile, ImportReport } from '../../src/shared/schemas/api-data.ts';
import { createCustomer, createOrder, createOrderLine } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const OLD_APP = JSON.parse(fs.readFileSync('tests/fixtures/old-app-export.json', 'utf8')) as object;
const AT = '2025-03-01T10:00:00.000Z';

const order = (id: string, status: string, createdAt: string, money: object = {}) => ({
  id,
  customerId: 'c-ase',
  createdAt,
  status,
  homeDelivery: false,
  postageOre: status === 'active' ? null : 5300,
  ...money,
});
const freeLine = (id: string, orderId: string, priceOre = 10_000) => ({
  id,
  orderId,
  beadId: null,
  text: 'Perlekæde',
  priceOre,
  saleType: null,
  addedAt: AT,
});

/** A file of our own export: Åse and the given orders, lines and money. */
function exportFile(version: number, tables: Record<string, unknown[]>) {
  return {
    format: 'naalepuden-export',
    version,
    exportedAt: AT,
    customers: [{ id: 'c-ase', name: 'Åse Østergaard', createdAt: AT }],
    beads: [],
    todos: [],
    orderLines: [],
    stockMovements: [],
    ...tables,
  };
}

/** A numbered order as version 4 writes it. */
const billed = (number: string, billedAt: string) => ({
  number,
  billedAt,
  billVoid: false,
  vatRegistered: false,
  settledAt: null,
  pickup: false,
  discount: null,
});

const payment = (id: string, orderId: string, amountOre: number, extra: object = {}) => ({
  id,
  orderId,
  creditNoteId: null,
  amountOre,
  method: 'mobilepay',
  paidOn: '2025-03-02',
  recordedAt: '2025-03-02T12:00:00.000Z',
  deletedAt: null,
  movedStatus: false,
  ...extra,
});

const creditNote = (id: string, orderId: string, number: string, lineId: string, extra: object = {}) => ({
  id,
  orderId,
  number,
  createdAt: '2025-03-05T12:00:00.000Z',
  goodsOre: 10_000,
  postageOre: 0,
  discountOre: 0,
  totalOre: 10_000,
  vatOre: 0,
  lines: [{ orderLineId: lineId, position: 0, text: 'Perlekæde', priceOre: 10_000 }],
  ...extra,
});

const numbers = async (db: Db) =>
  Object.fromEntries(
    (await db.selectFrom('orders').select(['id', 'number']).execute()).map((o) => [o.id, o.number]),
  );
const series = async (db: Db) =>
  (await db.selectFrom('number_series').selectAll().orderBy('year').execute()).map((row) => [
    Number(row.year),
    Number(row.last_number),
  ]);

describe.each(dialects)('the money in the export and the import on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const importInto = async (app: TestApp, file: object, dryRun = false) => {
    const response = await app.request({
      method: 'POST',
      url: `/api/data/import?dryRun=${dryRun}`,
      payload: file,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ImportReport;
  };

  it('numbers a version 3 file’s orders by their start, year by year in Danish time, from 0001; active ones not', async () => {
    const file = exportFile(3, {
      orders: [
        order('o-2024-b', 'shipped', '2024-05-01T10:00:00.000Z'),
        order('o-2024-a', 'invoiced', '2024-02-01T10:00:00.000Z'),
        // 23:30 UTC on New Year's Eve is 00:30 on 1 January in Copenhagen: the next year's series.
        order('o-2025-a', 'paid', '2024-12-31T23:30:00.000Z'),
        order('o-active', 'active', '2025-01-10T10:00:00.000Z'),
        order('o-2025-b', 'packed', '2025-03-01T10:00:00.000Z'),
        order('o-2023', 'shipped', '2023-07-01T10:00:00.000Z'),
      ],
    });
    const report = await importInto(t, file);
    expect(report.issues).toEqual([]);
    expect(await numbers(t.db)).toEqual({
      'o-2023': '2023-0001',
      'o-2024-a': '2024-0001',
      'o-2024-b': '2024-0002',
      'o-2025-a': '2025-0001',
      'o-2025-b': '2025-0002',
      'o-active': null,
    });
    expect(await series(t.db)).toEqual([
      [2023, 1],
      [2024, 2],
      [2025, 2],
    ]);
    // The bill's date is the order's start: the only moment such a file knows.
    const first = await t.db
      .selectFrom('orders')
      .select(['billed_at', 'bill_void', 'settled_at'])
      .where('id', '=', 'o-2025-a')
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ billed_at: '2024-12-31T23:30:00.000Z', bill_void: 0, settled_at: null });
  });

  it('numbers the old app’s orders the same way: the older of two active ones is billed, the active none', async () => {
    await importInto(t, OLD_APP);
    expect(await numbers(t.db)).toEqual({
      Or3Ase0Shipped23cccc: '2023-0001',
      // Lis's older active order became Afventer betaling: it left Aktiv, so it has a bill.
      Or1Lis0Older2024aaaa: '2024-0001',
      Or4Bjorn0Paid24ddddd: '2024-0002',
      Or5Soren0Packedeeeee: '2024-0003',
      Or8AnneMarie0hhhhhhh: '2024-0004',
      Or2Lis0Newer2024bbbb: null,
      Or7Ase2Active0gggggg: null,
    });
    expect(await series(t.db)).toEqual([
      [2023, 1],
      [2024, 4],
    ]);
  });

  it('keeps a version 4 export’s numbers, payments and credit notes; the next bill continues the series', async () => {
    const year = copenhagenYear();
    const from = await createTestApp(kind);
    try {
      const send = async (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) => {
        const headers = method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {};
        const answer = await from.request({ method, url, payload, headers });
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        return answer.json();
      };
      // Three bills (the third then a credit note), a payment she deleted, and an order still in Aktiv.
      const orders = [];
      for (const name of ['Åse', 'Bo', 'Cille']) {
        const customer = await createCustomer(from.db, { name });
        const made = await createOrder(from.db, { customerId: customer.id, status: 'active' });
        await createOrderLine(from.db, { orderId: made.id, text: 'Perlekæde', priceOre: 10_000 });
        orders.push(made);
      }
      const [first, second, third] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
      await send('PATCH', `/api/orders/${first.id}`, { status: 'invoiced' });
      await send('PATCH', `/api/orders/${second.id}`, { status: 'invoiced' });
      const pay = (orderId: string, amountOre: number) =>
        send('POST', `/api/orders/${orderId}/payments`, {
          amountOre,
          method: 'cash',
          paidOn: copenhagenDate(),
        });
      const wrong = await pay(second.id, 700);
      await send('DELETE', `/api/payments/${wrong.paymentId}`);
      await pay(second.id, 15_300);
      const line = await createOrderLine(from.db, { orderId: third.id, text: 'Ørering', priceOre: 4000 });
      await send('PATCH', `/api/orders/${third.id}`, { status: 'shipped' });
      await send('POST', `/api/orders/${third.id}/credit-notes`, {
        lineIds: [line.id],
        postage: false,
        method: 'mobilepay',
        refundedOn: copenhagenDate(),
      });
      const waiting = await createCustomer(from.db, { name: 'Dorte' });
      const active = await createOrder(from.db, { customerId: waiting.id, status: 'active' });
      await createOrderLine(from.db, { orderId: active.id, text: 'Halskæde', priceOre: 20_000 });

      const file = (await from.request({ method: 'GET', url: '/api/data/export.json' })).json() as ExportFile;
      expect(file.version).toBe(4);
      expect(file.orders.map((o) => o.number ?? 'none').sort()).toEqual([
        `${year}-0001`,
        `${year}-0002`,
        `${year}-0003`,
        'none',
      ]);
      expect(file.creditNotes.map((n) => n.number)).toEqual([`${year}-0004`]);
      expect(file.payments).toHaveLength(3);

      const report = await importInto(t, file);
      expect(report.issues.filter((i) => i.code !== 'shopSettingsUnchanged')).toEqual([]);
      expect(report.counts.creditNotes).toEqual({ inFile: 1, added: 1, alreadyPresent: 0, skipped: 0 });
      expect(report.counts.payments).toEqual({ inFile: 3, added: 3, alreadyPresent: 0, skipped: 0 });
      expect(await numbers(t.db)).toEqual(await numbers(from.db));
      expect(await series(t.db)).toEqual([[year, 4]]);
      const money = async (db: Db) => ({
        payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
        creditNotes: await db.selectFrom('credit_notes').selectAll().orderBy('id').execute(),
        lines: await db.selectFrom('credit_note_lines').selectAll().orderBy('order_line_id').execute(),
      });
      expect(await money(t.db)).toEqual(await money(from.db));
      // The app shows the same money: what was paid, and that the third order was credited.
      const shown = async (app: TestApp, id: string) => {
        const { payment, creditedLineIds, number } = (
          await app.request({ method: 'GET', url: `/api/orders/${id}` })
        ).json();
        return { payment, creditedLineIds, number };
      };
      for (const { id } of orders) expect(await shown(t, id)).toEqual(await shown(from, id));

      // Her next bill after the import continues the year's series.
      const next = await t.request({
        method: 'PATCH',
        url: `/api/orders/${active.id}`,
        payload: { status: 'invoiced' },
      });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().number).toBe(`${year}-0005`);

      // The same file again changes nothing.
      const again = await importInto(t, file);
      expect(again.counts.payments).toMatchObject({ added: 0, alreadyPresent: 3 });
      expect(again.counts.creditNotes).toMatchObject({ added: 0, alreadyPresent: 1 });
      expect(await series(t.db)).toEqual([[year, 5]]);
    } finally {
      await from.close();
    }
  });

  it('continues each year after the highest number a version 4 file holds, and numbers what has none after it', async () => {
    const file = exportFile(4, {
      orders: [
        order('o-41', 'shipped', '2025-02-01T10:00:00.000Z', billed('2025-0041', '2025-02-02T10:00:00.000Z')),
        // Written by hand without a number although it left Aktiv: it gets the next one of its year.
        order('o-none', 'invoiced', '2025-01-15T10:00:00.000Z', { number: null }),
      ],
      orderLines: [freeLine('l-41', 'o-41')],
      creditNotes: [creditNote('cn-42', 'o-41', '2025-0042', 'l-41')],
      payments: [payment('p-refund', 'o-41', -10_000, { creditNoteId: 'cn-42' })],
    });
    const report = await importInto(t, file);
    expect(report.issues).toEqual([]);
    expect(await numbers(t.db)).toEqual({ 'o-41': '2025-0041', 'o-none': '2025-0043' });
    expect(await series(t.db)).toEqual([[2025, 43]]);
  });

  it('never gives a number twice: an order or credit note whose number the shop has given is left out', async () => {
    const mine = await createOrder(t.db, { status: 'shipped', number: '2025-0001' });
    const file = exportFile(4, {
      orders: [
        order('o-taken', 'shipped', AT, billed('2025-0001', AT)),
        order('o-ok', 'shipped', AT, billed('2025-0002', AT)),
      ],
      orderLines: [freeLine('l-taken', 'o-taken'), freeLine('l-ok', 'o-ok')],
      creditNotes: [creditNote('cn-taken', 'o-ok', '2025-0002', 'l-ok')],
      payments: [payment('p-taken', 'o-taken', 15_300)],
    });
    const report = await importInto(t, file);
    expect(report.issues.map((i) => [i.code, i.ids, i.message])).toEqual([
      [
        'orderNumberTaken',
        ['o-taken'],
        'Ordren "o-taken" har nummeret 2025-0001, som allerede er brugt her; et nummer skifter aldrig, så ordren og dens linjer er sprunget over.',
      ],
      [
        'lineOrderMissing',
        ['l-taken', 'o-taken'],
        'Ordrelinjen "l-taken" peger på ordren "o-taken", som ikke findes; linjen er sprunget over.',
      ],
      [
        'creditNoteNumberTaken',
        ['cn-taken'],
        'Kreditnotaen "cn-taken" har nummeret 2025-0002, som allerede er brugt her; et nummer skifter aldrig, så kreditnotaen er sprunget over.',
      ],
      [
        'paymentOrderMissing',
        ['p-taken', 'o-taken'],
        'Betalingen "p-taken" hører til ordren "o-taken", som ikke findes; betalingen er sprunget over.',
      ],
    ]);
    expect(await numbers(t.db)).toEqual({ [mine.id]: '2025-0001', 'o-ok': '2025-0002' });
    expect(report.counts.orders).toEqual({ inFile: 2, added: 1, alreadyPresent: 0, skipped: 1 });
  });

  it('imports a version 4 file with bad money rows: each is left out and named in Danish, the rest imports', async () => {
    const file = exportFile(4, {
      orders: [
        order('o-paid', 'paid', AT, { ...billed('2025-0001', AT), settledAt: AT, pickup: true }),
        order('o-bad', 'shipped', AT, billed('2025-42', AT)),
        order('o-rabat', 'invoiced', AT, {
          ...billed('2025-0003', AT),
          discount: { kind: 'pct', value: 120 },
        }),
      ],
      orderLines: [freeLine('l-paid', 'o-paid'), freeLine('l-bad', 'o-bad')],
      creditNotes: [
        creditNote('cn-ok', 'o-paid', '2025-0002', 'l-paid'),
        creditNote('cn-sum', 'o-paid', '2025-0004', 'l-other', { totalOre: 9000 }),
      ],
      payments: [
        payment('p-ok', 'o-paid', 10_000, { movedStatus: true }),
        payment('p-zero', 'o-paid', 0),
        payment('p-swish', 'o-paid', 500, { method: 'swish' }),
        payment('p-date', 'o-paid', 500, { paidOn: '2025-02-30' }),
        payment('p-ok', 'o-paid', 10_000),
        payment('p-gone', 'o-gone', 500),
        payment('p-refund-gone', 'o-paid', -500, { creditNoteId: 'cn-sum' }),
        payment('p-refund', 'o-paid', -10_000, {
          creditNoteId: 'cn-ok',
          deletedAt: '2025-03-06T08:00:00.000Z',
        }),
      ],
    });
    const dry = await importInto(t, file, true);
    const report = await importInto(t, file);
    expect(report.issues).toEqual(dry.issues);
    expect(report.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'orderMoneyInvalid',
        'Ordren "o-bad" har et nummer, som ikke kan bruges (2025-42); ordren og dens linjer er sprunget over.',
      ],
      [
        'orderMoneyInvalid',
        'Ordren "o-rabat" har en rabat, som ikke kan bruges ({"kind":"pct","value":120}); ordren og dens linjer er sprunget over.',
      ],
      [
        'creditNoteInvalid',
        'Kreditnotaen "cn-sum" kan ikke bruges (beløbene passer ikke sammen); den er sprunget over.',
      ],
      ['paymentInvalid', 'Betalingen "p-zero" kan ikke bruges (ugyldigt beløb); den er sprunget over.'],
      [
        'paymentInvalid',
        'Betalingen "p-swish" kan ikke bruges (ukendt betalingsmåde); den er sprunget over.',
      ],
      ['paymentInvalid', 'Betalingen "p-date" kan ikke bruges (ugyldig dato); den er sprunget over.'],
      ['paymentInvalid', 'Betalingen "p-ok" kan ikke bruges (id\'et findes to gange); den er sprunget over.'],
      [
        'lineOrderMissing',
        'Ordrelinjen "l-bad" peger på ordren "o-bad", som ikke findes; linjen er sprunget over.',
      ],
      [
        'paymentOrderMissing',
        'Betalingen "p-gone" hører til ordren "o-gone", som ikke findes; betalingen er sprunget over.',
      ],
      [
        'paymentCreditNoteMissing',
        'Tilbagebetalingen "p-refund-gone" hører til kreditnotaen "cn-sum", som ikke er importeret; den er sprunget over.',
      ],
    ]);
    expect(report.counts.orders).toEqual({ inFile: 3, added: 1, alreadyPresent: 0, skipped: 2 });
    expect(report.counts.creditNotes).toEqual({ inFile: 2, added: 1, alreadyPresent: 0, skipped: 1 });
    expect(report.counts.payments).toEqual({ inFile: 8, added: 2, alreadyPresent: 0, skipped: 6 });
    const rows = await t.db
      .selectFrom('payments')
      .select(['id', 'amount_ore', 'credit_note_id', 'deleted_at', 'moved_status'])
      .orderBy('id')
      .execute();
    expect(rows.map((p) => ({ ...p, amount_ore: Number(p.amount_ore) }))).toEqual([
      { id: 'p-ok', amount_ore: 10_000, credit_note_id: null, deleted_at: null, moved_status: 1 },
      {
        id: 'p-refund',
        amount_ore: -10_000,
        credit_note_id: 'cn-ok',
        deleted_at: '2025-03-06T08:00:00.000Z',
        moved_status: 0,
      },
    ]);
    const paid = await t.db
      .selectFrom('orders')
      .select(['number', 'pickup', 'settled_at'])
      .where('id', '=', 'o-paid')
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ number: '2025-0001', pickup: 1, settled_at: AT });
    // The series continues after the highest number written, the credit note's.
    expect(await series(t.db)).toEqual([[2025, 2]]);
  });
});
