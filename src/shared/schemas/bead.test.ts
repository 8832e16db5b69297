import { describe, expect, it } from 'vitest';
import {
  beadCreateFormSchema,
  beadCreateSchema,
  beadNameSchema,
  beadPriceSchema,
  beadUpdateSchema,
  priceDialogFormSchema,
} from './bead.ts';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('beadNameSchema', () => {
  it('cleans the name and requires it', () => {
    expect(beadNameSchema().parse('  Rød   perle ')).toBe('Rød perle');
    expect(message(beadNameSchema().safeParse(' '))).toBe('Navn er påkrævet');
    expect(message(beadNameSchema('Indtast navn på perle').safeParse(''))).toBe('Indtast navn på perle');
    expect(message(beadNameSchema().safeParse('x'.repeat(121)))).toBe('Navnet må højst være på 120 tegn');
  });
});

describe('beadCreateSchema (API)', () => {
  it('accepts a bead with or without an offer', () => {
    expect(beadCreateSchema.parse({ name: 'Rød', priceOre: 4500 })).toEqual({
      name: 'Rød',
      priceOre: 4500,
      saleType: null,
    });
    expect(beadCreateSchema.parse({ name: 'Rød', priceOre: 7500, saleType: '2 for 125' })).toEqual({
      name: 'Rød',
      priceOre: 7500,
      saleType: '2 for 125',
    });
    // 0 kr is only the hidden state of a bead typed in the todo dialog.
    expect(message(beadCreateSchema.safeParse({ name: 'Ny', priceOre: 0, saleType: null }))).toBe(
      'Prisen skal være over 0',
    );
    expect(message(beadCreateSchema.safeParse({ name: 'Ny', priceOre: 10_000_001, saleType: null }))).toBe(
      'Prisen er for høj',
    );
  });

  it('refuses a missing name or price and unknown offers', () => {
    expect(message(beadCreateSchema.safeParse({ priceOre: 100 }))).toBe('Navn er påkrævet');
    expect(message(beadCreateSchema.safeParse({ name: 'Rød' }))).toBe('Pris er påkrævet');
    expect(message(beadCreateSchema.safeParse({ name: 'Rød', priceOre: -1 }))).toBe(
      'Prisen må ikke være negativ',
    );
    expect(message(beadCreateSchema.safeParse({ name: 'Rød', priceOre: 10.5 }))).toBe(
      'Indtast en gyldig pris',
    );
    expect(message(beadCreateSchema.safeParse({ name: 'Rød', priceOre: 1, saleType: '3 for 2' }))).toBe(
      'Ukendt tilbud',
    );
  });
});

describe('beadUpdateSchema', () => {
  it('accepts any subset of price, offer and soft delete', () => {
    expect(beadUpdateSchema.parse({})).toEqual({});
    expect(beadUpdateSchema.parse({ isDeleted: true })).toEqual({ isDeleted: true });
    expect(beadUpdateSchema.parse({ priceOre: 100, saleType: null })).toEqual({
      priceOre: 100,
      saleType: null,
    });
  });

  it('does not let the name or id through', () => {
    expect(beadUpdateSchema.parse({ name: 'x', id: 'y', priceOre: 5 })).toEqual({ priceOre: 5 });
  });

  it('checks the values it gets', () => {
    expect(message(beadUpdateSchema.safeParse({ priceOre: -5 }))).toBe('Prisen må ikke være negativ');
    expect(message(beadUpdateSchema.safeParse({ isDeleted: 'yes' }))).toBe('Vælg ja eller nej');
  });
});

describe('beadPriceSchema (Sæt Pris body)', () => {
  it('wants a price above 0', () => {
    expect(beadPriceSchema.parse({ priceOre: 7500, saleType: '2 for 125' })).toEqual({
      priceOre: 7500,
      saleType: '2 for 125',
    });
    expect(message(beadPriceSchema.safeParse({ priceOre: 0, saleType: null }))).toBe(
      'Prisen skal være over 0',
    );
  });
});

describe('beadCreateFormSchema (Tilføj ny nål)', () => {
  it('turns the kr field into priceOre', () => {
    expect(beadCreateFormSchema.parse({ name: ' Rød ', price: '45,50', saleType: null })).toEqual({
      name: 'Rød',
      priceOre: 4550,
      saleType: null,
    });
    expect(beadCreateFormSchema.parse({ name: 'Tilbud', price: 75, saleType: '2 for 125' })).toEqual({
      name: 'Tilbud',
      priceOre: 7500,
      saleType: '2 for 125',
    });
  });

  it('its output is a valid API body', () => {
    const body = beadCreateFormSchema.parse({ name: 'Rød', price: '0,50', saleType: null });
    expect(beadCreateSchema.parse(body)).toEqual(body);
  });

  it('reports name and price together', () => {
    const result = beadCreateFormSchema.safeParse({ name: '', price: '', saleType: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Navn er påkrævet'],
      ['price', 'Pris er påkrævet'],
    ]);
  });
});

describe('priceDialogFormSchema (Sæt Pris)', () => {
  it('wants a price above 0', () => {
    expect(priceDialogFormSchema.parse({ price: '75', saleType: '2 for 125' })).toEqual({
      priceOre: 7500,
      saleType: '2 for 125',
    });
    expect(message(priceDialogFormSchema.safeParse({ price: '0', saleType: null }))).toBe(
      'Prisen skal være over 0',
    );
    expect(message(priceDialogFormSchema.safeParse({ price: '', saleType: null }))).toBe('Pris er påkrævet');
  });
});
