/** Figures for the statistics card on the pillow: Antal Ordrer, Gennemsnitskøb, Beløb i alt. */

export interface OrderStatistics {
  count: number;
  /** Total divided by count, rounded to whole øre (0 when there are no orders, never NaN). */
  averageOre: number;
  totalOre: number;
}

/** Takes one total (in øre) per order. */
export function orderStatistics(totalsOre: readonly number[]): OrderStatistics {
  const count = totalsOre.length;
  const totalOre = totalsOre.reduce((sum, total) => sum + total, 0);
  const averageOre = count === 0 ? 0 : Math.round(totalOre / count);
  return { count, averageOre, totalOre };
}
