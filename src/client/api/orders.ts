import {
  isCancelledError,
  type QueryClient,
  useIsMutating,
  useMutation,
  useMutationState,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiRoute, apiRoutes } from '../../shared/api/routes.ts';
import { copenhagenMonth } from '../../shared/domain/dates.ts';
import { orderTotals } from '../../shared/domain/pricing.ts';
import type { PostagePrices } from '../../shared/domain/shop-settings.ts';
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type { BillText, Order, PricedLine } from '../../shared/schemas/api-orders.ts';
import type { OrderUpdate } from '../../shared/schemas/order.ts';
import type { OrderLineCreate } from '../../shared/schemas/order-line.ts';
import { call } from '../lib/api.ts';
import { renderNow } from '../lib/hydration.ts';
import { type Keyed, newIdempotencyKey } from '../lib/idempotency.ts';
import { registerOfflineWrite, sendOrQueue } from '../lib/offline-writes.ts';
import { customerKeys } from './customers.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';
import { cachedPostage } from './settings.ts';

export const orderKeys = {
  open: keyOf(apiRoutes.openOrders),
  billText: (orderId: string) => keyOf(apiRoutes.billText, { params: { id: orderId } }),
};

/**
 * The mutation names of a customer's order changes; each key is `[name, customerId]`. Adding a line and
 * PATCHing an order are offline writes (lib/offline-writes.ts): their function and cache updates are the
 * defaults registered under `[name]`, and their variables carry the customer.
 */
const orderWrites = { addLine: 'add-line', updateOrder: 'update-order', deleteLine: 'delete-line' } as const;
const orderWriteNames: ReadonlySet<unknown> = new Set(Object.values(orderWrites));
const orderChangeKey = (name: string, customerId: string) => [name, customerId] as const;

export const openOrdersQuery = queryOf(apiRoutes.openOrders);

/**
 * Every order that is not shipped, newest first (shipped history is never fetched here). Requested
 * during render, so the data can arrive while React still holds back the lazily loaded page.
 */
export function useOpenOrders() {
  usePrefetchQuery(openOrdersQuery);
  return useQuery(openOrdersQuery);
}

/** An order's status and Hjemmelevering changes with their times; asked for when shown. */
export function useOrderHistory(orderId: string, enabled = true) {
  return useQuery({ ...queryOf(apiRoutes.orderHistory, { params: { id: orderId } }), enabled });
}

/** The orders shipped this calendar month (Copenhagen), newest first: Ordrer's "Afsendt i denne måned". */
export function useShippedThisMonth() {
  const { from, until } = copenhagenMonth(renderNow());
  return useQuery(queryOf(apiRoutes.shippedOrders, { query: { from, until } }));
}

/**
 * Puts the order the API answered into the cached customer, then refreshes what the write (its route) made stale:
 * everything that shows orders, and a bead line's stock.
 */
export function applyOrder(queryClient: QueryClient, customerId: string, order: Order, route: ApiRoute) {
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
  void refreshAfter(queryClient, route);
}

/**
 * A status, delivery or discount change shown before the server has it (a change waiting for the network). A
 * new delivery costs the shop's current postage for it (what the server will answer); otherwise the postage
 * stays.
 */
function patchOrder(order: Order, patch: OrderUpdate, postage: PostagePrices): Order {
  const homeDelivery = patch.homeDelivery ?? order.homeDelivery;
  const pickup = patch.pickup ?? order.pickup;
  const discount = patch.discount === undefined ? order.discount : patch.discount;
  const deliveryChanged = homeDelivery !== order.homeDelivery || pickup !== order.pickup;
  return {
    ...order,
    status: patch.status ?? order.status,
    homeDelivery,
    pickup,
    discount,
    totals: orderTotals({
      totalOre: order.totals.totalOre,
      homeDelivery,
      pickup,
      frozenShippingOre: deliveryChanged ? null : order.totals.shippingOre,
      prices: postage,
      discount,
    }),
  };
}

function applyQueuedPatch(queryClient: QueryClient, { customerId, orderId, patch }: UpdateOrderVariables) {
  const postage = cachedPostage(queryClient);
  const patchIn = (orders: Order[]) =>
    orders.map((order) => (order.id === orderId ? patchOrder(order, patch, postage) : order));
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(customerId), (detail) =>
    detail ? { ...detail, orders: patchIn(detail.orders) } : detail,
  );
  queryClient.setQueryData<Order[]>(orderKeys.open, (orders) => orders && patchIn(orders));
}

/** True while any change of this customer's orders runs or waits (the bill text would be out of date). */
export function useOrderChanging(customerId: string): boolean {
  return (
    useIsMutating({
      predicate: (mutation) => {
        const [name, id] = mutation.options.mutationKey ?? [];
        return orderWriteNames.has(name) && id === customerId;
      },
    }) > 0
  );
}

export type OrderPatch = { orderId: string; patch: OrderUpdate };
/** apiRoutes.updateOrder as an offline write: absolute values, so a repeat changes nothing more. */
export type UpdateOrderVariables = OrderPatch & { customerId: string; idempotencyKey: string };
/** apiRoutes.addLine as an offline write (the server adds once per key). */
export type AddLineVariables = Keyed<OrderLineCreate> & { customerId: string };

