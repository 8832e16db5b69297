import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LinePacked, PackingPage, PickList } from '../../shared/schemas/api-packing.ts';
import { apiGet, apiPut } from '../lib/api.ts';
import { keyRoots } from './refresh.ts';

/** Pakning (issue 15). Every order change refreshes the root (refresh.ts: refreshSets.orders). */
export const packingKeys = {
  all: keyRoots.packing,
  orders: [...keyRoots.packing, 'orders'] as const,
  pickList: [...keyRoots.packing, 'pick-list'] as const,
};

const ordersUrl = (after: string | null) =>
  after === null ? '/api/packing/orders' : `/api/packing/orders?after=${encodeURIComponent(after)}`;

export const pickListQuery = {
  queryKey: packingKeys.pickList,
  queryFn: () => apiGet<PickList>('/api/packing/pick-list'),
};

/** The beads of every order in Skal pakkes, summed per bead by the server: one answer, however many orders. */
export function usePickList() {
  usePrefetchQuery(pickListQuery);
  return useQuery(pickListQuery);
}

export const packingOrdersQuery = infiniteQueryOptions({
  queryKey: packingKeys.orders,
  queryFn: ({ pageParam }) => apiGet<PackingPage>(ordersUrl(pageParam)),
  initialPageParam: null as string | null,
  getNextPageParam: (last: PackingPage) => last.nextCursor,
});

/**
 * The orders in Skal pakkes, oldest first, 20 per page ('Vis flere' asks for the next). A refresh refetches
 * the pages shown, from the first, so an order that left the list does not make the next page skip one.
 */
export function usePackingOrders() {
  return useInfiniteQuery(packingOrdersQuery);
}

export type TickVariables = { orderId: string; lineId: string; packed: boolean };

/** Sets one line's tick in the cached pages (the optimistic tick, and its rollback). */
function setTick(queryClient: QueryClient, { orderId, lineId, packed }: TickVariables) {
  queryClient.setQueryData<InfiniteData<PackingPage, string | null>>(packingKeys.orders, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        orders: page.orders.map((order) => {
          if (order.id !== orderId) return order;
          const others = order.packedLineIds.filter((id) => id !== lineId);
          return { ...order, packedLineIds: packed ? [...others, lineId] : others };
        }),
      })),
    };
  });
}

/**
 * Ticks or unticks a line on the server (PUT …/packed, absolute). The tick shows at once; a refusal puts the
 * line back as it was and the caller shows the Danish reason. The other device hears of it live.
 */
export function useTickLine() {
  const queryClient = useQueryClient();
  const mutation = useMutation<LinePacked, Error, TickVariables>({
    mutationKey: ['tick-line'],
    // One after the other, in the order tapped: a quick tick and untick must not reach the server swapped.
    scope: { id: 'tick-line' },
    mutationFn: ({ orderId, lineId, packed }) =>
      apiPut<LinePacked>(
        `/api/orders/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}/packed`,
        { packed },
      ),
    onMutate: async (variables) => {
      // A refetch under way would bring the old tick back over the new one: cancel it, and show the tick again.
      await queryClient.cancelQueries({ queryKey: packingKeys.orders });
      setTick(queryClient, variables);
    },
    onError: (_error, variables) => {
      setTick(queryClient, { ...variables, packed: !variables.packed });
      // The order may have moved on (409) or gone (404): show what the server has now.
      void queryClient.invalidateQueries({ queryKey: packingKeys.all });
    },
  });
  const { mutate } = mutation;
  /**
   * Shows the tick in the same tap, then sends it. A tick waits behind the ones before it (one scope), and
   * its onMutate only runs when its turn comes: without this the box would flick back until then.
   */
  const tick = useCallback(
    (variables: TickVariables, options?: Parameters<typeof mutate>[1]) => {
      setTick(queryClient, variables);
      mutate(variables, options);
    },
    [queryClient, mutate],
  );
  return { ...mutation, tick };
}
