/**
 * Export format version 2: customers' contact details and archived state, orders' frozen postage
 * and the shop's settings travel in our own export; version 1 files still import as before; a bad new field
 * refuses its row (named in Danish) and writes nothing for it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import type { ImportReport } from '../../src/shared/schemas/api-data.ts';
import { createCustomer } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const AT = '2025-03-01T10:00:00.000Z';

const settings = {
  shopName: 'Perlerne i Vejle',
  postageOre: 4900,
  postageHomeOre: 8900,
  mobilePayNumber: '12345678',
  mobilePayBox: null,
  bankReg: '1234',
  bankAccount: '0001234567',
  billGreeting: 'Kære {navn}',
  billClosing: null,
};

const bead = { id: 'b1', name: 'Guldnål', priceOre: 7500, saleType: null, isDeleted: false, createdAt: AT };

/** A version 2 file: Åse with contact details, Gitte archived, a shipped order with frozen postage. */
function v2File(overrides: Record<string, unknown> = {}) {
  return {
    format: 'naalepuden-export',
    version: 2,
    exportedAt: AT,
    shopSettings: settings,
    customers: [
      {
        id: 'c-ase',
        name: 'Åse Østergaard',
        createdAt: AT,
        phone: '+45 12 34 56 78',
        email: 'aase@example.dk',
        address: 'Perlevej 1\n7100 Vejle',
        archivedAt: null,
      },
      {
        id: 'c-gitte',
        name: 'Gitte Gammel',
        createdAt: AT,
        phone: null,
        email: null,
        address: null,
        archivedAt: '2025-06-01T08:00:00.000Z',
      },
    ],
    beads: [bead],
    todos: [],
    orders: [
      {
        id: 'o-sent',
        customerId: 'c-ase',
        createdAt: AT,
        status: 'shipped',
        homeDelivery: true,
        postageOre: 7300,
      },
      {
        id: 'o-open',
        customerId: 'c-gitte',
        createdAt: AT,
        status: 'active',
        homeDelivery: false,
        postageOre: null,
      },
    ],
    orderLines: [
      { id: 'l1', orderId: 'o-sent', beadId: 'b1', text: null, priceOre: 7500, saleType: null, addedAt: AT },
      {
        id: 'l2',
        orderId: 'o-open',
        beadId: null,
        text: 'Gaveæske',
        priceOre: 1250,
        saleType: null,
        addedAt: AT,
      },
    ],
    ...overrides,
  };
}

const shopSettingsOf = async (db: Db) => {
  const { updated_at: _saved, ...row } = await db
    .selectFrom('shop_settings')
    .selectAll()
    .executeTakeFirstOrThrow();
  return row;
};

