import { describe, expect, it } from 'vitest';
import { lastAtOrAbove } from './grouped-list-layout.ts';

describe('lastAtOrAbove', () => {
  const starts = [0, 34, 102, 170, 238];
  const at = (y: number) => lastAtOrAbove(starts.length, (index) => starts[index] ?? 0, y);

  it('finds the last position at or above y', () => {
    expect(at(0)).toBe(0);
    expect(at(33)).toBe(0);
    expect(at(34)).toBe(1);
    expect(at(169)).toBe(2);
    expect(at(10_000)).toBe(4);
  });

  it('gives the first above the list and for an empty list', () => {
    expect(at(-50)).toBe(0);
    expect(lastAtOrAbove(0, () => 0, 100)).toBe(0);
  });

  it('agrees with a linear search on many positions', () => {
    const many = Array.from({ length: 500 }, (_, index) => index * 7 + (index % 3));
    for (const y of [-1, 0, 5, 700, 1_234, 3_499, 9_999]) {
      let expected = 0;
      many.forEach((start, index) => {
        if (start <= y) expected = index;
      });
      expect(lastAtOrAbove(many.length, (index) => many[index] ?? 0, y)).toBe(expected);
    }
  });
});
