import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareAddedOrder,
  discountOre,
  isOfferLine,
  type OrderLineInput,
  orderShippingOre,
  orderTotals,
  type PricedLine,
  type PricedOrder,
  priceOrder,
  shippingOre,
  sumLinePrices,
  vatOre,
} from './pricing.ts';
import { DEFAULT_POSTAGE } from './shop-settings.ts';

let seq = 0;
function line(overrides: Partial<OrderLineInput> = {}): OrderLineInput {
  seq += 1;
  return {
    id: `line-${String(seq).padStart(3, '0')}`,
    kind: 'bead',
    beadId: 'bead-1',
    text: 'Perle',
    unitPriceOre: 4500,
    saleType: null,
    addedAt: `2026-11-22T10:${String(seq % 60).padStart(2, '0')}:00.000Z`,
    ...overrides,
  };
}
/** Every priced line of an order, offer groups first, for checks over all of them. */
function allPricedLines<L extends OrderLineInput>(order: PricedOrder<L>): PricedLine<L>[] {
  return [...order.offerGroups.flatMap((group) => group.lines), ...order.normalLines];
}

const offer = (overrides: Partial<OrderLineInput> = {}) =>
  line({ saleType: '2 for 125', unitPriceOre: 7500, ...overrides });

describe('isOfferLine', () => {
  it("is true only for bead lines with '2 for 125'", () => {
    expect(isOfferLine({ kind: 'bead', saleType: '2 for 125' })).toBe(true);
    expect(isOfferLine({ kind: 'bead', saleType: null })).toBe(false);
    expect(isOfferLine({ kind: 'free', saleType: '2 for 125' })).toBe(false);
  });
});

describe('compareAddedOrder', () => {
  it('orders by instant, then id', () => {
    expect(
      compareAddedOrder(
        { addedAt: '2026-01-01T10:00:00Z', id: 'b' },
        { addedAt: '2026-01-01T11:00:00Z', id: 'a' },
      ),
    ).toBeLessThan(0);
    expect(
      compareAddedOrder(
        { addedAt: '2026-01-01T10:00:00Z', id: 'b' },
        { addedAt: '2026-01-01T10:00:00Z', id: 'a' },
      ),
    ).toBeGreaterThan(0);
    expect(
      compareAddedOrder(
        { addedAt: '2026-01-01T10:00:00Z', id: 'a' },
        { addedAt: '2026-01-01T10:00:00Z', id: 'a' },
      ),
    ).toBe(0);
  });

  it('compares instants, not strings, across offsets', () => {
    // 10:30+01:00 is 09:30Z, which is earlier than 10:00Z although it sorts later as a string.
    expect(
      compareAddedOrder(
        { addedAt: '2026-01-01T10:30:00+01:00', id: 'a' },
        { addedAt: '2026-01-01T10:00:00Z', id: 'b' },
      ),
    ).toBeLessThan(0);
  });

  it('puts unparseable dates last and still orders them deterministically', () => {
    expect(
      compareAddedOrder({ addedAt: 'garbage', id: 'a' }, { addedAt: '2026-01-01T10:00:00Z', id: 'b' }),
    ).toBeGreaterThan(0);
    expect(compareAddedOrder({ addedAt: 'x', id: 'a' }, { addedAt: 'y', id: 'a' })).toBeLessThan(0);
  });
});

