import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { importData } from '../../src/server/import/import.service.ts';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import type { ExportFile, ImportReport } from '../../src/shared/schemas/api-data.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const fixture = (name: string) => JSON.parse(fs.readFileSync(`tests/fixtures/${name}`, 'utf8')) as object;
const OLD_APP = fixture('old-app-export.json');
const OLD_APP_PLAIN = fixture('old-app-export-plain.json');

/**
 * Every row of the shop's tables, ordered by id, its money (payments, credit notes and their rows, and each
 * year's series), and its settings (but when they were last saved).
 */
async function snapshot(db: Db) {
  const { updated_at: _saved, ...settings } = await db
    .selectFrom('shop_settings')
    .selectAll()
    .executeTakeFirstOrThrow();
  return {
    settings,
    customers: await db.selectFrom('customers').selectAll().orderBy('id').execute(),
    beads: await db.selectFrom('beads').selectAll().orderBy('id').execute(),
    todos: await db.selectFrom('todos').selectAll().orderBy('id').execute(),
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    orderLines: await db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    creditNotes: await db.selectFrom('credit_notes').selectAll().orderBy('id').execute(),
    creditNoteLines: await db.selectFrom('credit_note_lines').selectAll().orderBy('order_line_id').execute(),
    numberSeries: await db.selectFrom('number_series').selectAll().orderBy('year').execute(),
  };
}

const rowCount = async (db: Db) => {
  const { settings: _settings, ...tables } = await snapshot(db);
  return Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);
};

