/**
 * Prices an order's lines (docs/product/pricing.md, 'The offer'):
 * - every bead line whose sale type is '2 for 125' is pooled, whatever the bead, in the
 *   order the lines were added (addedAt, then id for ties);
 * - each full pair costs 125 kr: the first line carries 12500 øre, the second null
 *   (shown without a price);
 * - a left-over single costs its own unit price and its group is flagged missingPartner
 *   (the UI shows '--- Mangler en makker ---');
 * - all other lines cost their unit price.
 * Callers resolve unit prices first (the bead's current price while the order is active,
 * the frozen price afterwards), so this stays pure.
 */
import { OFFER_PAIR_PRICE_ORE } from './money.ts';
import { isPairOffer } from './sale-type.ts';
import type { PostagePrices } from './shop-settings.ts';

export type LineKind = 'bead' | 'free';

/** One order line with its price facts already resolved. Extra fields are allowed and kept. */
export interface OrderLineInput {
  id: string;
  kind: LineKind;
  /** Set for bead lines, null for free lines. */
  beadId: string | null;
  /** The bead's name for bead lines, the free text for free lines. */
  text: string;
  /** Whole øre: the bead's (current or frozen) price, or the free line's price. */
  unitPriceOre: number;
  /** The bead's (current or frozen) sale type; ignored for free lines. */
  saleType: string | null;
  /** ISO UTC instant the line was added. */
  addedAt: string;
}

/** An input line plus what it costs in this order; null = second line of a pair (no price shown). */
export type PricedLine<L extends OrderLineInput = OrderLineInput> = L & { priceOre: number | null };

export interface OfferGroup<L extends OrderLineInput = OrderLineInput> {
  /** Two lines for a full pair, one for the left-over single. */
  lines: PricedLine<L>[];
  /** True for the left-over single that still needs a partner. */
  missingPartner: boolean;
}

export interface PricedOrder<L extends OrderLineInput = OrderLineInput> {
  /** Offer pairs in the order they were formed; at most the last one is missing a partner. */
  offerGroups: OfferGroup<L>[];
  /** Lines without the offer, in the order they were added. */
  normalLines: PricedLine<L>[];
  /** Sum of all line prices in øre (without shipping). */
  totalOre: number;
}

export interface OrderTotals {
  /** The goods: the lines' prices. */
  totalOre: number;
  shippingOre: number;
  /** What the order's 'Rabat' takes off (0 without one). */
  discountOre: number;
  /** 'I alt': goods and postage, less the discount. */
  totalWithShippingOre: number;
}

/** True for lines pooled into '2 for 125' pairs: bead lines whose sale type is the offer. */
export function isOfferLine(line: Pick<OrderLineInput, 'kind' | 'saleType'>): boolean {
  return line.kind === 'bead' && isPairOffer(line.saleType);
}

