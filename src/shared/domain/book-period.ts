/**
 * Regnskab's periods (docs/product/money.md): a month, a quarter or a year of the Danish calendar, as [from, until)
 * instants for the server's queries, and a short name for the files ('2026-11', '2026-K4', '2026').
 */
import { copenhagenMonthBounds, monthTitle } from './dates.ts';

export type BookPeriod =
  | { kind: 'year'; year: number }
  | { kind: 'quarter'; year: number; quarter: number }
  | { kind: 'month'; year: number; month: number };

/** The period a query names: a month wins over a quarter, a quarter over the whole year. */
export function bookPeriodOf(query: { year: number; quarter?: number; month?: number }): BookPeriod {
  if (query.month !== undefined) return { kind: 'month', year: query.year, month: query.month };
  if (query.quarter !== undefined) return { kind: 'quarter', year: query.year, quarter: query.quarter };
  return { kind: 'year', year: query.year };
}

/** The period's first and (exclusive) last month, 1–13. */
function monthsOf(period: BookPeriod): [number, number] {
  if (period.kind === 'month') return [period.month, period.month + 1];
  if (period.kind === 'quarter') return [period.quarter * 3 - 2, period.quarter * 3 + 1];
  return [1, 13];
}

/** [from, until) as ISO instants: midnight in Copenhagen at the period's start and after its end. */
export function bookPeriodBounds(period: BookPeriod): { from: string; until: string } {
  const bounds = copenhagenMonthBounds(period.year);
  const [first, end] = monthsOf(period);
  return { from: bounds[first - 1] as string, until: bounds[end - 1] as string };
}

/** '2026-11', '2026-K4' or '2026': the period in a file's name. */
export function bookPeriodSlug(period: BookPeriod): string {
  if (period.kind === 'month') return `${period.year}-${String(period.month).padStart(2, '0')}`;
  if (period.kind === 'quarter') return `${period.year}-K${period.quarter}`;
  return String(period.year);
}

/** 'November 2026', '4. kvartal 2026' or '2026'. */
export function bookPeriodTitle(period: BookPeriod): string {
  if (period.kind === 'month') return `${monthTitle(period.month)} ${period.year}`;
  if (period.kind === 'quarter') return `${period.quarter}. kvartal ${period.year}`;
  return String(period.year);
}