describe('priceOrder examples', () => {
  it('prices an empty order at 0', () => {
    expect(priceOrder([])).toEqual({ offerGroups: [], normalLines: [], totalOre: 0 });
  });

  it('prices normal lines at their unit price, in the order added', () => {
    const a = line({ id: 'a', text: 'Sølvnål', unitPriceOre: 4500, addedAt: '2026-11-22T10:00:00Z' });
    const b = line({
      id: 'b',
      kind: 'free',
      beadId: null,
      text: 'Gaveæske',
      unitPriceOre: 2000,
      addedAt: '2026-11-22T09:00:00Z',
    });
    const priced = priceOrder([a, b]);
    expect(priced.normalLines.map((l) => [l.id, l.priceOre])).toEqual([
      ['b', 2000],
      ['a', 4500],
    ]);
    expect(priced.offerGroups).toEqual([]);
    expect(priced.totalOre).toBe(6500);
  });

  it('pairs offer lines of different beads: first 12500, second null', () => {
    const red = offer({ id: 'r', beadId: 'red', text: 'Rød', addedAt: '2026-11-22T10:00:00Z' });
    const blue = offer({
      id: 'b',
      beadId: 'blue',
      text: 'Blå',
      unitPriceOre: 9000,
      addedAt: '2026-11-22T10:05:00Z',
    });
    const priced = priceOrder([blue, red]);
    expect(priced.offerGroups).toEqual([
      {
        lines: [
          { ...red, priceOre: 12500 },
          { ...blue, priceOre: null },
        ],
        missingPartner: false,
      },
    ]);
    expect(priced.totalOre).toBe(12500);
  });

  it('leaves the last-added offer line single at its own price, missing a partner', () => {
    const lines = [
      offer({ id: '1', addedAt: '2026-11-22T10:00:00Z' }),
      offer({ id: '2', addedAt: '2026-11-22T10:01:00Z' }),
      offer({ id: '3', unitPriceOre: 8000, addedAt: '2026-11-22T10:02:00Z' }),
      line({ id: '4', unitPriceOre: 4500, addedAt: '2026-11-22T09:00:00Z' }),
    ];
    const priced = priceOrder(lines);
    expect(priced.offerGroups.map((g) => [g.lines.map((l) => [l.id, l.priceOre]), g.missingPartner])).toEqual(
      [
        [
          [
            ['1', 12500],
            ['2', null],
          ],
          false,
        ],
        [[['3', 8000]], true],
      ],
    );
    expect(priced.totalOre).toBe(12500 + 8000 + 4500);
  });

  it('breaks addedAt ties by id', () => {
    const at = '2026-11-22T10:00:00Z';
    const priced = priceOrder([
      offer({ id: 'c', addedAt: at }),
      offer({ id: 'a', addedAt: at }),
      offer({ id: 'b', addedAt: at }),
    ]);
    expect(priced.offerGroups.flatMap((g) => g.lines.map((l) => l.id))).toEqual(['a', 'b', 'c']);
    expect(priced.offerGroups[1]?.missingPartner).toBe(true);
  });

  it('treats a free line with a sale type as a normal line', () => {
    const priced = priceOrder([
      offer({ id: 'o' }),
      line({ id: 'f', kind: 'free', beadId: null, saleType: '2 for 125', unitPriceOre: 100 }),
    ]);
    expect(priced.normalLines.map((l) => l.id)).toEqual(['f']);
    expect(priced.offerGroups[0]?.missingPartner).toBe(true);
  });

  it('keeps extra fields of the caller', () => {
    const input = { ...line({ id: 'x' }), orderId: 'order-1' };
    const priced = priceOrder([input]);
    expect(priced.normalLines[0]?.orderId).toBe('order-1');
  });

  it('does not change its input', () => {
    const input = [
      offer({ id: 'b', addedAt: '2026-11-22T11:00:00Z' }),
      offer({ id: 'a', addedAt: '2026-11-22T10:00:00Z' }),
    ];
    const copy = structuredClone(input);
    priceOrder(input);
    expect(input).toEqual(copy);
  });
});

describe('sumLinePrices', () => {
  it('puts an offer line in an offer group and a normal line among the normal lines', () => {
    const priced = priceOrder([
      line({ id: 'n', addedAt: '2026-11-22T09:00:00Z' }),
      offer({ id: 'o', addedAt: '2026-11-22T10:00:00Z' }),
    ]);
    expect(priced.offerGroups.flatMap((group) => group.lines).map((l) => l.id)).toEqual(['o']);
    expect(priced.normalLines.map((l) => l.id)).toEqual(['n']);
  });

  it('counts null prices as 0', () => {
    expect(sumLinePrices([{ priceOre: 12500 }, { priceOre: null }, { priceOre: 4500 }])).toBe(17000);
    expect(sumLinePrices([])).toBe(0);
  });
});

