/**
 * The postal address in our own export: an export written today carries the structured fields and
 * imports into an empty install as the same address ('Tjek adressen' and a foreign country included); an older
 * export's free-text address is read into the fields exactly as migration 0010 read the database's (Danish ones
 * read, the rest kept as they were and marked); a bad field refuses its customer in Danish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFile, ImportReport } from '../../src/shared/schemas/api-data.ts';
import { ADDRESS_CASES } from '../fixtures/address-cases.ts';
import { createCustomer } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const AT = '2025-03-01T10:00:00.000Z';

/** A version 2 file as written before Each customer with a free-text address only. */
function oldFile(addresses: ReadonlyArray<string | null>) {
  return {
    format: 'naalepuden-export',
    version: 2,
    exportedAt: AT,
    customers: addresses.map((address, n) => ({
      id: `c${n}`,
      name: `Kunde ${n}`,
      createdAt: AT,
      phone: null,
      email: null,
      address,
      archivedAt: null,
    })),
    beads: [],
    todos: [],
    orders: [],
    orderLines: [],
  };
}

describe.each(dialects)('the address in the export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const importInto = (app: TestApp, payload: object) =>
    app.request({ method: 'POST', url: '/api/data/import?dryRun=false', payload });
  const fields = async (app: TestApp, id: string) => {
    const row = await app.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      address: row.address,
      address2: row.address2,
      postcode: row.postcode,
      city: row.city,
      countryCode: row.country_code,
      needsCheck: Boolean(row.address_needs_check),
    };
  };

  it('reads an older export’s free text as the migration does: Danish, foreign, garbage and empty', async () => {
    // The texts an older app could have stored (its own cleaning: lines trimmed, empty ones dropped).
    const stored = ADDRESS_CASES.filter(([, text]) => text.trim() !== '' && !/\r|\n\s*\n|^\s|\s$/.test(text));
    const fresh = await createTestApp(kind);
    try {
      const response = await importInto(fresh, oldFile([...stored.map(([, text]) => text), null, '']));
      expect(response.statusCode).toBe(200);
      expect((response.json() as ImportReport).issues).toEqual([]);
      for (const [n, [label, , expected]] of stored.entries()) {
        expect(await fields(fresh, `c${n}`), label).toEqual(expected);
      }
      const none = {
        address: null,
        address2: null,
        postcode: null,
        city: null,
        countryCode: 'DK',
        needsCheck: false,
      };
      expect(await fields(fresh, `c${stored.length}`)).toEqual(none);
      expect(await fields(fresh, `c${stored.length + 1}`)).toEqual(none);
    } finally {
      await fresh.close();
    }
  });

  it('exports the fields and imports them into an empty install unchanged', async () => {
    const customers = [
      await createCustomer(t.db, { address: 'Æblegade 7, 2. tv', postcode: '8000', city: 'Aarhus C' }),
      await createCustomer(t.db, {
        address: 'ul. Długa 5',
        address2: 'm. 12',
        postcode: '00-238',
        city: 'Warszawa',
        countryCode: 'PL',
      }),
      await createCustomer(t.db, { address: 'Main Street 1', city: 'Dublin', countryCode: 'IE' }),
      await createCustomer(t.db, { address: 'Perlevej 1\nAarhus', addressNeedsCheck: true }),
      await createCustomer(t.db),
    ];
    const exported = (await t.request({ method: 'GET', url: '/api/data/export.json' })).json() as ExportFile;
    expect(exported.customers.find((c) => c.id === customers[1]!.id)).toMatchObject({
      address: 'ul. Długa 5',
      address2: 'm. 12',
      postcode: '00-238',
      city: 'Warszawa',
      countryCode: 'PL',
      addressNeedsCheck: false,
    });
    const fresh = await createTestApp(kind);
    try {
      const response = await importInto(fresh, exported);
      expect(response.statusCode).toBe(200);
      expect((response.json() as ImportReport).issues.map((issue) => issue.code)).toEqual([
        'shopSettingsUnchanged',
      ]);
      for (const customer of customers) {
        expect(await fields(fresh, customer.id)).toEqual(await fields(t, customer.id));
      }
      expect((await fields(fresh, customers[3]!.id)).needsCheck).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a customer whose address fields cannot be used, naming her, in Danish', async () => {
    const fresh = await createTestApp(kind);
    try {
      const file = {
        ...oldFile([]),
        customers: [
          ['c-post', { postcode: '800', city: 'Aarhus C' }],
          ['c-city', { postcode: '8000', city: '' }],
          ['c-land', { postcode: '8000', city: 'Aarhus C', countryCode: 'Danmark' }],
          ['c-ok', { postcode: '8000', city: 'Aarhus C' }],
        ].map(([id, address]) => ({
          id,
          name: `Kunde ${id}`,
          createdAt: AT,
          phone: null,
          email: null,
          address: 'Perlevej 1',
          address2: null,
          countryCode: 'DK',
          addressNeedsCheck: false,
          archivedAt: null,
          ...(address as object),
        })),
      };
      const report = (await importInto(fresh, file)).json() as ImportReport;
      expect(report.issues.map((issue) => issue.message)).toEqual([
        'Kunden "c-post" har en adresse, som ikke kan bruges (Et dansk postnummer er 4 cifre, 1000–9999); kunden er sprunget over.',
        'Kunden "c-city" har en adresse, som ikke kan bruges (Skriv byen); kunden er sprunget over.',
        'Kunden "c-land" har en adresse, som ikke kan bruges (Vælg et land fra listen); kunden er sprunget over.',
      ]);
      expect(report.counts.customers).toMatchObject({ added: 1, skipped: 3 });
      expect(await fields(fresh, 'c-ok')).toMatchObject({
        postcode: '8000',
        city: 'Aarhus C',
        needsCheck: false,
      });
    } finally {
      await fresh.close();
    }
  });
});
