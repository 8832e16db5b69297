import { describe, expect, it } from 'vitest';
import { parseImportFile, parseImportText } from './import-file.ts';
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
    expect(() => parseImportFile({ ...file, version: 2 })).toThrow(
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
    expect(() => parseImportText('{ not json')).toThrow(new ImportFileError('Filen er ikke gyldig JSON'));
    expect(() => parseImportText('[1, 2]')).toThrow(
      'Filen er hverken en eksport fra den gamle app eller fra Nålepuden',
    );
    expect(parseImportText(`\uFEFF${JSON.stringify(file)}`).customers).toHaveLength(1);
  });
});
