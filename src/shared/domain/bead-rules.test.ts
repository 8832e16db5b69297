import { describe, expect, it } from 'vitest';
import { isHiddenBead, isListedBead, needsPriceBeforeCompletion } from './bead-rules.ts';

describe('bead rules', () => {
  it('lists a bead that is not deleted and costs more than 0', () => {
    expect(isListedBead({ priceOre: 2500, isDeleted: false })).toBe(true);
    expect(isListedBead({ priceOre: 0, isDeleted: false })).toBe(false);
    expect(isListedBead({ priceOre: 2500, isDeleted: true })).toBe(false);
    expect(isHiddenBead({ priceOre: 0, isDeleted: false })).toBe(true);
  });

  it('asks for a price before completing a todo of a 0-kr bead', () => {
    expect(needsPriceBeforeCompletion({ priceOre: 0 })).toBe(true);
    expect(needsPriceBeforeCompletion({ priceOre: 1 })).toBe(false);
  });
});
