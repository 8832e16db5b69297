import { formatKr } from '../../../shared/domain/money.ts';

/** A bead's price as the lists show it: '45 kr', or with its offer '75 kr · 2 for 125'. */
export function priceText(bead: { priceOre: number; saleType: string | null }): string {
  return bead.saleType ? `${formatKr(bead.priceOre)} · ${bead.saleType}` : formatKr(bead.priceOre);
}