describe('shipping', () => {
  const today = DEFAULT_POSTAGE;
  const raised = { postageOre: 5900, postageHomeOre: 7900 };

  it('is 53 kr, or 73 kr with home delivery, by default', () => {
    expect(shippingOre({ homeDelivery: false }, today)).toBe(5300);
    expect(shippingOre({ homeDelivery: true }, today)).toBe(7300);
    expect(orderTotals({ totalOre: 20000, homeDelivery: false, prices: today })).toEqual({
      totalOre: 20000,
      shippingOre: 5300,
      discountOre: 0,
      totalWithShippingOre: 25300,
    });
    expect(orderTotals({ totalOre: 20000, homeDelivery: true, prices: today })).toEqual({
      totalOre: 20000,
      shippingOre: 7300,
      discountOre: 0,
      totalWithShippingOre: 27300,
    });
  });

  it('follows the shop’s prices while the order has no frozen postage', () => {
    expect(orderTotals({ totalOre: 20000, homeDelivery: false, prices: raised }).shippingOre).toBe(5900);
    expect(
      orderTotals({ totalOre: 20000, homeDelivery: true, frozenShippingOre: null, prices: raised }),
    ).toEqual({ totalOre: 20000, shippingOre: 7900, discountOre: 0, totalWithShippingOre: 27900 });
  });

  it('keeps the postage frozen into an order that left Aktiv, whatever the prices are now', () => {
    expect(
      orderTotals({ totalOre: 20000, homeDelivery: true, frozenShippingOre: 7300, prices: raised }),
    ).toEqual({ totalOre: 20000, shippingOre: 7300, discountOre: 0, totalWithShippingOre: 27300 });
    expect(orderShippingOre({ homeDelivery: false, frozenShippingOre: 0, prices: raised })).toBe(0);
  });

  it('costs nothing when the customer picks the order up (Afhentning), with or without home delivery', () => {
    expect(shippingOre({ homeDelivery: false, pickup: true }, today)).toBe(0);
    expect(shippingOre({ homeDelivery: true, pickup: true }, today)).toBe(0);
    expect(orderTotals({ totalOre: 20000, homeDelivery: true, pickup: true, prices: today })).toEqual({
      totalOre: 20000,
      shippingOre: 0,
      discountOre: 0,
      totalWithShippingOre: 20000,
    });
  });
});

describe('discount (Rabat)', () => {
  const today = DEFAULT_POSTAGE;

  it('takes a percentage of the goods, rounded to whole øre, and not of the postage', () => {
    expect(discountOre({ kind: 'pct', value: 10 }, 17_500, 5300)).toBe(1750);
    expect(discountOre({ kind: 'pct', value: 15 }, 999, 5300)).toBe(150);
    expect(
      orderTotals({
        totalOre: 20_000,
        homeDelivery: false,
        prices: today,
        discount: { kind: 'pct', value: 25 },
      }),
    ).toEqual({ totalOre: 20_000, shippingOre: 5300, discountOre: 5000, totalWithShippingOre: 20_300 });
  });

  it('takes a sum off, never more than goods and postage together: no total below 0 kr', () => {
    expect(discountOre({ kind: 'kr', value: 5000 }, 20_000, 5300)).toBe(5000);
    expect(discountOre({ kind: 'kr', value: 30_000 }, 20_000, 5300)).toBe(25_300);
    expect(discountOre({ kind: 'pct', value: 100 }, 20_000, 5300)).toBe(20_000);
    expect(discountOre(null, 20_000, 5300)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.oneof(
          fc.record({ kind: fc.constant<'kr'>('kr'), value: fc.integer({ min: 1, max: 2_000_000 }) }),
          fc.record({ kind: fc.constant<'pct'>('pct'), value: fc.integer({ min: 1, max: 100 }) }),
        ),
        (goods, postage, discount) => {
          const taken = discountOre(discount, goods, postage);
          return taken >= 0 && goods + postage - taken >= 0;
        },
      ),
    );
  });
});

describe('VAT (Heraf moms)', () => {
  it('is a fifth of a price that includes 25 % VAT, to the nearest øre, and 0 when not registered', () => {
    expect(vatOre(12_500, true)).toBe(2500);
    expect(vatOre(25_300, true)).toBe(5060);
    expect(vatOre(1, true)).toBe(0);
    expect(vatOre(3, true)).toBe(1);
    expect(vatOre(12_500, false)).toBe(0);
    expect(vatOre(-12_500, true)).toBe(-2500);
  });
});

// ---- properties ----

const instants = fc
  .integer({ min: 0, max: 20 })
  .map((minute) => new Date(Date.UTC(2026, 10, 22, 10, minute)).toISOString());
const price = fc.integer({ min: 0, max: 50_000 });

