/**
 * Bill numbers (docs/product/money.md, decision 0019): the year in Danish time, a dash, then the running number
 * within that year with at least four digits ('2026-0042', '2026-10000'). Orders and credit notes share one
 * series per year, with no gaps and no number used twice (the server gives them in the transaction that bills).
 */

/** '2026-0042' */
export function formatBillNumber(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(4, '0')}`;
}

const BILL_NUMBER = /^(\d{4})-(\d{4,})$/;

/** The year and running number of a bill number, or null when the text is not one. */
export function parseBillNumber(text: string): { year: number; seq: number } | null {
  const match = BILL_NUMBER.exec(text.trim());
  if (!match) return null;
  return { year: Number(match[1]), seq: Number(match[2]) };
}

/** Orders numbers by year, then running number (text order would put '2026-10000' before '2026-9999'). */
export function compareBillNumbers(a: string, b: string): number {
  const pa = parseBillNumber(a);
  const pb = parseBillNumber(b);
  if (!pa || !pb) return a < b ? -1 : a > b ? 1 : 0;
  return pa.year - pb.year || pa.seq - pb.seq;
}
