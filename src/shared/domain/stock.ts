/**
 * Stock per bead (docs/product/stock.md): the count is what its movements say. Pure, so the server's stored
 * count, the history's running count and the tests all follow one rule.
 *
 * The rule: a bead without a count ("Optælling") has no stock. Otherwise its stock is the latest count (the one
 * with the latest moment on the shelf) plus every other movement whose moment is at or after that count's
 * moment. A count's moment is when she typed it (offline too), every other movement's is when the server made
 * it; so a count typed offline while the laptop sold a line ends with the sale taken off it, however late the
 * count arrives.
 */
import { texts } from '../texts.ts';
import { OFFER_PAIR_PRICE_ORE } from './money.ts';
import { formatInteger } from './number-format.ts';
import { isPairOffer } from './sale-type.ts';

/**
 * What moves stock. Her own (undoable): `count` (sets the number on the shelf), `received` (a delivery),
 * `adjust` ('Ret': a few added or taken, with a reason). The shop's: `sale` (bead lines added to an order, also by
 * completing a todo), `return` (a line deleted from an active order), `todo` (a todo without a customer
 * completed).
 */
export const STOCK_KINDS = ['count', 'received', 'adjust', 'sale', 'return', 'todo'] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

/** The movements she makes herself on the bead's page or the counting screen; the latest one can be undone. */
export const OWN_STOCK_KINDS: readonly StockKind[] = ['count', 'received', 'adjust'];

export const isStockKind = (value: unknown): value is StockKind =>
  typeof value === 'string' && (STOCK_KINDS as readonly string[]).includes(value);

/** A movement as the rule needs it: `quantity` is the count for `count`, a signed change for every other kind. */
export type StockFact = { id: string; kind: StockKind; quantity: number; at: string; recordedAt: string };

/**
 * Movements in the order the rule reads them: by moment, a count before any other movement of the same moment
 * (so a sale in the same millisecond counts as after it, as the server's relative update does), then by when
 * the server recorded them, then by id.
 */
export function compareStockFacts(a: StockFact, b: StockFact): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  const rank = (fact: StockFact) => (fact.kind === 'count' ? 0 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.recordedAt !== b.recordedAt) return a.recordedAt < b.recordedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The bead's stock by the rule, null when it has never been counted. */
export function stockOf(facts: readonly StockFact[]): number | null {
  let stock: number | null = null;
  for (const fact of [...facts].sort(compareStockFacts)) {
    if (fact.kind === 'count') stock = fact.quantity;
    else if (stock !== null) stock += fact.quantity;
  }
  return stock;
}

/** The stock right after each movement, by id (null before the first count): the history's running count. */
export function runningStock(facts: readonly StockFact[]): Map<string, number | null> {
  const after = new Map<string, number | null>();
  let stock: number | null = null;
  for (const fact of [...facts].sort(compareStockFacts)) {
    if (fact.kind === 'count') stock = fact.quantity;
    else if (stock !== null) stock += fact.quantity;
    after.set(fact.id, stock);
  }
  return after;
}

/**
 * What she is told when a sale takes more than the shelf holds (the sale is never refused): nothing while the
 * stock covers it or the bead is not counted, "Kun 2 på lager" when some are there, "Ikke på lager" when none.
 */
export function stockWarning(stockBefore: number | null, units: number): string | null {
  if (stockBefore === null || stockBefore >= units) return null;
  return stockBefore > 0 ? texts.stock.onlyInStock(stockBefore) : texts.stock.notInStock;
}

/** How a counted bead's stock reads where a bead is picked: "12 på lager", "Udsolgt", or "mangler 2" below 0. */
export function stockLabel(stock: number): string {
  if (stock > 0) return texts.stock.inStock(stock);
  if (stock === 0) return texts.stock.soldOut;
  return texts.stock.missing(-stock);
}

/** The 'Lager' row on the bead's page: "12 stk.", "Ikke talt", or "mangler 2" below 0. */
export function stockRowLabel(stock: number | null): string {
  if (stock === null) return texts.stock.notCounted;
  return stock < 0 ? texts.stock.missing(-stock) : texts.stock.pieces(stock);
}

/** Nåle's filters: "Udsolgt" is a counted bead at 0 or below; "Få tilbage" one at or below the threshold. */
export const isSoldOut = (stock: number | null): boolean => stock !== null && stock <= 0;
export const isLowStock = (stock: number | null, threshold: number): boolean =>
  stock !== null && stock <= threshold;

/** 'Få tilbage' until the owner sets it in Indstillinger. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 2;

/** A signed quantity as the history shows it: "+5", "−2", "12" for a count. */
export function signedQuantity(kind: StockKind, quantity: number): string {
  if (kind === 'count') return formatInteger(quantity);
  return quantity > 0 ? `+${formatInteger(quantity)}` : `−${formatInteger(-quantity)}`;
}

/**
 * What `stock` beads on the shelf are worth at today's price: the bead's price each, and a '2 for 125' bead by
 * the pair as it sells (docs/product/pricing.md). Nothing for none or below 0.
 */
export function stockValueOre(stock: number, priceOre: number, saleType: string | null): number {
  if (stock <= 0) return 0;
  if (!isPairOffer(saleType)) return stock * priceOre;
  return Math.floor(stock / 2) * OFFER_PAIR_PRICE_ORE + (stock % 2) * priceOre;
}
