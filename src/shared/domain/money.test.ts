import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatKr,
  formatKrInput,
  formatKrNumber,
  krToOre,
  MAX_PRICE_ORE,
  OFFER_DEFAULT_PRICE_ORE,
  OFFER_PAIR_PRICE_ORE,
  parseKr,
} from './money.ts';

describe('constants', () => {
  it('hold the shop prices in øre', () => {
    expect(OFFER_PAIR_PRICE_ORE).toBe(12500);
    expect(OFFER_DEFAULT_PRICE_ORE).toBe(7500);
    expect(Number.isSafeInteger(MAX_PRICE_ORE * 1000)).toBe(true);
  });
});

describe('formatKr', () => {
  it.each([
    [0, '0 kr'],
    [100, '1 kr'],
    [5300, '53 kr'],
    [12500, '125 kr'],
    [123400, '1.234 kr'],
    [1250, '12,50 kr'],
    [1205, '12,05 kr'],
    [5, '0,05 kr'],
    [-500, '-5 kr'],
    [-123456, '-1.234,56 kr'],
    [123456789, '1.234.567,89 kr'],
    [-0, '0 kr'],
  ])('formats %s øre as %s', (ore, expected) => {
    expect(formatKr(ore)).toBe(expected);
  });

  it('rounds fractional øre instead of showing them', () => {
    expect(formatKr(1249.5)).toBe('12,50 kr');
    expect(formatKr(-0.4)).toBe('0 kr');
  });

  it('throws on non-finite amounts', () => {
    expect(() => formatKr(Number.NaN)).toThrow(RangeError);
  });

  it('always matches the Danish pattern', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (ore) => {
        expect(formatKr(ore)).toMatch(/^-?\d{1,3}(\.\d{3})*(,\d{2})? kr$/);
      }),
    );
  });
});

describe('formatKrNumber and formatKrInput', () => {
  it('formats without the unit', () => {
    expect(formatKrNumber(123450)).toBe('1.234,50');
    expect(formatKrInput(123450)).toBe('1234,50');
    expect(formatKrInput(7500)).toBe('75');
  });

  it('formatKrInput output parses back to the same øre', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_PRICE_ORE, max: MAX_PRICE_ORE }), (ore) => {
        expect(parseKr(formatKrInput(ore))).toBe(ore);
      }),
    );
  });
});

describe('krToOre', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [75, 7500],
    [1.005, 101],
    [0.125, 13],
    [-0.125, -13],
    [-0.001, 0],
    [19.99, 1999],
  ])('krToOre(%s) = %s', (kr, ore) => {
    expect(krToOre(kr)).toBe(ore);
  });

  it('never returns -0', () => {
    expect(Object.is(krToOre(-0.001), 0)).toBe(true);
  });

  it('throws on non-finite input', () => {
    expect(() => krToOre(Number.NaN)).toThrow(RangeError);
    expect(() => krToOre(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('turns any whole number of øre, written in kroner, back into the same øre', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ore) => {
        expect(krToOre(ore / 100)).toBe(ore === 0 ? 0 : ore);
      }),
    );
  });
});

describe('parseKr', () => {
  it.each([
    ['45', 4500],
    ['12,50', 1250],
    ['12,5', 1250],
    ['12.50', 1250],
    ['12.5', 1250],
    ['1.234', 123400],
    ['1.234,50', 123450],
    ['12.345.678', 1234567800],
    [' 7,5 ', 750],
    ['75 kr', 7500],
    ['75kr.', 7500],
    ['1 234', 123400],
    ['-5', -500],
    ['0', 0],
    ['-0', 0],
  ])('parses %j as %s øre', (text, ore) => {
    expect(parseKr(text)).toBe(ore);
  });

  it.each([
    '',
    ' ',
    '0.125',
    '012.345',
    'abc',
    '12,345',
    '1,2,3',
    '12.5.5',
    '--5',
    '1e3',
    ',5',
    '5,',
    'kr',
    '12,50,00',
    '0x10',
  ])('rejects %j', (text) => {
    expect(parseKr(text)).toBeNull();
  });
});
