import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isLowStock,
  isSoldOut,
  runningStock,
  type StockFact,
  stockLabel,
  stockOf,
  stockRowLabel,
  stockValueOre,
  stockWarning,
} from './stock.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();
let n = 0;
const fact = (
  kind: StockFact['kind'],
  quantity: number,
  minute: number,
  recordedMinute = minute,
): StockFact => ({
  id: `m${String(n++).padStart(4, '0')}`,
  kind,
  quantity,
  at: at(minute),
  recordedAt: at(recordedMinute),
});

describe('the stock rule', () => {
  it('has no stock before the first count; sales before it are not counted on top', () => {
    expect(stockOf([fact('sale', -2, 1), fact('received', 5, 2)])).toBeNull();
    expect(stockOf([fact('sale', -2, 1), fact('count', 10, 3), fact('sale', -1, 4)])).toBe(9);
  });

  it('a count typed offline earlier than it arrives gets the sales after its moment on top', () => {
    // Typed at :05, arrived at :20; the laptop sold at :03 (before) and :10 (after).
    const facts = [fact('count', 7, 0), fact('sale', -1, 3), fact('sale', -1, 10), fact('count', 20, 5, 20)];
    expect(stockOf(facts)).toBe(19);
  });

  it('the latest count by moment wins, however late it arrives; a sale in its millisecond is after it', () => {
    expect(stockOf([fact('count', 4, 30), fact('count', 50, 10, 40)])).toBe(4);
    expect(stockOf([fact('sale', -1, 30), fact('count', 4, 30, 31)])).toBe(3);
  });

  it('the running stock after each movement ends at the rule', () => {
    const facts = [fact('count', 3, 1), fact('sale', -1, 2), fact('received', 4, 3), fact('adjust', -2, 4)];
    const after = runningStock(facts);
    expect(facts.map((f) => after.get(f.id))).toEqual([3, 2, 6, 4]);
    expect(stockOf(facts)).toBe(4);
  });

  it('running stock and the rule agree for any movements in any order', () => {
    const arbitraryFact = fc.record({
      kind: fc.constantFrom<StockFact['kind']>('count', 'received', 'adjust', 'sale', 'return', 'todo'),
      quantity: fc.integer({ min: 1, max: 50 }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryFact, { maxLength: 30 }), (raw) => {
        const facts = raw.map((r) =>
          fact(r.kind, r.kind === 'sale' || r.kind === 'todo' ? -r.quantity : r.quantity, r.minute),
        );
        const after = runningStock(facts);
        const shuffled = [...facts].reverse();
        expect(stockOf(shuffled)).toBe(stockOf(facts));
        const last = [...after.values()].at(-1);
        expect(stockOf(facts)).toBe(facts.length === 0 ? null : (last ?? null));
      }),
    );
  });
});

describe('what she reads', () => {
  it('warns only when the shelf does not cover the sale', () => {
    expect(stockWarning(null, 3)).toBeNull();
    expect(stockWarning(3, 3)).toBeNull();
    expect(stockWarning(2, 3)).toBe('Kun 2 på lager');
    expect(stockWarning(0, 1)).toBe('Ikke på lager');
    expect(stockWarning(-2, 1)).toBe('Ikke på lager');
  });

  it('labels stock where a bead is picked and on its page', () => {
    expect(stockLabel(1200)).toBe('1.200 på lager');
    expect(stockLabel(0)).toBe('Udsolgt');
    expect(stockLabel(-2)).toBe('mangler 2');
    expect(stockRowLabel(null)).toBe('Ikke talt');
    expect(stockRowLabel(12)).toBe('12 stk.');
    expect(stockRowLabel(-3)).toBe('mangler 3');
  });

  it('filters: Udsolgt at 0 or below, Få tilbage at or below the threshold, never an uncounted bead', () => {
    expect([isSoldOut(null), isSoldOut(0), isSoldOut(-1), isSoldOut(1)]).toEqual([false, true, true, false]);
    expect([isLowStock(null, 2), isLowStock(2, 2), isLowStock(3, 2), isLowStock(0, 2)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it("values the shelf at today's price, a '2 for 125' bead by the pair", () => {
    expect(stockValueOre(3, 2000, null)).toBe(6000);
    expect(stockValueOre(5, 7500, '2 for 125')).toBe(2 * 12_500 + 7500);
    expect(stockValueOre(-4, 2000, null)).toBe(0);
  });
});