function instant(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/**
 * Order in which lines were added: by instant (not by string, since imported rows may use
 * other offsets), then by id so ties are stable on every machine.
 */
export function compareAddedOrder(
  a: Pick<OrderLineInput, 'addedAt' | 'id'>,
  b: Pick<OrderLineInput, 'addedAt' | 'id'>,
): number {
  const byTime = instant(a.addedAt) - instant(b.addedAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  if (a.addedAt !== b.addedAt) return a.addedAt < b.addedAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

function pairUp<L extends OrderLineInput>(offerLines: readonly L[]): OfferGroup<L>[] {
  const groups: OfferGroup<L>[] = [];
  for (let i = 0; i < offerLines.length; i += 2) {
    const first = offerLines[i];
    const second = offerLines[i + 1];
    if (first === undefined) break;
    if (second === undefined) {
      groups.push({ lines: [{ ...first, priceOre: first.unitPriceOre }], missingPartner: true });
    } else {
      groups.push({
        lines: [
          { ...first, priceOre: OFFER_PAIR_PRICE_ORE },
          { ...second, priceOre: null },
        ],
        missingPartner: false,
      });
    }
  }
  return groups;
}

/** Sum of line prices in øre; null prices (second line of a pair) count as 0. */
export function sumLinePrices(lines: readonly { priceOre: number | null }[]): number {
  return lines.reduce((sum, line) => sum + (line.priceOre ?? 0), 0);
}

/** Prices every line of one order. The input may come in any order; the result does not depend on it. */
export function priceOrder<L extends OrderLineInput>(lines: readonly L[]): PricedOrder<L> {
  const sorted = [...lines].sort(compareAddedOrder);
  const offerGroups = pairUp(sorted.filter(isOfferLine));
  const normalLines = sorted
    .filter((line) => !isOfferLine(line))
    .map((line) => ({ ...line, priceOre: line.unitPriceOre }));
  const totalOre = sumLinePrices(offerGroups.flatMap((group) => group.lines)) + sumLinePrices(normalLines);
  return { offerGroups, normalLines, totalOre };
}

/** How the order reaches the customer: by post (Hjemmelevering or not), or picked up in the shop ('Afhentning'). */
export interface Delivery {
  homeDelivery: boolean;
  /** 'Afhentning': picked up in the shop, no postage. */
  pickup?: boolean;
}

/** 'Rabat' on an order (docs/product/money.md): a sum in øre, or a whole percentage (1–100) of the goods. */
export interface Discount {
  kind: 'kr' | 'pct';
  value: number;
}

/**
 * Postage (Porto) by the shop's current prices (Indstillinger → Butik): normal, with home delivery, or none when
 * the customer picks the order up ('Afhentning').
 */
export function shippingOre(delivery: Delivery, prices: PostagePrices): number {
  if (delivery.pickup) return 0;
  return delivery.homeDelivery ? prices.postageHomeOre : prices.postageOre;
}

/**
 * The postage of one order: the one frozen into it when it left Aktiv, else (an active order, or an old one
 * without a frozen postage) the shop's current price for its delivery.
 */
export function orderShippingOre({
  homeDelivery,
  pickup = false,
  frozenShippingOre = null,
  prices,
}: Delivery & { frozenShippingOre?: number | null; prices: PostagePrices }): number {
  return frozenShippingOre ?? shippingOre({ homeDelivery, pickup }, prices);
}

/**
 * What a 'Rabat' takes off: a percentage of the goods (rounded to whole øre) or a sum, never more than the goods
 * and postage together, so no total is below 0 kr (a sum larger than that is refused when it is set; an order
 * that shrinks afterwards takes off what is left).
 */
export function discountOre(discount: Discount | null, goodsOre: number, shippingOre: number): number {
  if (discount === null) return 0;
  const wanted = discount.kind === 'pct' ? Math.round((goodsOre * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(wanted, goodsOre + shippingOre));
}

/**
 * The VAT in a price that includes 25 % VAT ('Heraf moms'): a fifth of it, to the nearest øre. Zero for a shop that
 * is not VAT-registered.
 */
export function vatOre(totalOre: number, vatRegistered: boolean): number {
  return vatRegistered ? Math.round(totalOre / 5) : 0;
}

/** Order total with postage and discount, as shown in brackets next to the total and in the bill text. */
export function orderTotals({
  totalOre,
  homeDelivery,
  pickup = false,
  frozenShippingOre = null,
  prices,
  discount = null,
}: Delivery & {
  totalOre: number;
  /** The order's frozen postage (orders.postage_ore); null while it follows the settings. */
  frozenShippingOre?: number | null;
  prices: PostagePrices;
  discount?: Discount | null;
}): OrderTotals {
  const shipping = orderShippingOre({ homeDelivery, pickup, frozenShippingOre, prices });
  const discounted = discountOre(discount, totalOre, shipping);
  return {
    totalOre,
    shippingOre: shipping,
    discountOre: discounted,
    totalWithShippingOre: totalOre + shipping - discounted,
  };
}
