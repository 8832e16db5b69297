import {
  type QueryClient,
  useMutation,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type { BillText, Order, PricedLine } from '../../shared/schemas/api-orders.ts';
import type { OrderUpdate } from '../../shared/schemas/order.ts';
import type { OrderLineCreate } from '../../shared/schemas/order-line.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { orderDependentKeys, queryKeys } from '../lib/query-keys.ts';

/** Every change of this customer's orders shares this key, so the page can tell when one is under way. */
export const orderChangeKey = (customerId: string) => ['order-change', customerId] as const;

const customerUrl = (id: string) => `/api/customers/${encodeURIComponent(id)}`;
const orderUrl = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

/** The customer with every order and todo; requested during render (see pillow-api.ts). */
export function useCustomerDetail(id: string) {
  const query = { queryKey: queryKeys.customer(id), queryFn: () => apiGet<CustomerDetail>(customerUrl(id)) };
  usePrefetchQuery(query);
  return useQuery(query);
}

/** Beads for the add-line dialog; the dialog hides deleted and 0-kr beads. */
export function useBeadsForLines(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.beads,
    queryFn: () => apiGet<BeadWithTodos[]>('/api/beads'),
    enabled,
  });
}

/** Puts the order the API answered into the cached customer, then refreshes everything that shows orders. */
function applyOrder(queryClient: QueryClient, customerId: string, order: Order) {
  queryClient.setQueryData<CustomerDetail>(queryKeys.customer(customerId), (detail) => {
    if (!detail) return detail;
    const known = detail.orders.some((candidate) => candidate.id === order.id);
    return {
      ...detail,
      orders: known
        ? detail.orders.map((candidate) => (candidate.id === order.id ? order : candidate))
        : [order, ...detail.orders],
    };
  });
  for (const queryKey of [...orderDependentKeys, queryKeys.customer(customerId)]) {
    void queryClient.invalidateQueries({ queryKey });
  }
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

/** Keeps the active order's bill text at hand, so a tap on 'Kopiér Regningstekst' can copy at once. */
export function useBillText(orderId: string) {
  return useQuery({ queryKey: queryKeys.billText(orderId), queryFn: () => fetchBillText(orderId) });
}

/**
 * The current bill text: the cached one when it is up to date (so the copy still happens inside the
 * tap, which Safari insists on), else a fresh one.
 */
export function currentBillText(queryClient: QueryClient, orderId: string): string | Promise<string> {
  const queryKey = queryKeys.billText(orderId);
  const state = queryClient.getQueryState<BillText>(queryKey);
  if (state?.data && !state.isInvalidated && state.fetchStatus === 'idle') return state.data.text;
  return queryClient
    .fetchQuery({ queryKey, queryFn: () => fetchBillText(orderId), staleTime: Number.POSITIVE_INFINITY })
    .then((bill) => bill.text);
}

const openOrdersQuery = { queryKey: queryKeys.orders, queryFn: () => apiGet<Order[]>('/api/orders') };

/**
 * Every order that is not shipped, newest first (shipped history is never fetched here). Requested
 * during render, so the data can arrive while React still holds back the lazily loaded page.
 */
export function useOpenOrders() {
  usePrefetchQuery(openOrdersQuery);
  return useQuery(openOrdersQuery);
}
