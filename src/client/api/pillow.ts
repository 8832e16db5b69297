import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import { queryOf } from './query.ts';

export const pillowQuery = queryOf(apiRoutes.pillow);
export const pillowKeys = { all: pillowQuery.queryKey };

/**
 * Active orders of every customer that has one, by name, with the statistics card's figures. The request
 * starts while the page renders, not after it commits: React holds back the reveal of a lazily loaded
 * page for up to 300 ms, and the data can arrive in that time.
 */
export function usePillow() {
  usePrefetchQuery(pillowQuery);
  return useQuery(pillowQuery);
}
