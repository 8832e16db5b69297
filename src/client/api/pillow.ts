import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import { call } from '../lib/api.ts';
import { keyRoots } from './refresh.ts';

export const pillowKeys = { all: keyRoots.pillow };

export const pillowQuery = { queryKey: pillowKeys.all, queryFn: () => call(apiRoutes.pillow) };

/**
 * Active orders of every customer that has one, by name, with the statistics card's figures. The request
 * starts while the page renders, not after it commits: React holds back the reveal of a lazily loaded
 * page for up to 300 ms, and the data can arrive in that time.
 */
export function usePillow() {
  usePrefetchQuery(pillowQuery);
  return useQuery(pillowQuery);
}