describe.each(dialects)('data import and export on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const importFile = async (payload: object, dryRun: boolean | undefined) => {
    const query = dryRun === undefined ? '' : `?dryRun=${dryRun}`;
    return t.request({ method: 'POST', url: `/api/data/import${query}`, payload });
  };

  it('dry-runs the old app’s export: every conflict reported with its ids, nothing written', async () => {
    const response = await importFile(OLD_APP, true);
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect(report.dryRun).toBe(true);
    expect(report.source).toBe('firestore');
    const found = (code: string) => report.issues.filter((i) => i.code === code).map((i) => i.ids);
    expect(found('customerNameDuplicate')).toEqual([['7HcP0sYdK4mJ2vQx8RtU', '3kQm8VxT2bLr9NfW1aZe']]);
    expect(found('beadNameDuplicate')).toEqual([['Rq6Zw9Xe2Cr5Vt8By1Nu', 'Rk2pQ9sLm4TzX7vB1cNa']]);
    expect(found('todoBeadMissing')).toEqual([['Td3nMq1wEr3tYu5iOp7a', 'Xx0GoneBead9zz8yy7ww']]);
    expect(found('orderActiveDuplicate')).toEqual([['Or1Lis0Older2024aaaa', 'Or2Lis0Newer2024bbbb']]);
    expect(found('lineOrderMissing')).toEqual([['Ln15orphanxxxxxxxxxx', 'OrGone0Deleted0zzzzz']]);
    expect(report.issues).toHaveLength(5);
    // The old app's test order and its line are skipped silently, as the old app did.
    expect(JSON.stringify(report)).not.toContain('Or6Test0Marker0fffff');
    expect(report.counts.orders).toEqual({ inFile: 7, added: 7, alreadyPresent: 0, skipped: 0 });
    expect(report.summary).toBe(
      'Importen vil tilføje 40 rækker. 0 findes allerede og røres ikke. 2 springes over.',
    );
    expect(await rowCount(t.db)).toBe(0);

    // Without the query parameter an import is a dry run too.
    expect(((await importFile(OLD_APP, undefined)).json() as ImportReport).dryRun).toBe(true);
    expect(await rowCount(t.db)).toBe(0);
  });

  it('imports the old app’s export: ids kept, kr to øre, bead lines stay bead lines, conflicts resolved', async () => {
    const dry = (await importFile(OLD_APP, true)).json() as ImportReport;
    const response = await importFile(OLD_APP, false);
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect(report.dryRun).toBe(false);
    // The dry run showed exactly what the import did.
    expect(report.issues).toEqual(dry.issues);
    expect(report.counts).toEqual(dry.counts);

    const rows = await snapshot(t.db);
    const byId = <T extends { id: string }>(list: T[], id: string) => list.find((row) => row.id === id);
    expect(rows.customers).toHaveLength(8);
    expect(byId(rows.customers, '3kQm8VxT2bLr9NfW1aZe')?.name).toBe('Åse Østergaard');
    expect(byId(rows.customers, '7HcP0sYdK4mJ2vQx8RtU')?.name).toBe('åse østergaard (2)');
    expect(byId(rows.beads, 'Bg3Tm6YxE1rU8iO5pAsf')).toMatchObject({
      name: 'Blå glasperle',
      price_ore: 3750,
    });
    expect(byId(rows.beads, 'Hp8Ls1Dk4Fj7Gh0Ja3Qw')).toMatchObject({
      name: 'Hjerteperle Æ/Ø/Å',
      price_ore: 1295,
    });
    expect(byId(rows.beads, 'Rq6Zw9Xe2Cr5Vt8By1Nu')?.name).toBe('Rosa perle (2)');
    expect(Boolean(byId(rows.beads, 'Mn4Bv7Cx0Zl3Kj6Hg9Fd')?.is_deleted)).toBe(true);
    expect(byId(rows.orders, 'Or1Lis0Older2024aaaa')).toMatchObject({
      status: 'invoiced',
      created_at: '2024-03-02T10:15:00.120Z',
    });
    expect(byId(rows.orders, 'Or2Lis0Newer2024bbbb')?.status).toBe('active');
    expect(Boolean(byId(rows.orders, 'Or4Bjorn0Paid24ddddd')?.home_delivery)).toBe(true);
    expect(byId(rows.orders, 'Or6Test0Marker0fffff')).toBeUndefined();
    // A bead line stays a bead line; its order is no longer active, so it is frozen at the bead's price.
    const lineBead = byId(rows.beads, 'Rk2pQ9sLm4TzX7vB1cNa')!;
    expect(byId(rows.orderLines, 'Ln01aaaaaaaaaaaaaaaa')).toMatchObject({
      order_id: 'Or1Lis0Older2024aaaa',
      bead_id: 'Rk2pQ9sLm4TzX7vB1cNa',
      text: null,
      price_ore: lineBead.price_ore,
      sale_type: lineBead.sale_type,
    });
    // Bead lines of the active order follow the bead's current price.
    expect(
      rows.orderLines
        .filter((l) => l.order_id === 'Or2Lis0Newer2024bbbb' && l.bead_id !== null)
        .map((l) => l.price_ore),
    ).not.toContain(expect.any(Number));
    expect(byId(rows.orderLines, 'Ln02aaaaaaaaaaaaaaaa')).toMatchObject({
      bead_id: null,
      text: 'Reparation af perlekæde; lås skiftet',
      price_ore: 2550,
    });
    expect(byId(rows.orderLines, 'Ln12ffffffffffffffff')).toBeUndefined();
    expect(byId(rows.orderLines, 'Ln15orphanxxxxxxxxxx')).toBeUndefined();
    expect(byId(rows.todos, 'Td3nMq1wEr3tYu5iOp7a')).toBeUndefined();
    expect(byId(rows.todos, 'Td4sDf6gHj8kLz0xCv2b')).toMatchObject({ customer_id: null, amount: 3 });

    // The app shows the imported shop: Lis's active order prices the '2 for 125' pair plus the blue bead.
    const lis = (await t.request({ method: 'GET', url: '/api/customers/D8rFh3MpW0uJc7QkN2Lz' })).json();
    const active = lis.orders.find((o: { status: string }) => o.status === 'active');
    expect(active.id).toBe('Or2Lis0Newer2024bbbb');
    expect(active.totals.totalOre).toBe(12500 + 3750);
    const names = (await t.request({ method: 'GET', url: '/api/customers' }))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names).toContain('Åse Østergaard');
    expect(names).not.toContain('{name}');
  });

  it('imports format (b) with {_seconds} and ISO timestamps', async () => {
    const report = (await importFile(OLD_APP_PLAIN, false)).json() as ImportReport;
    expect(report.issues).toEqual([]);
    const rows = await snapshot(t.db);
    expect(rows.customers.map((c) => c.name).sort()).toEqual(['Aage Bæk', 'Lotte Ødegaard']);
    expect(rows.orders.find((o) => o.id === 'Qo1Order0Lotte000aaa')?.created_at).toBe(
      '2024-05-01T10:00:00.250Z',
    );
    expect(rows.orderLines.find((l) => l.id === 'Ql2Line0000000000bbb')).toMatchObject({
      price_ore: 1995,
      added_at: '2024-05-01T08:02:00.000Z',
    });
  });

  it('changes nothing when the same file is imported a second time', async () => {
    await importFile(OLD_APP, false);
    const before = await snapshot(t.db);
    const report = (await importFile(OLD_APP, false)).json() as ImportReport;
    expect(await snapshot(t.db)).toEqual(before);
    expect(Object.values(report.counts).map((c) => c.added)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const present = report.issues.filter((i) => i.code === 'alreadyPresent');
    expect(present.map((i) => [i.table, i.ids.length])).toEqual([
      ['customers', 8],
      ['beads', 8],
      ['todos', 4],
      ['orders', 7],
      ['orderLines', 13],
    ]);
    expect(present[0]?.message).toBe('8 kunder findes allerede med samme id og er ikke ændret.');
  });

  it('is one transaction: a failure half-way leaves the database exactly as it was', async () => {
    await createCustomer(t.db, { name: 'Eksisterende Kunde' });
    const before = await snapshot(t.db);
    await expect(
      importData(t.db, OLD_APP, {
        dryRun: false,
        afterTable: (table) => {
          if (table === 'orders') throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('resolves conflicts with what the database already holds without changing existing rows', async () => {
    // Lis is already here (same id) with an active order; another Åse and a Guldnål exist under other ids.
    const lis = await createCustomer(t.db, { id: 'D8rFh3MpW0uJc7QkN2Lz', name: 'Lis Møller' });
    const lisOrder = await createOrder(t.db, { id: 'existing-active', customerId: lis.id, status: 'active' });
    await createCustomer(t.db, { id: 'existing-ase', name: 'ÅSE ØSTERGAARD' });
    await createBead(t.db, { id: 'existing-guld', name: 'Guldnål' });
    const before = await snapshot(t.db);

    const report = (await importFile(OLD_APP, false)).json() as ImportReport;
    const after = await snapshot(t.db);
    for (const table of ['customers', 'beads', 'orders'] as const) {
      for (const row of before[table]) expect(after[table]).toContainEqual(row);
    }
    const order = (id: string) => after.orders.find((o) => o.id === id);
    expect(order(lisOrder.id)?.status).toBe('active');
    expect(order('Or1Lis0Older2024aaaa')?.status).toBe('invoiced');
    expect(order('Or2Lis0Newer2024bbbb')?.status).toBe('invoiced');
    expect(report.issues.filter((i) => i.code === 'orderActiveExisting').map((i) => i.message)).toEqual([
      'Kunden "Lis Møller" har allerede den aktive ordre "existing-active"; den importerede ordre "Or1Lis0Older2024aaaa" er sat til Afventer betaling.',
      'Kunden "Lis Møller" har allerede den aktive ordre "existing-active"; den importerede ordre "Or2Lis0Newer2024bbbb" er sat til Afventer betaling.',
    ]);
    const name = (id: string) => after.customers.find((c) => c.id === id)?.name;
    expect(name('3kQm8VxT2bLr9NfW1aZe')).toBe('Åse Østergaard (2)');
    expect(name('7HcP0sYdK4mJ2vQx8RtU')).toBe('åse østergaard (3)');
    expect(after.beads.find((b) => b.id === 'Gx5Hd8JqW2eYr6uK3tMb')?.name).toBe('Guldnål (2)');
    expect(report.counts.customers).toEqual({ inFile: 8, added: 7, alreadyPresent: 1, skipped: 0 });
  });

  it('exports everything as JSON that imports into an empty install as exactly the same shop', async () => {
    const ase = await createCustomer(t.db, { name: 'Åse "Perle" Østergaard; Vejle' });
    const bo = await createCustomer(t.db, { name: 'Bo Ærø' });
    // Version 2: contact details, an archived customer and the shop's settings travel too.
    const care = await t.request({
      method: 'PATCH',
      url: `/api/customers/${ase.id}`,
      payload: {
        phone: '+45 12 34 56 78',
        email: 'aase@example.dk',
        address: 'Perlevej 1',
        address2: 'c/o Holm',
        postcode: '7100',
        city: 'Vejle',
        countryCode: 'DK',
      },
    });
    expect(care.statusCode).toBe(200);
    const gone = await createCustomer(t.db, { name: 'Gitte Gammel', phone: '87654321' });
    expect((await t.request({ method: 'POST', url: `/api/customers/${gone.id}/archive` })).statusCode).toBe(
      200,
    );
    const shop = {
      shopName: 'Perlerne i Vejle',
      postageOre: 4900,
      postageHomeOre: 8900,
      mobilePayNumber: '12345678',
      mobilePayBox: '54321',
      bankReg: '1234',
      bankAccount: '0001234567',
      billGreeting: 'Kære {navn}\nTak for handlen',
      billClosing: 'Mange hilsner',
      // Version 4: the shop's address, CVR number and VAT registration.
      address: 'Perlevej 2\n7100 Vejle',
      cvr: '12345678',
      vatRegistered: true,
    };
    expect((await t.request({ method: 'PUT', url: '/api/settings/shop', payload: shop })).statusCode).toBe(
      200,
    );
    const guld = await createBead(t.db, { name: 'Guldnål', priceOre: 7500, saleType: '2 for 125' });
    const rosa = await createBead(t.db, { name: 'Rosa perle', priceOre: 4550 });
    await createBead(t.db, { name: 'Gammel nål', priceOre: 6000, isDeleted: true });
    await createTodo(t.db, { beadId: rosa.id, customerId: ase.id, amount: 3 });
    await createTodo(t.db, { beadId: guld.id, customerId: null, amount: 1 });
    const active = await createOrder(t.db, { customerId: ase.id, status: 'active', homeDelivery: true });
    await createOrderLine(t.db, { orderId: active.id, beadId: guld.id });
    await createOrderLine(t.db, { orderId: active.id, text: 'Gaveæske', priceOre: 1250 });
    const shipped = await createOrder(t.db, { customerId: bo.id, status: 'active' });
    const rosaLine = await createOrderLine(t.db, { orderId: shipped.id, beadId: rosa.id });
    // Version 4: the money travels too (docs/product/money.md): discounts, pick-up, the bills' numbers, the
    // payments (a deleted one too), a credit note with its rows and its refund.
    const send = async (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const headers = method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {};
      const answer = await t.request({ method, url, payload, headers });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      return answer.json();
    };
    await send('PATCH', `/api/orders/${active.id}`, { discount: { kind: 'kr', value: 1000 } });
    await send('PATCH', `/api/orders/${shipped.id}`, { discount: { kind: 'pct', value: 10 } });
    // Leaving 'active' freezes the bead line's price into the line: the export must carry it.
    await send('PATCH', `/api/orders/${shipped.id}`, { status: 'invoiced' });
    const pay = (orderId: string, amountOre: number) =>
      send('POST', `/api/orders/${orderId}/payments`, {
        amountOre,
        method: 'bank',
        paidOn: copenhagenDate(),
      });
    const mistake = await pay(shipped.id, 500);
    await send('DELETE', `/api/payments/${mistake.paymentId}`);
    const owed = (await pay(shipped.id, 1000)).order.payment.owedOre as number;
    expect((await pay(shipped.id, owed)).order.status).toBe('paid');
    await send('PATCH', `/api/orders/${shipped.id}`, { status: 'shipped' });
    await send('POST', `/api/orders/${shipped.id}/credit-notes`, {
      lineIds: [rosaLine.id],
      postage: false,
      method: 'mobilepay',
      refundedOn: copenhagenDate(),
    });
    const fetched = await createOrder(t.db, { customerId: null, status: 'active' });
    await createOrderLine(t.db, { orderId: fetched.id, text: 'Reparation', priceOre: 2000 });
    await send('PATCH', `/api/orders/${fetched.id}`, { pickup: true });
    await send('PATCH', `/api/orders/${fetched.id}`, { status: 'paid' });

    const response = await t.request({ method: 'GET', url: '/api/data/export.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="naalepuden-eksport-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = response.json() as ExportFile;
    expect(exported).toMatchObject({
      format: 'naalepuden-export',
      version: 4,
      shopSettings: { ...shop, lowStockThreshold: 2 },
    });
    const year = copenhagenYear();
    const orderOf = (id: string) => exported.orders.find((o) => o.id === id);
    expect(orderOf(active.id)).toMatchObject({ number: null, discount: { kind: 'kr', value: 1000 } });
    expect(orderOf(shipped.id)).toMatchObject({
      number: `${year}-0001`,
      billVoid: false,
      vatRegistered: true,
      settledAt: expect.any(String),
      discount: { kind: 'pct', value: 10 },
    });
    expect(orderOf(fetched.id)).toMatchObject({ number: `${year}-0003`, pickup: true });
    expect(exported.creditNotes).toEqual([
      expect.objectContaining({
        orderId: shipped.id,
        number: `${year}-0002`,
        lines: [expect.objectContaining({ orderLineId: rosaLine.id, position: 0 })],
      }),
    ]);
    // Her payments: the one she deleted, the two that paid the bill, and the credit note's refund.
    const kinds = exported.payments.map((p) =>
      p.creditNoteId === exported.creditNotes[0]?.id && p.amountOre < 0
        ? 'refund'
        : p.deletedAt !== null
          ? `deleted ${p.amountOre}`
          : `paid ${p.amountOre}`,
    );
    expect(kinds.sort()).toEqual(['deleted 500', 'paid 1000', `paid ${owed}`, 'refund']);
    expect(exported.orderLines.find((l) => l.orderId === shipped.id)).toMatchObject({ priceOre: 4550 });
    // The shipped order's postage was frozen at the shop's 49 kr; the active one follows the settings.
    expect(exported.orders.find((o) => o.id === shipped.id)?.postageOre).toBe(4900);
    expect(exported.orders.find((o) => o.id === active.id)?.postageOre).toBeNull();
    expect(exported.customers.find((c) => c.id === ase.id)).toMatchObject({
      phone: '+45 12 34 56 78',
      email: 'aase@example.dk',
      address: 'Perlevej 1',
      address2: 'c/o Holm',
      postcode: '7100',
      city: 'Vejle',
      countryCode: 'DK',
      addressNeedsCheck: false,
      archivedAt: null,
    });
    expect(exported.customers.find((c) => c.id === gone.id)?.archivedAt).toEqual(expect.any(String));

    const empty = await createTestApp(kind);
    try {
      const imported = await empty.request({
        method: 'POST',
        url: '/api/data/import?dryRun=false',
        payload: exported,
      });
      expect(imported.statusCode).toBe(200);
      expect((imported.json() as ImportReport).issues).toEqual([
        {
          code: 'shopSettingsImported',
          table: null,
          ids: [],
          message:
            'Butikkens indstillinger (navn, porto, MobilePay, bankkonto og regningens tekster) sættes til filens.',
        },
      ]);
      expect(await snapshot(empty.db)).toEqual(await snapshot(t.db));
      // The app shows her archived customer as archived, and the shop's own name on a bill.
      const archived = (
        await empty.request({ method: 'GET', url: '/api/customers?archived=true' })
      ).json() as Array<{ id: string }>;
      expect(archived.map((c) => c.id)).toEqual([gone.id]);
      expect((await empty.request({ method: 'GET', url: '/api/settings/shop' })).json()).toMatchObject(shop);
      const again = (
        await empty.request({ method: 'GET', url: '/api/data/export.json' })
      ).json() as ExportFile;
      expect({ ...again, exportedAt: '' }).toEqual({ ...exported, exportedAt: '' });
    } finally {
      await empty.close();
    }
  });

  it('exports CSV per table for Danish Excel: BOM, ";", quoting, æøå intact', async () => {
    const ase = await createCustomer(t.db, { name: 'Åse "Perle" Østergaard; Vejle' });
    const bead = await createBead(t.db, { name: 'Blå glasperle', priceOre: 3750 });
    const order = await createOrder(t.db, {
      customerId: ase.id,
      status: 'invoiced',
      number: '2026-0007',
      billedAt: '2026-03-01T09:30:00.000Z',
    });
    await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
    const paid = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      payload: { amountOre: 2000, method: 'mobilepay', paidOn: '2026-03-02' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const customers = await t.request({ method: 'GET', url: '/api/data/export.csv?table=customers' });
    expect(customers.statusCode).toBe(200);
    expect(customers.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(customers.headers['content-disposition']).toMatch(
      /filename="naalepuden-kunder-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const raw = customers.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Id;Navn;Telefon;E-mail;Adresse;Ekstra adresselinje;Postnr.;By;Land;Tjek adressen;Oprettet;Arkiveret',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${ase.id};"Åse ""Perle"" Østergaard; Vejle";;;;;;;DK;Nej;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};$`,
      ),
    );

    const beads = (await t.request({ method: 'GET', url: '/api/data/export.csv?table=beads' })).body;
    expect(beads.split('\r\n')[1]).toMatch(new RegExp(`^${bead.id};Blå glasperle;37,50;;Nej;`));
    const orders = (await t.request({ method: 'GET', url: '/api/data/export.csv?table=orders' })).body;
    expect(orders.split('\r\n')[0]).toBe(
      '\uFEFFId;Kunde-id;Kunde;Oprettet;Status;Hjemmelevering;Porto (kr);Nummer;Regningsdato;Annulleret;' +
        'Momsregistreret;Betalt;Afhentning;Rabat',
    );
    expect(orders).toContain(';Afventer betaling;Nej;53;2026-0007;2026-03-01 10:30;Nej;Nej;;Nej;');
    // The money's own tables (version 4), with the order's number and customer beside the ids.
    const payments = await t.request({ method: 'GET', url: '/api/data/export.csv?table=payments' });
    expect(payments.headers['content-disposition']).toMatch(/filename="naalepuden-betalinger-[\d-]+\.csv"/);
    expect(payments.body.split('\r\n')[0]).toBe(
      '\uFEFFId;Ordre-id;Ordrens nummer;Kunde;Beløb (kr);Betalingsmåde;Betalt den;Registreret;Slettet;Kreditnota-id',
    );
    expect(payments.body.split('\r\n')[1]).toMatch(
      new RegExp(`^[^;]+;${order.id};2026-0007;"Åse ""Perle"" Østergaard; Vejle";20;MobilePay;2026-03-02;`),
    );
    const notes = (await t.request({ method: 'GET', url: '/api/data/export.csv?table=creditNotes' })).body;
    expect(notes.split('\r\n')[0]).toBe(
      '\uFEFFId;Nummer;Ordre-id;Ordrens nummer;Kunde;Oprettet;Varer (kr);Porto (kr);Rabat (kr);I alt (kr);' +
        'Heraf moms (kr);Linjer',
    );
    for (const table of ['todos', 'orderLines']) {
      const response = await t.request({ method: 'GET', url: `/api/data/export.csv?table=${table}` });
      expect(response.statusCode).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: '/api/data/export.csv?table=users' })).statusCode).toBe(
      400,
    );
  });

  it('refuses a file that is not an export, in Danish, and writes nothing', async () => {
    const response = await importFile({ hello: 'verden' }, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Filen er hverken en eksport fra den gamle app eller fra Nålepuden',
      code: 'IMPORT_FILE_INVALID',
    });
    const version = await importFile({ format: 'naalepuden-export', version: 9 }, false);
    expect(version.json().message).toBe('Nålepuden-eksport i version 9 kendes ikke');
    expect(await rowCount(t.db)).toBe(0);
  });

  it('accepts an import larger than the default 10 MB body limit', async () => {
    const big = { ...OLD_APP_PLAIN, attachments: { blob: { data: 'x'.repeat(12 * 1024 * 1024) } } };
    const response = await importFile(big, true);
    expect(response.statusCode).toBe(200);
    expect((response.json() as ImportReport).issues.map((i) => i.code)).toEqual(['collectionIgnored']);
  });

  it('needs a session for import, export and backups', async () => {
    for (const [method, url] of [
      ['POST', '/api/data/import?dryRun=true'],
      ['GET', '/api/data/export.json'],
      ['GET', '/api/data/export.csv?table=customers'],
      ['GET', '/api/data/backups'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? OLD_APP_PLAIN : undefined,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it(
    kind === 'sqlite'
      ? 'lists backups and takes one on request'
      : 'says backups are pg_dump’s job on PostgreSQL',
    async () => {
      const list = (await t.request({ method: 'GET', url: '/api/data/backups' })).json();
      const taken = await t.request({ method: 'POST', url: '/api/data/backups' });
      if (kind === 'postgres') {
        expect(list).toMatchObject({ enabled: false, engine: 'postgres', backups: [], directory: null });
        expect(taken.statusCode).toBe(409);
        return;
      }
      expect(list).toMatchObject({
        enabled: true,
        engine: 'sqlite',
        keep: { nightly: 14, start: 5, manual: 5, beforeRestore: 5 },
        backups: [],
      });
      expect(Date.parse(list.nextRunAt)).toBeGreaterThan(Date.now());
      expect(taken.statusCode).toBe(201);
      expect(taken.json()).toMatchObject({ kind: 'manual' });
      const after = (await t.request({ method: 'GET', url: '/api/data/backups' })).json();
      expect(after.backups).toEqual([taken.json()]);
    },
  );
});
