import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { LinePacked, PackingPage } from '../../shared/schemas/api-packing.ts';
import { call } from '../lib/api.ts';
import { registerOfflineWrite } from '../lib/offline-writes.ts';
import { keyOf, routeKey } from './query.ts';

/**
 * Pakning's keys and its tick as an offline write: the part of api/packing.ts that every page
 * needs at start (api/offline.ts registers the write before the kept queue is restored, and names the
 * first screen's answers), so the rest of Pakning's code still loads with its page.
 */

/** Pakning: its cache follows every order change (api/refresh.ts). */
export const packingKeys = {
  all: [apiRoutes.packingOrders.cache] as const,
  /** The orders a page at a time (an infinite query's pages under one key). */
  orders: [...routeKey(apiRoutes.packingOrders), 'pages'] as const,
  pickList: keyOf(apiRoutes.pickList),
};

export type TickVariables = { orderId: string; lineId: string; packed: boolean };

/** Sets one line's tick in the cached pages (the optimistic tick, and its rollback). */
export function setTick(queryClient: QueryClient, { orderId, lineId, packed }: TickVariables) {
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

/** The mutation name of a tick (lib/offline-writes.ts); its defaults are registered under `['tick-line']`. */
export const TICK_WRITE = 'tick-line';
const registered = new WeakSet<QueryClient>();

/** True while a tick of this line made after `variables` still waits or runs (its answer would be older). */
function laterTickWaits(queryClient: QueryClient, variables: TickVariables): boolean {
  const ticks = queryClient.getMutationCache().findAll({ mutationKey: [TICK_WRITE] });
  const mine = ticks.findIndex((mutation) => mutation.state.variables === variables);
  return ticks.some((mutation, index) => {
    const other = mutation.state.variables as TickVariables | undefined;
    return (
      index > mine &&
      mutation.state.status === 'pending' &&
      other?.orderId === variables.orderId &&
      other.lineId === variables.lineId
    );
  });
}

/**
 * A tick is an offline write (lib/offline-writes.ts): apiRoutes.linePacked (PUT) with an absolute
 * value, so a repeat (an answer lost on the way, a reload during the replay) changes nothing and needs no
 * Idempotency-Key.
 * Offline it waits in the one queue of offline writes, shows at once (also after a reload) and is sent in the
 * order it was made, before a 'Pakket' made after it. Registered at start (api/offline.ts) and by the hook.
 */
export function registerPackingWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<LinePacked, TickVariables>(queryClient, TICK_WRITE, {
    mutationFn: async (variables) => {
      // A refetch under way would bring the old tick back over the new one: cancel it, show the tick again,
      // and ask again once the server has the tick.
      const refetching = queryClient.isFetching({ queryKey: packingKeys.orders }) > 0;
      if (refetching) await queryClient.cancelQueries({ queryKey: packingKeys.orders });
      setTick(queryClient, variables);
      const answer = await call(apiRoutes.linePacked, {
        params: { id: variables.orderId, lineId: variables.lineId },
        body: { packed: variables.packed },
      });
      if (refetching) void queryClient.invalidateQueries({ queryKey: packingKeys.orders });
      return answer;
    },
    // The server's state of the line, unless the owner has tapped it again meanwhile.
    onSuccess: (client, answer, variables) => {
      if (!laterTickWaits(client, variables)) setTick(client, { ...variables, packed: answer.packed });
    },
    onError: (client, _error, variables) => {
      setTick(client, { ...variables, packed: !variables.packed });
      // The order may have moved on (409) or gone (404): show what the server has now.
      void client.invalidateQueries({ queryKey: packingKeys.all });
    },
    // Offline the tick shows at once, and again on the restored pages after a reload.
    onQueued: setTick,
  });
}
