import {
  type QueryClient,
  useIsMutating,
  useMutation,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type { BillText, Order, PricedLine } from '../../shared/schemas/api-orders.ts';
import type { OrderUpdate } from '../../shared/schemas/order.ts';
import type { OrderLineCreate } from '../../shared/schemas/order-line.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { customerKeys } from './customers.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';

export const orderKeys = {
  open: keyRoots.orders,
  billText: (orderId: string) => [...keyRoots.orders, orderId, 'bill-text'] as const,
};

/** Every change of one customer's orders shares this key, so the page can tell when one is under way. */
const orderChangeKey = (customerId: string) => ['order-change', customerId] as const;

const customerUrl = (id: string) => `/api/customers/${encodeURIComponent(id)}`;
const orderUrl = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

export const openOrdersQuery = { queryKey: orderKeys.open, queryFn: () => apiGet<Order[]>('/api/orders') };

/**
 * Every order that is not shipped, newest first (shipped history is never fetched here). Requested
 * during render, so the data can arrive while React still holds back the lazily loaded page.
 */
export function useOpenOrders() {
  usePrefetchQuery(openOrdersQuery);
  return useQuery(openOrdersQuery);
}

/** Puts the order the API answered into the cached customer, then refreshes everything that shows orders. */
function applyOrder(queryClient: QueryClient, customerId: string, order: Order) {
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(customerId), (detail) => {
    if (!detail) return detail;
    const known = detail.orders.some((candidate) => candidate.id === order.id);
    return {
      ...detail,
      orders: known
        ? detail.orders.map((candidate) => (candidate.id === order.id ? order : candidate))
        : [order, ...detail.orders],
    };
  });
  void refresh(queryClient, refreshAfter.changeOrder);
}

/** True while any change of this customer's orders runs (the bill text would be out of date). */
export function useOrderChanging(customerId: string): boolean {
  return useIsMutating({ mutationKey: orderChangeKey(customerId) }) > 0;
}

export type OrderPatch = { orderId: string; patch: OrderUpdate };

export function useUpdateOrder(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: orderChangeKey(customerId),
    mutationFn: ({ orderId, patch }: OrderPatch) => apiPatch<Order>(orderUrl(orderId), patch),
    onSuccess: (order) => applyOrder(queryClient, customerId, order),
  });
}

/** Adds a line to the customer's active order; the API creates that order when there is none. */
export function useAddLine(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: orderChangeKey(customerId),
    mutationFn: ({ body, idempotencyKey }: Keyed<OrderLineCreate>) =>
      apiPost<Order>(`${customerUrl(customerId)}/lines`, body, { idempotencyKey }),
    onSuccess: (order) => applyOrder(queryClient, customerId, order),
  });
}

export function useDeleteLine(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: orderChangeKey(customerId),
    mutationFn: (line: PricedLine) => apiDelete<Order>(`/api/order-lines/${encodeURIComponent(line.id)}`),
    onSuccess: (order) => applyOrder(queryClient, customerId, order),
  });
}

/** The body that adds a deleted line again (the undo in the toast). */
export function lineAgain(line: PricedLine): OrderLineCreate {
  return line.kind === 'bead' && line.beadId
    ? { kind: 'bead', beadId: line.beadId }
    : { kind: 'free', text: line.text, priceOre: line.unitPriceOre };
}

const fetchBillText = (orderId: string) => apiGet<BillText>(`${orderUrl(orderId)}/bill-text`);

/**
 * Keeps the active order's bill text at hand, so a tap on 'Kopiér Regningstekst' can copy at once, and
 * returns the function that gives the current text: the cached one when it is up to date (so the copy
 * still happens inside the tap, which Safari insists on), else a fresh one.
 */
export function useBillText(orderId: string): () => string | Promise<string> {
  const queryClient = useQueryClient();
  const queryKey = orderKeys.billText(orderId);
  useQuery({ queryKey, queryFn: () => fetchBillText(orderId) });
  return useCallback(() => {
    const key = orderKeys.billText(orderId);
    const state = queryClient.getQueryState<BillText>(key);
    if (state?.data && !state.isInvalidated && state.fetchStatus === 'idle') return state.data.text;
    return queryClient
      .fetchQuery({
        queryKey: key,
        queryFn: () => fetchBillText(orderId),
        staleTime: Number.POSITIVE_INFINITY,
      })
      .then((bill) => bill.text);
  }, [queryClient, orderId]);
}
