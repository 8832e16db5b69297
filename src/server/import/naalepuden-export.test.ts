import { describe, expect, it } from 'vitest';
import { parseImportFile, readImportJson } from './import-file.ts';
import { ImportFileError } from './import-records.ts';

const file = {
  format: 'naalepuden-export',
  version: 1,
  exportedAt: '2026-01-01T00:00:00.000Z',
  customers: [{ id: 'c1', name: 'Åse', createdAt: '2025-01-01T00:00:00.000Z' }],
  beads: [
    {
      id: 'b1',
      name: 'Guld',
      priceOre: 7500,
      saleType: '2 for 125',
      isDeleted: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  todos: [],
  orders: [
    { id: 'o1', customerId: 'c1', createdAt: '2025-01-02T00:00:00.000Z', status: 'paid', homeDelivery: true },
  ],
  orderLines: [
    {
      id: 'l1',
      orderId: 'o1',
      beadId: 'b1',
      text: null,
      priceOre: 7500,
      saleType: '2 for 125',
      addedAt: '2025-01-02T00:00:00.000Z',
    },
  ],
};

describe('our own export format', () => {
  it('reads back what the export writes, as it is', () => {
    const parsed = parseImportFile(file);
    expect(parsed.source).toBe('naalepuden');
    expect(parsed.orderLines[0]).toEqual(file.orderLines[0]);
    expect(parsed.orders[0]).toEqual(file.orders[0]);
    expect(parsed.issues).toEqual([]);
  });

  it('refuses other versions, broken rows and repeated ids in Danish', () => {
    expect(() => parseImportFile({ ...file, version: 5 })).toThrow(
      'Nålepuden-eksport i version 5 kendes ikke',
    );
    expect(() => parseImportFile({ ...file, version: '2' })).toThrow(
      'Nålepuden-eksport i version 2 kendes ikke',
    );
    expect(() => parseImportFile({ ...file, beads: [{ ...file.beads[0], priceOre: -1 }] })).toThrow(
      /Eksportfilen kan ikke læses \(beads\.0\.priceOre\)/,
    );
    expect(() => parseImportFile({ ...file, customers: [file.customers[0], file.customers[0]] })).toThrow(
      'Eksportfilen kan ikke læses (customers): id\'et "c1" findes to gange',
    );
  });

  it('refuses files that are not JSON or not an export', () => {
    expect(() => readImportJson('{ not json')).toThrow(new ImportFileError('Filen er ikke gyldig JSON'));
    expect(() => parseImportFile(readImportJson('[1, 2]'))).toThrow(
      'Filen er hverken en eksport fra den gamle app eller fra Nålepuden',
    );
    expect(parseImportFile(readImportJson(`\uFEFF${JSON.stringify(file)}`)).customers).toHaveLength(1);
  });
});

const settings = {
  shopName: 'Nålepuden',
  postageOre: 5300,
  postageHomeOre: 7300,
  mobilePayNumber: '12345678',
  mobilePayBox: null,
  bankReg: '1234',
  bankAccount: '0012345678',
  billGreeting: 'Kære {navn}',
  billClosing: null,
};

const v2 = {
  ...file,
  version: 2,
  shopSettings: settings,
  customers: [
    {
      ...file.customers[0],
      phone: '+45 12 34 56 78',
      email: 'aase@example.dk',
      address: 'Perlevej 1\n7100 Vejle',
      archivedAt: '2026-02-01T10:00:00+01:00',
    },
  ],
  orders: [{ ...file.orders[0], postageOre: 7300 }],
};

describe('our own export format, version 2', () => {
  it('reads contact details, the archived state, frozen postage and the shop settings', () => {
    const parsed = parseImportFile(v2);
    expect(parsed.customers).toEqual([
      {
        id: 'c1',
        name: 'Åse',
        createdAt: '2025-01-01T00:00:00.000Z',
        phone: '+45 12 34 56 78',
        email: 'aase@example.dk',
        // Written before The free text read into the fields.
        address: {
          address: 'Perlevej 1',
          address2: null,
          postcode: '7100',
          city: 'Vejle',
          countryCode: 'DK',
          needsCheck: false,
        },
        archivedAt: '2026-02-01T09:00:00.000Z',
      },
    ]);
    expect(parsed.orders[0]?.postageOre).toBe(7300);
    // A file written before payment reminders has no reminder setting: today's default, 7 days.
    expect(parsed.shopSettings).toEqual({
      ...settings,
      reminderDays: 7,
      lowStockThreshold: 2,
      address: null,
      cvr: null,
      vatRegistered: false,
    });
    expect(parsed.issues).toEqual([]);
  });

  it('cleans contact fields like the API: empty or null means not known', () => {
    const customer = { ...v2.customers[0], phone: '  12  34 ', email: '', address: null, archivedAt: null };
    const parsed = parseImportFile({ ...v2, customers: [customer] });
    expect(parsed.customers[0]).toMatchObject({
      phone: '12 34',
      email: null,
      address: null,
      archivedAt: null,
    });
    // Left out: not known, and not archived.
    const bare = parseImportFile({ ...v2, customers: file.customers, shopSettings: undefined });
    expect(bare.customers[0]).toMatchObject({ phone: null, email: null, address: null, archivedAt: null });
    expect(bare.shopSettings).toBeUndefined();
  });

  it('refuses a customer with a bad field, naming her id and the problem in Danish; the rest is read', () => {
    const bad = (fields: object, id: string) => ({ ...v2.customers[0], id, name: id, ...fields });
    const parsed = parseImportFile({
      ...v2,
      customers: [
        v2.customers[0],
        bad({ phone: 'ring til mig' }, 'p1'),
        bad({ email: 'aase@' }, 'e1'),
        bad({ address: 'x'.repeat(301) }, 'a1'),
        bad({ archivedAt: 'i går' }, 'd1'),
        bad({ phone: 12345678 }, 'p2'),
      ],
    });
    expect(parsed.customers.map((c) => c.id)).toEqual(['c1']);
    expect(parsed.issues.map((i) => [i.code, i.table, i.ids])).toEqual([
      ['customerFieldInvalid', 'customers', ['p1']],
      ['customerFieldInvalid', 'customers', ['e1']],
      ['customerFieldInvalid', 'customers', ['a1']],
      ['customerFieldInvalid', 'customers', ['d1']],
      ['customerFieldInvalid', 'customers', ['p2']],
    ]);
    expect(parsed.issues.map((i) => i.message)).toEqual([
      'Kunden "p1" har et telefonnummer, som ikke kan bruges (Telefonnummeret må kun indeholde tal, mellemrum, + og -); kunden er sprunget over.',
      'Kunden "e1" har en e-mail, som ikke kan bruges (Skriv en gyldig e-mail, fx navn@eksempel.dk); kunden er sprunget over.',
      'Kunden "a1" har en adresse, som ikke kan bruges (Adressen må højst være på 300 tegn); kunden er sprunget over.',
      'Kunden "d1" har en arkiveringsdato, som ikke kan bruges (ugyldig dato); kunden er sprunget over.',
      'Kunden "p2" har et telefonnummer, som ikke kan bruges (Telefonnummeret må kun indeholde tal, mellemrum, + og -); kunden er sprunget over.',
    ]);
  });

  it('refuses an order with a bad postage, and reports settings that cannot be used without applying them', () => {
    const parsed = parseImportFile({
      ...v2,
      orders: [
        { ...v2.orders[0], postageOre: 100_001 },
        { ...v2.orders[0], id: 'o2', postageOre: 12.5 },
        { ...v2.orders[0], id: 'o3', postageOre: null },
      ],
      shopSettings: { ...settings, mobilePayNumber: '123' },
    });
    expect(parsed.orders.map((o) => o.id)).toEqual(['o3']);
    expect(parsed.shopSettings).toBeUndefined();
    expect(parsed.issues.map((i) => [i.code, i.ids, i.message])).toEqual([
      [
        'orderPostageInvalid',
        ['o1'],
        'Ordren "o1" har en ugyldig porto (100001); ordren og dens linjer er sprunget over.',
      ],
      [
        'orderPostageInvalid',
        ['o2'],
        'Ordren "o2" har en ugyldig porto (12.5); ordren og dens linjer er sprunget over.',
      ],
      [
        'shopSettingsInvalid',
        [],
        'Butikkens indstillinger i filen kan ikke bruges (MobilePay-nummeret skal være 8 cifre); indstillingerne her er ikke ændret.',
      ],
    ]);
    const notObject = parseImportFile({ ...v2, shopSettings: 'Nålepuden' });
    expect(notObject.issues[0]?.message).toBe(
      'Butikkens indstillinger i filen kan ikke bruges (Ugyldig værdi); indstillingerne her er ikke ændret.',
    );
  });

  it('reads a version 1 file as before: new fields in it are ignored, a bad postage refuses the file', () => {
    const parsed = parseImportFile({
      ...file,
      customers: [{ ...file.customers[0], phone: 'ikke et nummer' }],
      shopSettings: { shopName: '' },
    });
    expect(parsed.customers).toEqual([{ id: 'c1', name: 'Åse', createdAt: '2025-01-01T00:00:00.000Z' }]);
    expect(parsed.shopSettings).toBeUndefined();
    expect(parsed.issues).toEqual([]);
    expect(() => parseImportFile({ ...file, orders: [{ ...file.orders[0], postageOre: -1 }] })).toThrow(
      /Eksportfilen kan ikke læses \(orders\.0\.postageOre\)/,
    );
  });
});
