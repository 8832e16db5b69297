import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { type BookPeriod, bookPeriodOf } from '../../shared/domain/book-period.ts';
import { copenhagenParts } from '../../shared/domain/dates.ts';
import { MAX_SALES_YEAR, MIN_SALES_YEAR } from '../../shared/domain/limits.ts';
import type { BooksQuery } from '../../shared/schemas/api-books.ts';
import { renderNow } from '../lib/hydration.ts';
import { queryOf } from './query.ts';

const whole = (value: string | null, min: number, max: number): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/**
 * The period the address names (`?year=2026&quarter=4`, `?year=2026&month=11`, `?year=2026`); without a valid
 * one, this month.
 */
export function booksPeriodFrom(params: URLSearchParams): BookPeriod {
  const now = copenhagenParts(renderNow());
  const year = whole(params.get('year'), MIN_SALES_YEAR, MAX_SALES_YEAR);
  if (year === undefined) return { kind: 'month', year: now.year, month: now.month };
  const month = whole(params.get('month'), 1, 12);
  const quarter = whole(params.get('quarter'), 1, 4);
  return bookPeriodOf({ year, month, quarter });
}

/** The query of a period, and the address's parameters for it. */
export function booksQueryOf(period: BookPeriod): BooksQuery {
  if (period.kind === 'month') return { year: period.year, month: period.month };
  if (period.kind === 'quarter') return { year: period.year, quarter: period.quarter };
  return { year: period.year };
}

/** Regnskab (docs/product/money.md): read-only; refreshed when a table it reads is written (api/refresh.ts). */
export const booksQuery = (query: BooksQuery) => queryOf(apiRoutes.books, { query });

export function useBooks(query: BooksQuery) {
  // Another period keeps the last one on screen until it arrives, so the picker and the page do not jump.
  return useQuery({ ...booksQuery(query), placeholderData: keepPreviousData });
}

/** The links of Regnskab's two downloads. */
export const booksFiles = (query: BooksQuery) => ({
  csv: urlOf(apiRoutes.booksCsv, { query }),
  receipts: urlOf(apiRoutes.booksReceipts, { query }),
});
