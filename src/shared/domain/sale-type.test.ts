import { describe, expect, it } from 'vitest';
import {
  defaultPriceOreForSaleType,
  isPairOffer,
  isSaleType,
  OFFER_2_FOR_125,
  SALE_TYPES,
} from './sale-type.ts';

describe('sale types', () => {
  it("knows '2 for 125'", () => {
    expect(OFFER_2_FOR_125).toBe('2 for 125');
    expect(SALE_TYPES).toEqual(['2 for 125']);
  });

  it('narrows stored values', () => {
    expect(isSaleType('2 for 125')).toBe(true);
    expect(isSaleType('3 for 100')).toBe(false);
    expect(isSaleType(null)).toBe(false);
    expect(isSaleType(125)).toBe(false);
  });

  it('tells which lines are pooled', () => {
    expect(isPairOffer('2 for 125')).toBe(true);
    expect(isPairOffer(null)).toBe(false);
    expect(isPairOffer(undefined)).toBe(false);
    expect(isPairOffer('2 for 126')).toBe(false);
  });

  it("fills in 75 kr for '2 for 125' and nothing without an offer", () => {
    expect(defaultPriceOreForSaleType('2 for 125')).toBe(7500);
    expect(defaultPriceOreForSaleType(null)).toBeNull();
  });
});