describe.each(dialects)('export format version 2 on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const importFile = async (payload: object, dryRun: boolean) =>
    t.request({ method: 'POST', url: `/api/data/import?dryRun=${dryRun}`, payload });
  const changes = () => t.db.selectFrom('change_log').select(['entity', 'action']).orderBy('seq').execute();
  const customer = (id: string) =>
    t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  const order = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

  it('imports contact details, the archived state, frozen postage and the settings; a dry run only reports', async () => {
    const before = await shopSettingsOf(t.db);
    const dry = await importFile(v2File(), true);
    expect(dry.statusCode).toBe(200);
    const dryReport = dry.json() as ImportReport;
    expect(dryReport.issues).toEqual([
      {
        code: 'shopSettingsImported',
        table: null,
        ids: [],
        message:
          'Butikkens indstillinger (navn, porto, MobilePay, bankkonto og regningens tekster) sættes til filens.',
      },
    ]);
    expect(await shopSettingsOf(t.db)).toEqual(before);
    expect(await customer('c-ase')).toBeUndefined();
    expect(await changes()).toEqual([]);

    const report = (await importFile(v2File(), false)).json() as ImportReport;
    expect(report.issues).toEqual(dryReport.issues);
    expect(report.counts.customers).toEqual({ inFile: 2, added: 2, alreadyPresent: 0, skipped: 0 });
    // A file from before The free-text address is read into the fields (export-address.test.ts).
    expect(await customer('c-ase')).toMatchObject({
      phone: '+45 12 34 56 78',
      email: 'aase@example.dk',
      address: 'Perlevej 1',
      postcode: '7100',
      city: 'Vejle',
      archived_at: null,
    });
    expect((await customer('c-gitte'))?.archived_at).toBe('2025-06-01T08:00:00.000Z');
    expect(Number((await order('o-sent'))?.postage_ore)).toBe(7300);
    expect((await order('o-open'))?.postage_ore).toBeNull();
    expect(await shopSettingsOf(t.db)).toMatchObject({
      shop_name: 'Perlerne i Vejle',
      mobilepay_number: '12345678',
      bank_account: '0001234567',
      bill_greeting: 'Kære {navn}',
      bill_closing: null,
    });
    expect(Number((await shopSettingsOf(t.db)).postage_ore)).toBe(4900);
    // One change for the whole import, the settings included.
    expect(await changes()).toEqual([{ entity: 'shop', action: 'import' }]);

    // The app shows it: Gitte among the archived, not in Kunder; Åse's card with her details and the
    // shipped order's frozen 73 kr; the settings as saved.
    const listed = (await t.request({ method: 'GET', url: '/api/customers' })).json() as Array<{
      id: string;
    }>;
    expect(listed.map((c) => c.id)).toEqual(['c-ase']);
    const archived = (await t.request({ method: 'GET', url: '/api/customers?archived=true' })).json();
    expect(archived).toMatchObject([
      { id: 'c-gitte', archived: true, archivedAt: '2025-06-01T08:00:00.000Z' },
    ]);
    const ase = (await t.request({ method: 'GET', url: '/api/customers/c-ase' })).json();
    expect(ase).toMatchObject({ phone: '+45 12 34 56 78', email: 'aase@example.dk' });
    const shopResponse = await t.request({ method: 'GET', url: '/api/settings/shop' });
    expect(shopResponse.json()).toMatchObject(settings);

    // The same file again: nothing added, the settings are the same, still one change per import.
    const again = (await importFile(v2File(), false)).json() as ImportReport;
    expect(again.issues.map((i) => [i.code, i.table])).toEqual([
      ['alreadyPresent', 'customers'],
      ['alreadyPresent', 'beads'],
      ['alreadyPresent', 'orders'],
      ['alreadyPresent', 'orderLines'],
      ['shopSettingsUnchanged', null],
    ]);
    expect(await changes()).toEqual([
      { entity: 'shop', action: 'import' },
      { entity: 'shop', action: 'import' },
    ]);
    expect(again.issues.at(-1)?.message).toBe(
      'Butikkens indstillinger i filen er de samme som her; de er ikke ændret.',
    );
  });

  it('leaves an existing customer with the same id as she is (contact details included)', async () => {
    await createCustomer(t.db, { id: 'c-ase', name: 'Åse Østergaard', phone: '11111111' });
    const report = (await importFile(v2File(), false)).json() as ImportReport;
    expect(report.counts.customers).toMatchObject({ added: 1, alreadyPresent: 1 });
    expect(await customer('c-ase')).toMatchObject({ phone: '11111111', email: null, address: null });
  });

  it('gives a version 2 order that left Aktiv without a postage the postage of the settings in the file', async () => {
    const file = v2File({
      orders: [{ id: 'o-paid', customerId: 'c-ase', createdAt: AT, status: 'paid', homeDelivery: true }],
      orderLines: [],
    });
    expect((await importFile(file, false)).statusCode).toBe(200);
    expect(Number((await order('o-paid'))?.postage_ore)).toBe(8900);
  });

  it('still imports a version 1 file as before: no contact details, nobody archived, the settings untouched', async () => {
    const before = await shopSettingsOf(t.db);
    const v1 = {
      format: 'naalepuden-export',
      version: 1,
      exportedAt: AT,
      customers: [{ id: 'c1', name: 'Lis Møller', createdAt: AT }],
      beads: [bead],
      todos: [{ id: 't1', beadId: 'b1', customerId: 'c1', amount: 2, createdAt: AT }],
      orders: [
        { id: 'o1', customerId: 'c1', createdAt: AT, status: 'invoiced', homeDelivery: false },
        { id: 'o2', customerId: 'c1', createdAt: AT, status: 'active', homeDelivery: true },
      ],
      orderLines: [
        { id: 'l1', orderId: 'o1', beadId: 'b1', text: null, priceOre: 7500, saleType: null, addedAt: AT },
      ],
    };
    const response = await importFile(v1, false);
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect(report.issues).toEqual([]);
    expect(report.summary).toBe(
      'Importen tilføjede 6 rækker. 0 fandtes allerede og blev ikke rørt. 0 blev sprunget over.',
    );
    expect(await customer('c1')).toMatchObject({
      phone: null,
      email: null,
      address: null,
      archived_at: null,
    });
    // An order that is not active gets the shop's current postage (53 kr by default), the active one none.
    expect(Number((await order('o1'))?.postage_ore)).toBe(Number(before.postage_ore));
    expect((await order('o2'))?.postage_ore).toBeNull();
    expect(await shopSettingsOf(t.db)).toEqual(before);
    expect(await changes()).toEqual([{ entity: 'shop', action: 'import' }]);
  });

  it('refuses rows with bad new fields in Danish, naming their ids, and writes nothing for them', async () => {
    const before = await shopSettingsOf(t.db);
    const [ase, gitte] = v2File().customers;
    const file = v2File({
      customers: [
        ase,
        { ...gitte, phone: 'ring efter kl. 17' },
        { ...ase, id: 'c-mail', name: 'Mette Mail', email: 'mette@' },
        { ...ase, id: 'c-long', name: 'Lars Lang', address: 'x'.repeat(301) },
        { ...ase, id: 'c-date', name: 'Dorte Dato', archivedAt: 'sidste år' },
      ],
      orders: [
        {
          id: 'o-sent',
          customerId: 'c-ase',
          createdAt: AT,
          status: 'shipped',
          homeDelivery: true,
          postageOre: -100,
        },
        {
          id: 'o-ok',
          customerId: 'c-ase',
          createdAt: AT,
          status: 'paid',
          homeDelivery: false,
          postageOre: 5300,
        },
      ],
      orderLines: [
        {
          id: 'l1',
          orderId: 'o-sent',
          beadId: 'b1',
          text: null,
          priceOre: 7500,
          saleType: null,
          addedAt: AT,
        },
      ],
      shopSettings: { ...settings, postageOre: 250_000 },
    });
    const dry = (await importFile(file, true)).json() as ImportReport;
    const response = await importFile(file, false);
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect(report.issues).toEqual(dry.issues);
    expect(report.issues.map((i) => [i.code, i.ids, i.message])).toEqual([
      [
        'customerFieldInvalid',
        ['c-gitte'],
        'Kunden "c-gitte" har et telefonnummer, som ikke kan bruges (Telefonnummeret må kun indeholde tal, mellemrum, + og -); kunden er sprunget over.',
      ],
      [
        'customerFieldInvalid',
        ['c-mail'],
        'Kunden "c-mail" har en e-mail, som ikke kan bruges (Skriv en gyldig e-mail, fx navn@eksempel.dk); kunden er sprunget over.',
      ],
      [
        'customerFieldInvalid',
        ['c-long'],
        'Kunden "c-long" har en adresse, som ikke kan bruges (Adressen må højst være på 300 tegn); kunden er sprunget over.',
      ],
      [
        'customerFieldInvalid',
        ['c-date'],
        'Kunden "c-date" har en arkiveringsdato, som ikke kan bruges (ugyldig dato); kunden er sprunget over.',
      ],
      [
        'orderPostageInvalid',
        ['o-sent'],
        'Ordren "o-sent" har en ugyldig porto (-100); ordren og dens linjer er sprunget over.',
      ],
      [
        'shopSettingsInvalid',
        [],
        'Butikkens indstillinger i filen kan ikke bruges (Portoen må højst være 1.000 kr); indstillingerne her er ikke ændret.',
      ],
      [
        'lineOrderMissing',
        ['l1', 'o-sent'],
        'Ordrelinjen "l1" peger på ordren "o-sent", som ikke findes; linjen er sprunget over.',
      ],
    ]);
    expect(report.counts.customers).toEqual({ inFile: 5, added: 1, alreadyPresent: 0, skipped: 4 });
    expect(report.counts.orders).toEqual({ inFile: 2, added: 1, alreadyPresent: 0, skipped: 1 });
    const ids = await t.db.selectFrom('customers').select('id').execute();
    expect(ids.map((c) => c.id)).toEqual(['c-ase']);
    expect(await order('o-sent')).toBeUndefined();
    expect(Number((await order('o-ok'))?.postage_ore)).toBe(5300);
    expect(await t.db.selectFrom('order_lines').selectAll().execute()).toEqual([]);
    expect(await shopSettingsOf(t.db)).toEqual(before);
  });

  it('refuses an unknown version in Danish and writes nothing', async () => {
    const response = await importFile({ ...v2File(), version: 5 }, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'IMPORT_FILE_INVALID',
      message: 'Nålepuden-eksport i version 5 kendes ikke',
    });
    expect(await t.db.selectFrom('customers').select('id').execute()).toEqual([]);
  });
});
