import { describe, expect, it } from 'vitest';
import {
  addBeadToCustomersSchema,
  beadLineCreateSchema,
  freeLineCreateSchema,
  freeLineFormSchema,
  lineTextSchema,
  orderLineCreateSchema,
} from './order-line.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.success ? [] : (result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []));

describe('orderLineCreateSchema', () => {
  it('accepts a bead line', () => {
    expect(orderLineCreateSchema.parse({ kind: 'bead', beadId: 'b1' })).toEqual({
      kind: 'bead',
      beadId: 'b1',
    });
    expect(beadLineCreateSchema.parse({ kind: 'bead', beadId: ' b1 ' })).toEqual({
      kind: 'bead',
      beadId: 'b1',
    });
  });

  it('accepts a free line with text and price', () => {
    expect(orderLineCreateSchema.parse({ kind: 'free', text: ' Gaveæske ', priceOre: 2000 })).toEqual({
      kind: 'free',
      text: 'Gaveæske',
      priceOre: 2000,
    });
    expect(messages(freeLineCreateSchema.safeParse({ kind: 'free', text: 'Rabat', priceOre: 0 }))).toEqual([
      ['priceOre', 'Prisen skal være over 0'],
    ]);
  });

  it('names the missing fields in Danish', () => {
    expect(messages(orderLineCreateSchema.safeParse({ kind: 'bead' }))).toEqual([
      ['beadId', 'Vælg en perle'],
    ]);
    expect(messages(orderLineCreateSchema.safeParse({ kind: 'free' }))).toEqual([
      ['text', 'Tekst er påkrævet'],
      ['priceOre', 'Pris er påkrævet'],
    ]);
    expect(messages(orderLineCreateSchema.safeParse({ kind: 'free', text: 'x', priceOre: -100 }))).toEqual([
      ['priceOre', 'Prisen må ikke være negativ'],
    ]);
  });

  it('refuses a body without a known kind', () => {
    expect(messages(orderLineCreateSchema.safeParse({ beadId: 'b1' }))[0]?.[1]).toBe('Ugyldig værdi');
  });

  it('limits the text length', () => {
    expect(messages(lineTextSchema.safeParse('x'.repeat(201)))[0]?.[1]).toBe(
      'Teksten må højst være på 200 tegn',
    );
  });
});

describe('freeLineFormSchema (Linje tab)', () => {
  it('outputs the free-line body with øre', () => {
    const body = freeLineFormSchema.parse({ text: 'Gaveæske', price: '20,50' });
    expect(body).toEqual({ kind: 'free', text: 'Gaveæske', priceOre: 2050 });
    expect(orderLineCreateSchema.parse(body)).toEqual(body);
  });

  it('requires both fields', () => {
    expect(messages(freeLineFormSchema.safeParse({ text: '', price: '' }))).toEqual([
      ['text', 'Tekst er påkrævet'],
      ['price', 'Pris er påkrævet'],
    ]);
  });
});

describe('addBeadToCustomersSchema', () => {
  it('wants at least one customer and removes duplicates', () => {
    expect(addBeadToCustomersSchema.parse({ customerIds: ['a', 'b', 'a'] })).toEqual({
      customerIds: ['a', 'b'],
    });
    expect(messages(addBeadToCustomersSchema.safeParse({ customerIds: [] }))).toEqual([
      ['customerIds', 'Vælg mindst én kunde'],
    ]);
    expect(messages(addBeadToCustomersSchema.safeParse({}))).toEqual([
      ['customerIds', 'Vælg mindst én kunde'],
    ]);
  });
});
