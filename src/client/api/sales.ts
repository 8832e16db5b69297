import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { copenhagenYear } from '../../shared/domain/dates.ts';
import { MAX_SALES_YEAR, MIN_SALES_YEAR } from '../../shared/domain/limits.ts';
import { call } from '../lib/api.ts';
import { renderNow } from '../lib/hydration.ts';
import { keyRoots } from './refresh.ts';

/** Salg: read-only; refreshed when orders, beads or the settings change (refresh.ts). */
export const salesKeys = { year: (year: number) => [...keyRoots.sales, year] as const };

/** The year the page shows for `?year=`: a valid one, else this year (Copenhagen; the server's, while hydrating). */
export function salesYear(param: string | null): number {
  const year = Number(param);
  return Number.isInteger(year) && year >= MIN_SALES_YEAR && year <= MAX_SALES_YEAR
    ? year
    : copenhagenYear(renderNow());
}

/** apiRoutes.salesCsv: the year's shipped orders as a CSV file (a link, not a call). */
export const salesCsvUrl = (year: number) => urlOf(apiRoutes.salesCsv, { query: { year } });

/** apiRoutes.sales (`?year=…`): the year's shipped orders per month and its top beads. */
export const salesQuery = (year: number) => ({
  queryKey: salesKeys.year(year),
  queryFn: () => call(apiRoutes.sales, { query: { year } }),
});

export function useSales(year: number) {
  return useQuery({
    ...salesQuery(year),
    // Another year keeps the last one on screen until it arrives, so the picker and the page do not jump.
    placeholderData: keepPreviousData,
  });
}
