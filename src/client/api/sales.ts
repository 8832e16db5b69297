import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SalesOverview } from '../../shared/schemas/api-sales.ts';
import { apiGet } from '../lib/api.ts';
import { keyRoots } from './refresh.ts';

/** Salg (issue 15): read-only; refreshed when orders, beads or the settings change (refresh.ts). */
export const salesKeys = { year: (year: number) => [...keyRoots.sales, year] as const };

export const salesCsvUrl = (year: number) => `/api/sales.csv?year=${year}`;

/** GET /api/sales?year=…: the year's shipped orders per month and its top beads. */
export function useSales(year: number) {
  return useQuery({
    queryKey: salesKeys.year(year),
    queryFn: () => apiGet<SalesOverview>(`/api/sales?year=${year}`),
    // Another year keeps the last one on screen until it arrives, so the picker and the page do not jump.
    placeholderData: keepPreviousData,
  });
}
