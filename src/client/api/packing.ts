import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { LinePacked, PackingPage } from '../../shared/schemas/api-packing.ts';
import { call } from '../lib/api.ts';
import { sendOrQueue } from '../lib/offline-writes.ts';
import {
  packingKeys,
  registerPackingWrites,
  setTick,
  TICK_WRITE,
  type TickVariables,
} from './packing-ticks.ts';

export { packingKeys, type TickVariables } from './packing-ticks.ts';

export const pickListQuery = {
  queryKey: packingKeys.pickList,
  queryFn: () => call(apiRoutes.pickList),
};

/** The beads of every order in Skal pakkes, summed per bead by the server: one answer, however many orders. */
export function usePickList() {
  usePrefetchQuery(pickListQuery);
  return useQuery(pickListQuery);
}

export const packingOrdersQuery = infiniteQueryOptions({
  queryKey: packingKeys.orders,
  queryFn: ({ pageParam }) => call(apiRoutes.packingOrders, { query: { after: pageParam ?? undefined } }),
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

/**
 * Ticks or unticks a line on the server (apiRoutes.linePacked, absolute). The tick shows at once; offline
 * it waits for the network (`tick` resolves with `queued`). A refusal puts the line back as it was: `tick`
 * rejects with it when it was sent at once (the caller shows the Danish reason), and a tick that waited is
 * told by the offline writes' own message. The other device hears of it live.
 */
export function useTickLine() {
  const queryClient = useQueryClient();
  registerPackingWrites(queryClient);
  const { mutateAsync } = useMutation<LinePacked, Error, TickVariables>({
    mutationKey: [TICK_WRITE],
  });
  /**
   * Shows the tick in the same tap, then sends it. A tick waits behind the writes before it (one scope), and
   * only then does its function show it again: without this the box would flick back until then.
   */
  const tick = useCallback(
    (variables: TickVariables) => {
      setTick(queryClient, variables);
      return sendOrQueue(mutateAsync, variables);
    },
    [queryClient, mutateAsync],
  );
  return { tick };
}
