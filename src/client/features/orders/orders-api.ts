import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { apiGet } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Every order that is not shipped, newest first (shipped history is never fetched here). */
export function useOpenOrders() {
  return useQuery({ queryKey: queryKeys.orders, queryFn: () => apiGet<Order[]>('/api/orders') });
}
