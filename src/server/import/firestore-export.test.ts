import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  firestoreInstant,
  firestoreRef,
  isFirestoreExport,
  parseFirestoreExport,
} from './firestore-export.ts';
import { ImportFileError } from './import-records.ts';

const fixture = (name: string) => JSON.parse(fs.readFileSync(`tests/fixtures/${name}`, 'utf8')) as unknown;

describe('firestoreInstant', () => {
  it('reads the __datatype__ timestamp of format (a), with nanoseconds to milliseconds', () => {
    expect(
      firestoreInstant({
        __datatype__: 'timestamp',
        value: { _seconds: 1709374500, _nanoseconds: 120_999_999 },
      }),
    ).toBe('2024-03-02T10:15:00.120Z');
  });

  it('reads {_seconds, _nanoseconds}, {seconds, nanoseconds} and ISO strings of format (b) as UTC', () => {
    expect(firestoreInstant({ _seconds: 1714557600, _nanoseconds: 0 })).toBe('2024-05-01T10:00:00.000Z');
    expect(firestoreInstant({ seconds: 1714557600, nanoseconds: 5_000_000 })).toBe(
      '2024-05-01T10:00:00.005Z',
    );
    expect(firestoreInstant('2024-05-01T12:00:00+02:00')).toBe('2024-05-01T10:00:00.000Z');
    expect(firestoreInstant('2024-05-01T10:00:00Z')).toBe('2024-05-01T10:00:00.000Z');
  });

  it('gives null for missing or unreadable values', () => {
    for (const value of [undefined, null, '', 'i går', { _seconds: 'x' }, { foo: 1 }, Number.NaN, true]) {
      expect(firestoreInstant(value)).toBeNull();
    }
  });
});

describe('firestoreRef', () => {
  it('takes a plain id, the last part of a path, or a documentReference value', () => {
    expect(firestoreRef('abc123')).toBe('abc123');
    expect(firestoreRef('customers/abc123')).toBe('abc123');
    expect(firestoreRef('/projects/p/databases/(default)/documents/beads/xyz')).toBe('xyz');
    expect(firestoreRef({ __datatype__: 'documentReference', value: 'beads/xyz' })).toBe('xyz');
    expect(firestoreRef(42)).toBe('42');
    for (const value of [null, undefined, '', '  ', {}]) expect(firestoreRef(value)).toBeNull();
  });
});

