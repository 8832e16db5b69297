import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { DeliveryResult, StockMoveResult } from '../../shared/schemas/api-stock.ts';
import type { Delivery, StockMove } from '../../shared/schemas/stock.ts';
import { call } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { sendOrQueue } from '../lib/offline-writes.ts';
import { refreshAfter } from './refresh.ts';
import {
  registerStockWrites,
  STOCK_MOVE_WRITE,
  type StockMoveVariables,
  setCachedStock,
  stockCountsQuery,
} from './stock-writes.ts';

/** The counting screen's latest counts and round (docs/product/stock.md). */
export function useStockCounts() {
  return useQuery(stockCountsQuery);
}

/**
 * Optælling, Modtaget or Ret on a bead (apiRoutes.moveStock). Offline it waits for the network (`send` resolves
 * with `queued`) and a count shows at once (api/stock-writes.ts).
 */
export function useMoveStock() {
  const queryClient = useQueryClient();
  registerStockWrites(queryClient);
  const mutation = useMutation<StockMoveResult, Error, StockMoveVariables>({
    mutationKey: [STOCK_MOVE_WRITE],
  });
  const { mutateAsync } = mutation;
  const send = useCallback(
    (beadId: string, move: StockMove, idempotencyKey: string) =>
      sendOrQueue(mutateAsync, { beadId, move, idempotencyKey }),
    [mutateAsync],
  );
  return { send, busy: mutation.isPending && !mutation.isPaused };
}

/** 'Modtaget' with 'Læg i kundernes ordrer' (apiRoutes.addDelivery): todos, orders and stock change together. */
export function useDeliver(beadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<Delivery>): Promise<DeliveryResult> =>
      call(apiRoutes.addDelivery, { params: { id: beadId }, body }, { idempotencyKey }),
    onSuccess: (result) => {
      setCachedStock(queryClient, result.beadId, result.stock);
      return refreshAfter(queryClient, apiRoutes.addDelivery);
    },
  });
}

/** 'Fortryd' of her latest movement of a bead; a delivery's puts its todos back and takes its lines. */
export function useUndoStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ movementId, idempotencyKey }: { movementId: string; idempotencyKey: string }) =>
      call(apiRoutes.undoStockMovement, { params: { id: movementId } }, { idempotencyKey }),
    onSuccess: (result) => {
      setCachedStock(queryClient, result.beadId, result.stock);
      return refreshAfter(queryClient, apiRoutes.undoStockMovement);
    },
  });
}

/** 'Start en ny optælling'. */
export function useStartCountRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(apiRoutes.startCountRound),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.startCountRound),
  });
}