const registered = new WeakSet<QueryClient>();

/** The order writes that work offline; registered at start (main.tsx) and by their hooks. */
export function registerOrderWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<Order, AddLineVariables>(queryClient, orderWrites.addLine, {
    mutationFn: ({ customerId, body, idempotencyKey }) =>
      call(apiRoutes.addLine, { params: { id: customerId }, body }, { idempotencyKey }),
    onSuccess: (client, order, { customerId }) => applyOrder(client, customerId, order, apiRoutes.addLine),
    onError: (client) => refreshAfter(client, apiRoutes.addLine),
  });
  registerOfflineWrite<Order, UpdateOrderVariables>(queryClient, orderWrites.updateOrder, {
    mutationFn: ({ orderId, patch }) => call(apiRoutes.updateOrder, { params: { id: orderId }, body: patch }),
    onSuccess: (client, order, { customerId }) =>
      applyOrder(client, customerId, order, apiRoutes.updateOrder),
    // The page shows the server's order again.
    onError: (client) => refreshAfter(client, apiRoutes.updateOrder),
    onQueued: applyQueuedPatch,
  });
}

/** Status and home delivery; offline the change waits and shows at once. */
export function useUpdateOrder(customerId: string) {
  const queryClient = useQueryClient();
  registerOrderWrites(queryClient);
  const mutation = useMutation<Order, Error, UpdateOrderVariables>({
    mutationKey: orderChangeKey(orderWrites.updateOrder, customerId),
  });
  const { mutateAsync } = mutation;
  const send = useCallback(
    (change: OrderPatch) =>
      sendOrQueue(mutateAsync, { ...change, customerId, idempotencyKey: newIdempotencyKey() }),
    [mutateAsync, customerId],
  );
  /** Sending now (not waiting for the network): the control waits for the answer meanwhile. */
  const busy = mutation.isPending && !mutation.isPaused;
  return { send, busy, variables: busy ? mutation.variables : undefined };
}

/** The lines added to this customer's active order that wait for the network, oldest first. */
export function useQueuedLines(customerId: string): Array<{ key: string; line: OrderLineCreate }> {
  return useMutationState({
    filters: { mutationKey: orderChangeKey(orderWrites.addLine, customerId), status: 'pending' },
    select: (mutation) => {
      const variables = mutation.state.variables as AddLineVariables | undefined;
      return mutation.state.isPaused && variables
        ? { key: variables.idempotencyKey, line: variables.body }
        : undefined;
    },
  }).filter((line) => line !== undefined);
}

/**
 * Adds a line to the customer's active order; the API creates that order when there is none. Offline the
 * line waits for the network (`send` resolves with `queued`).
 */
export function useAddLine(customerId: string) {
  const queryClient = useQueryClient();
  registerOrderWrites(queryClient);
  const mutation = useMutation<Order, Error, AddLineVariables>({
    mutationKey: orderChangeKey(orderWrites.addLine, customerId),
  });
  const { mutateAsync } = mutation;
  const send = useCallback(
    (line: Keyed<OrderLineCreate>) => sendOrQueue(mutateAsync, { ...line, customerId }),
    [mutateAsync, customerId],
  );
  return { send, busy: mutation.isPending && !mutation.isPaused };
}

export function useDeleteLine(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: orderChangeKey(orderWrites.deleteLine, customerId),
    mutationFn: (line: PricedLine) => call(apiRoutes.deleteLine, { params: { id: line.id } }),
    onSuccess: (order) => applyOrder(queryClient, customerId, order, apiRoutes.deleteLine),
  });
}

/** The body that adds a deleted line again (the undo in the toast). */
export function lineAgain(line: PricedLine): OrderLineCreate {
  return line.kind === 'bead' && line.beadId
    ? { kind: 'bead', beadId: line.beadId }
    : { kind: 'free', text: line.text, priceOre: line.unitPriceOre };
}

/**
 * Keeps the active order's bill text at hand, so a tap on 'Kopiér Regningstekst' can copy at once, and
 * returns the function that gives the current text: the cached one when it is up to date (so the copy
 * still happens inside the tap, which Safari insists on), else a fresh one.
 */
export function useBillText(orderId: string): () => string | Promise<string> {
  const queryClient = useQueryClient();
  useQuery(queryOf(apiRoutes.billText, { params: { id: orderId } }));
  return useCallback(() => {
    const bill = queryOf(apiRoutes.billText, { params: { id: orderId } });
    const key = bill.queryKey;
    const state = queryClient.getQueryState<BillText>(key);
    if (state?.data && !state.isInvalidated && state.fetchStatus === 'idle') return state.data.text;
    // A change that lands meanwhile (Hjemmelevering, a line) refreshes the text and cancels this fetch: its
    // newer text is then the one to copy.
    const fresh = (attemptsLeft: number): Promise<string> =>
      queryClient
        .fetchQuery({
          queryKey: key,
          queryFn: bill.queryFn,
          staleTime: Number.POSITIVE_INFINITY,
        })
        .then(
          (answer) => answer.text,
          (error: unknown) => {
            if (isCancelledError(error) && attemptsLeft > 0) return fresh(attemptsLeft - 1);
            throw error;
          },
        );
    return fresh(3);
  }, [queryClient, orderId]);
}
