/** Offer types a bead can have. Today only '2 for 125' exists (the database checks the same list). */
import { OFFER_DEFAULT_PRICE_ORE } from './money.ts';

export const OFFER_2_FOR_125 = '2 for 125';
export const SALE_TYPES = [OFFER_2_FOR_125] as const;
export type SaleType = (typeof SALE_TYPES)[number];

/** Narrows an unknown stored value to a known sale type. */
export function isSaleType(value: unknown): value is SaleType {
  return typeof value === 'string' && (SALE_TYPES as readonly string[]).includes(value);
}

/** True when a bead with this sale type takes part in the '2 for 125' pooling. */
export function isPairOffer(saleType: string | null | undefined): boolean {
  return saleType === OFFER_2_FOR_125;
}

/**
 * The price a form fills in when an offer is picked (75 kr for '2 for 125', docs/product/pricing.md),
 * or null when no offer is picked and the user types the price.
 */
export function defaultPriceOreForSaleType(saleType: SaleType | null): number | null {
  return saleType === OFFER_2_FOR_125 ? OFFER_DEFAULT_PRICE_ORE : null;
}
