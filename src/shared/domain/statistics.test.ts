import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderStatistics } from './statistics.ts';

describe('orderStatistics', () => {
  it('is all zeros for no orders, never NaN', () => {
    expect(orderStatistics([])).toEqual({ count: 0, averageOre: 0, totalOre: 0 });
  });

  it('counts, sums and averages', () => {
    expect(orderStatistics([12500, 4500, 20000])).toEqual({ count: 3, averageOre: 12333, totalOre: 37000 });
    expect(orderStatistics([100, 201])).toEqual({ count: 2, averageOre: 151, totalOre: 301 });
  });

  it('keeps the average between the smallest and largest total, in whole øre', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1 }), (totals) => {
        const { count, averageOre, totalOre } = orderStatistics(totals);
        expect(count).toBe(totals.length);
        expect(totalOre).toBe(totals.reduce((a, b) => a + b, 0));
        expect(Number.isInteger(averageOre)).toBe(true);
        expect(averageOre).toBeGreaterThanOrEqual(Math.min(...totals));
        expect(averageOre).toBeLessThanOrEqual(Math.max(...totals));
        expect(Math.abs(averageOre * count - totalOre)).toBeLessThanOrEqual(count / 2);
      }),
    );
  });
});
