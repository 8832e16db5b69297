import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInteger } from './number-format.ts';

describe('formatInteger', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.000'],
    [1234, '1.234'],
    [1234567, '1.234.567'],
    [-1234, '-1.234'],
    [-0, '0'],
    [1234.5, '1.235'],
    [-1234.5, '-1.235'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatInteger(value)).toBe(expected);
  });

  it('throws on non-finite numbers', () => {
    expect(() => formatInteger(Number.NaN)).toThrow(RangeError);
    expect(() => formatInteger(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips: removing the dots gives the integer back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(Number(formatInteger(n).replaceAll('.', ''))).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('puts a dot before every group of three digits and nowhere else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (n) => {
        expect(formatInteger(n)).toMatch(/^\d{1,3}(\.\d{3})*$/);
      }),
    );
  });
});
