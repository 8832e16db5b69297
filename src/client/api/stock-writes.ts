import type { QueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { Bead, BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { StockCounts, StockMoveResult } from '../../shared/schemas/api-stock.ts';
import type { StockMove } from '../../shared/schemas/stock.ts';
import { call } from '../lib/api.ts';
import { registerOfflineWrite } from '../lib/offline-writes.ts';
import { beadKeys } from './beads.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

/**
 * Stock's keys and its movement as an offline write (docs/product/stock.md): the part of api/stock.ts that
 * every page needs at start (api/offline.ts registers the write before the kept queue is restored), so the
 * counting screen's counts go out after a reload too and the rest of the stock code loads with its screens.
 */

export const stockKeys = {
  /** The counting screen's latest counts and round. */
  counts: keyOf(apiRoutes.stockCounts),
};

/** apiRoutes.stockCounts. */
export const stockCountsQuery = queryOf(apiRoutes.stockCounts);

/** apiRoutes.moveStock as an offline write: the server writes it once per Idempotency-Key. */
export type StockMoveVariables = { beadId: string; move: StockMove; idempotencyKey: string };

export const STOCK_MOVE_WRITE = 'stock-move';
const registered = new WeakSet<QueryClient>();

/** Shows a bead's stock in the cached list and on its cached page. */
export function setCachedStock(queryClient: QueryClient, beadId: string, stock: number | null): void {
  queryClient.setQueryData<Bead[]>(beadKeys.all, (beads) =>
    beads?.map((bead) => (bead.id === beadId ? { ...bead, stock } : bead)),
  );
  queryClient.setQueryData<BeadWithTodos>(beadKeys.detail(beadId), (bead) =>
    bead ? { ...bead, stock } : bead,
  );
}

/**
 * A count waiting for the network shows at once: the bead reads the counted number and counts as counted
 * (absolute, so repeating it after a reload gives the same). The server adds the sales after the moment she
 * typed it when it arrives (docs/product/stock.md). A delivery or a correction waiting changes nothing on
 * screen until it is sent: added twice after a reload it would show twice.
 */
function showQueuedCount(queryClient: QueryClient, { beadId, move }: StockMoveVariables): void {
  if (move.kind !== 'count') return;
  setCachedStock(queryClient, beadId, move.quantity);
  const countedAt = move.countedAt ?? new Date().toISOString();
  queryClient.setQueryData<StockCounts>(stockKeys.counts, (counts) =>
    counts
      ? {
          ...counts,
          counts: [
            ...counts.counts.filter((count) => count.beadId !== beadId),
            { beadId, countedAt, lastCount: move.quantity },
          ],
        }
      : counts,
  );
}

/** Optælling, Modtaget and Ret work offline; registered at start (api/offline.ts) and by their hook. */
export function registerStockWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<StockMoveResult, StockMoveVariables>(queryClient, STOCK_MOVE_WRITE, {
    mutationFn: ({ beadId, move, idempotencyKey }) =>
      call(apiRoutes.moveStock, { params: { id: beadId }, body: move }, { idempotencyKey }),
    onSuccess: (client, result) => {
      setCachedStock(client, result.beadId, result.stock);
      return refreshAfter(client, apiRoutes.moveStock);
    },
    // Refused (the bead was deleted meanwhile): the screens show the server's stock again.
    onError: (client) => refreshAfter(client, apiRoutes.moveStock),
    onQueued: showQueuedCount,
  });
}
