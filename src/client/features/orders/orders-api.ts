import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { apiGet } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const openOrdersQuery = { queryKey: queryKeys.orders, queryFn: () => apiGet<Order[]>('/api/orders') };

/**
 * Every order that is not shipped, newest first (shipped history is never fetched here). Requested
 * during render, so the data can arrive while React still holds back the lazily loaded page.
 */
export function useOpenOrders() {
  usePrefetchQuery(openOrdersQuery);
  return useQuery(openOrdersQuery);
}