const arbLineFields = fc.record({
  kind: fc.constantFrom<'bead' | 'free'>('bead', 'free'),
  unitPriceOre: price,
  saleType: fc.constantFrom<string | null>(null, '2 for 125'),
  addedAt: instants,
  text: fc.string({ maxLength: 8 }),
});

const arbLines = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 25 })
  .chain((ids) => fc.tuple(...ids.map(() => arbLineFields)).map((fields) => ({ ids, fields })))
  .map(({ ids, fields }) =>
    fields.map(
      (f, i): OrderLineInput => ({
        id: ids[i] ?? '',
        ...f,
        beadId: f.kind === 'bead' ? `bead-${i % 3}` : null,
      }),
    ),
  );

const arbNormalLine = fc.record({
  id: fc.string({ minLength: 7, maxLength: 9 }).map((s) => `normal-${s}`),
  kind: fc.constantFrom<'bead' | 'free'>('bead', 'free'),
  beadId: fc.constant('bead-n'),
  text: fc.constant('Normal'),
  unitPriceOre: price,
  saleType: fc.constant(null),
  addedAt: instants,
});

describe('priceOrder properties', () => {
  it('total is the sum of line prices', () => {
    fc.assert(
      fc.property(arbLines, (lines) => {
        const priced = priceOrder(lines);
        expect(priced.totalOre).toBe(sumLinePrices(allPricedLines(priced)));
      }),
    );
  });

  it('offer lines cost pairs × 12500 plus the left-over single’s own price', () => {
    fc.assert(
      fc.property(arbLines, (lines) => {
        const offerLines = [...lines].filter(isOfferLine).sort(compareAddedOrder);
        const pairs = Math.floor(offerLines.length / 2);
        const single = offerLines.length % 2 === 1 ? (offerLines.at(-1)?.unitPriceOre ?? 0) : 0;
        const priced = priceOrder(lines);
        expect(sumLinePrices(priced.offerGroups.flatMap((g) => g.lines))).toBe(pairs * 12500 + single);
        expect(priced.offerGroups.filter((g) => g.missingPartner)).toHaveLength(offerLines.length % 2);
        expect(priced.offerGroups.at(-1)?.missingPartner ?? false).toBe(offerLines.length % 2 === 1);
      }),
    );
  });

  it('full pairs have 12500 on the first line and null on the second', () => {
    fc.assert(
      fc.property(arbLines, (lines) => {
        for (const group of priceOrder(lines).offerGroups) {
          if (group.missingPartner) {
            expect(group.lines).toHaveLength(1);
            expect(group.lines[0]?.priceOre).toBe(group.lines[0]?.unitPriceOre);
          } else {
            expect(group.lines.map((l) => l.priceOre)).toEqual([12500, null]);
          }
        }
      }),
    );
  });

  it('adding a normal line never lowers the total, and raises it by exactly its price', () => {
    fc.assert(
      fc.property(arbLines, arbNormalLine, (lines, extra) => {
        const before = priceOrder(lines).totalOre;
        const after = priceOrder([...lines, extra]).totalOre;
        expect(after).toBeGreaterThanOrEqual(before);
        expect(after - before).toBe(extra.unitPriceOre);
      }),
    );
  });

  it('permuting the lines changes nothing, so neither does permuting non-offer lines', () => {
    fc.assert(
      fc.property(
        arbLines.chain((lines) =>
          fc.tuple(
            fc.constant(lines),
            fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
          ),
        ),
        ([lines, shuffled]) => {
          expect(priceOrder(shuffled)).toEqual(priceOrder(lines));
        },
      ),
    );
  });

  it('contains every input line exactly once, unchanged apart from priceOre', () => {
    fc.assert(
      fc.property(arbLines, (lines) => {
        const out = allPricedLines(priceOrder(lines));
        expect(out).toHaveLength(lines.length);
        expect(new Set(out.map((l) => l.id))).toEqual(new Set(lines.map((l) => l.id)));
        for (const priced of out) {
          const { priceOre: _priceOre, ...rest } = priced;
          expect(lines).toContainEqual(rest);
        }
      }),
    );
  });

  it('normal lines always cost their unit price', () => {
    fc.assert(
      fc.property(arbLines, (lines) => {
        for (const l of priceOrder(lines).normalLines) {
          expect(isOfferLine(l)).toBe(false);
          expect(l.priceOre).toBe(l.unitPriceOre);
        }
      }),
    );
  });
});
