import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { salesYearOf } from '../../shared/screens.ts';
import { renderNow } from '../lib/hydration.ts';
import { keyOf, queryOf } from './query.ts';

/** Salg: read-only; refreshed when a table it reads is written (api/refresh.ts). */
export const salesKeys = { year: (year: number) => keyOf(apiRoutes.sales, { query: { year } }) };

/** The year the page shows for `?year=`: a valid one, else this year (Copenhagen; the server's, while hydrating). */
export const salesYear = (param: string | null): number => salesYearOf(param, renderNow());

/** apiRoutes.salesCsv: the year's shipped orders as a CSV file (a link, not a call). */
export const salesCsvUrl = (year: number) => urlOf(apiRoutes.salesCsv, { query: { year } });

/** apiRoutes.sales (`?year=…`): the year's shipped orders per month and its top beads. */
export const salesQuery = (year: number) => queryOf(apiRoutes.sales, { query: { year } });

export function useSales(year: number) {
  return useQuery({
    ...salesQuery(year),
    // Another year keeps the last one on screen until it arrives, so the picker and the page do not jump.
    placeholderData: keepPreviousData,
  });
}