describe('parseFirestoreExport', () => {
  it('recognises both shapes and nothing else', () => {
    expect(isFirestoreExport({ __collections__: {} })).toBe(true);
    expect(isFirestoreExport({ customers: {} })).toBe(true);
    expect(isFirestoreExport({ format: 'naalepuden-export' })).toBe(false);
    expect(isFirestoreExport([])).toBe(false);
    expect(() => parseFirestoreExport({ hello: 'world' })).toThrow(ImportFileError);
  });

  it('reads format (a): ids kept, kr to øre, timestamps to ISO UTC, bead lines stay bead lines', () => {
    const parsed = parseFirestoreExport(fixture('old-app-export.json'));
    expect(parsed.source).toBe('firestore');
    expect(parsed.customers).toHaveLength(8);
    expect(parsed.customers[0]).toEqual({
      id: '3kQm8VxT2bLr9NfW1aZe',
      name: 'Åse Østergaard',
      createdAt: null,
    });
    // Trailing space cleaned like every customer name.
    expect(parsed.customers[1]?.name).toBe('åse østergaard');
    const bead = (id: string) => parsed.beads.find((b) => b.id === id);
    expect(bead('Bg3Tm6YxE1rU8iO5pAsf')).toMatchObject({
      name: 'Blå glasperle',
      priceOre: 3750,
      saleType: null,
    });
    expect(bead('Hp8Ls1Dk4Fj7Gh0Ja3Qw')).toMatchObject({ name: 'Hjerteperle Æ/Ø/Å', priceOre: 1295 });
    expect(bead('Gx5Hd8JqW2eYr6uK3tMb')).toMatchObject({ priceOre: 7500, saleType: '2 for 125' });
    expect(bead('Mn4Bv7Cx0Zl3Kj6Hg9Fd')).toMatchObject({ isDeleted: true });
    const order = parsed.orders.find((o) => o.id === 'Or1Lis0Older2024aaaa');
    expect(order).toEqual({
      id: 'Or1Lis0Older2024aaaa',
      customerId: 'D8rFh3MpW0uJc7QkN2Lz',
      createdAt: '2024-03-02T10:15:00.120Z',
      status: 'active',
      homeDelivery: false,
    });
    expect(parsed.orders.find((o) => o.id === 'Or4Bjorn0Paid24ddddd')?.homeDelivery).toBe(true);
    const line = (id: string) => parsed.orderLines.find((l) => l.id === id);
    expect(line('Ln01aaaaaaaaaaaaaaaa')).toEqual({
      id: 'Ln01aaaaaaaaaaaaaaaa',
      orderId: 'Or1Lis0Older2024aaaa',
      beadId: 'Rk2pQ9sLm4TzX7vB1cNa',
      text: null,
      priceOre: null,
      saleType: null,
      addedAt: '2024-03-02T10:16:00.000Z',
    });
    expect(line('Ln02aaaaaaaaaaaaaaaa')).toMatchObject({
      beadId: null,
      text: 'Reparation af perlekæde; lås skiftet',
      priceOre: 2550,
    });
    expect(parsed.issues).toEqual([]);
  });

  it('skips the old app’s test orders (stored name {name}) and their lines silently', () => {
    const parsed = parseFirestoreExport(fixture('old-app-export.json'));
    expect(parsed.orders.map((o) => o.id)).not.toContain('Or6Test0Marker0fffff');
    expect(parsed.orderLines.map((l) => l.id)).not.toContain('Ln12ffffffffffffffff');
    expect(JSON.stringify(parsed.issues)).not.toContain('Or6Test0Marker0fffff');
    // The hidden test customer itself is kept (hidden from lists, as the old app did).
    expect(parsed.customers.find((c) => c.name === '{name}')).toBeDefined();
  });

  it('reads format (b) with {_seconds} and ISO timestamps', () => {
    const parsed = parseFirestoreExport(fixture('old-app-export-plain.json'));
    expect(parsed.customers.map((c) => c.name)).toEqual(['Lotte Ødegaard', 'Aage Bæk']);
    expect(parsed.orders[0]?.createdAt).toBe('2024-05-01T10:00:00.250Z');
    expect(parsed.orders[1]?.createdAt).toBe('2024-02-29T23:30:00.000Z');
    expect(parsed.orderLines[1]).toMatchObject({
      text: 'Ekstra snor, 2 m',
      priceOre: 1995,
      addedAt: '2024-05-01T08:02:00.000Z',
    });
    expect(parsed.beads[0]?.priceOre).toBe(2250);
    expect(parsed.issues).toEqual([]);
  });

  it('resolves and reports bad single values, naming the document ids', () => {
    const parsed = parseFirestoreExport({
      customers: {
        c1: { name: '  ' },
        c2: 'not an object',
        c3: { name: 'Ida', __collections__: { notes: { n1: {} } } },
      },
      beads: {
        b1: { name: 'Negativ', price: -5 },
        b2: { name: 'Ukendt tilbud', price: 10, saleType: '3 for 100' },
        b3: { name: 'Tekstpris', price: '12,50' },
        b4: { name: 'Ingen pris' },
      },
      todos: {
        t1: { beadId: 'b3', amount: 0 },
        t2: { beadId: 'b3', amount: 1.5 },
        t3: { beadId: 'b3', amount: '2' },
      },
      orders: { o1: { customerId: 'c3', status: 'lost', date: 'never' } },
      order_lines: { l1: { orderId: 'o1', text: 'Fri', price: 'gratis' } },
      users: { u1: {}, u2: {} },
    });
    const byCode = (code: string) => parsed.issues.filter((i) => i.code === code);
    expect(byCode('collectionIgnored')[0]?.message).toBe(
      'Samlingen "users" (2 dokumenter) hører ikke til butikkens data og er ikke importeret.',
    );
    expect(byCode('customerNameMissing')[0]).toMatchObject({ ids: ['c1'], table: 'customers' });
    expect(byCode('documentInvalid')[0]?.ids).toEqual(['c2']);
    expect(byCode('subcollectionIgnored')[0]?.message).toContain('notes');
    expect(byCode('beadPriceInvalid').map((i) => i.ids[0])).toEqual(['b1', 'b4']);
    expect(byCode('beadSaleTypeUnknown')[0]?.message).toBe(
      'Perlen "b2" har det ukendte tilbud "3 for 100"; den er importeret uden tilbud.',
    );
    expect(parsed.beads.find((b) => b.id === 'b1')?.priceOre).toBe(0);
    expect(parsed.beads.find((b) => b.id === 'b3')?.priceOre).toBe(1250);
    expect(byCode('todoAmountInvalid').map((i) => i.ids[0])).toEqual(['t1', 't2']);
    expect(parsed.todos.map((t) => [t.id, t.amount])).toEqual([['t3', 2]]);
    expect(byCode('orderStatusUnknown')[0]?.message).toBe(
      'Ordren "o1" har den ukendte status "lost"; den er importeret som Afventer betaling.',
    );
    expect(parsed.orders[0]).toMatchObject({ status: 'invoiced', createdAt: null });
    expect(byCode('linePriceInvalid')[0]?.ids).toEqual(['l1']);
    expect(parsed.orderLines[0]?.priceOre).toBe(0);
  });
});
