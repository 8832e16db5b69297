import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { Bead } from '../../shared/schemas/api-beads.ts';
import type { BeadCreate, BeadPrice } from '../../shared/schemas/bead.ts';
import { call } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

export const beadKeys = {
  all: keyOf(apiRoutes.beads),
  detail: (id: string) => keyOf(apiRoutes.bead, { params: { id } }),
};

/**
 * apiRoutes.beads: beads that are not deleted, plus deleted ones a todo still names (0-kr beads included;
 * screens filter with isListedBead). One cache entry for Perler, both bead pickers and the todo list's join.
 */
export const beadsQuery = queryOf(apiRoutes.beads);

export function useBeads({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...beadsQuery, enabled });
}

/** apiRoutes.bead (also a soft-deleted bead). */
export function useBead(id: string) {
  return useQuery(queryOf(apiRoutes.bead, { params: { id } }));
}

export function useAddBead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<BeadCreate>) =>
      call(apiRoutes.addBead, { body }, { idempotencyKey }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.addBead),
  });
}

/** Price and offer change (active orders follow the bead's price: api/refresh.ts derives what follows). */
export function useSetBeadPrice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BeadPrice) => call(apiRoutes.updateBead, { params: { id }, body }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.updateBead),
  });
}

/** Soft delete: the bead leaves the lists; order lines that use it stay as they are. */
export function useDeleteBead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(apiRoutes.deleteBead, { params: { id } }),
    onSuccess: () => {
      // Gone from Perler at once (a todo may still name it); the refetches are not awaited, so the page can
      // leave right away.
      queryClient.setQueryData<Bead[]>(beadKeys.all, (beads) =>
        beads?.map((bead) => (bead.id === id ? { ...bead, isDeleted: true } : bead)),
      );
      void refreshAfter(queryClient, apiRoutes.deleteBead);
    },
  });
}

/** One line with the bead in each chosen customer's active order (created when missing), all or nothing. */
export function useAddBeadToCustomers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<{ customerIds: string[] }>) =>
      call(apiRoutes.addBeadToCustomers, { params: { id }, body }, { idempotencyKey }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.addBeadToCustomers),
  });
}
