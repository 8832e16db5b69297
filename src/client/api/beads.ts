import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBeadToCustomersResult, Bead, BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import type { BeadCreate, BeadPrice } from '../../shared/schemas/bead.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { orderDependentKeys, queryKeys } from '../lib/query-keys.ts';

/** GET /api/beads: beads that are not deleted, with their todos (0-kr beads included; screens filter). */
export function useBeads() {
  return useQuery({
    queryKey: queryKeys.beads,
    queryFn: () => apiGet<BeadWithTodos[]>('/api/beads'),
  });
}

/** GET /api/beads/:id (also a soft-deleted bead). */
export function useBead(id: string) {
  return useQuery({
    queryKey: queryKeys.bead(id),
    queryFn: () => apiGet<BeadWithTodos>(`/api/beads/${encodeURIComponent(id)}`),
  });
}

/**
 * The customer list for the 'Tilføj til kunde' card. Same key and request as the customers screen's
 * list, so both share one cache entry; areas do not import each other's hooks.
 */
export function useCustomerChoices() {
  return useQuery({
    queryKey: queryKeys.customers,
    queryFn: () => apiGet<Customer[]>('/api/customers'),
  });
}

export function useAddBead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<BeadCreate>) =>
      apiPost<Bead>('/api/beads', body, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.beads }),
  });
}

/** Price and offer change: active orders follow the bead's price, so their totals change too. */
export function useSetBeadPrice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BeadPrice) => apiPatch<Bead>(`/api/beads/${encodeURIComponent(id)}`, input),
    onSuccess: () =>
      Promise.all(
        [queryKeys.beads, queryKeys.todos, ...orderDependentKeys].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Soft delete: the bead leaves the lists; order lines that use it stay as they are. */
export function useDeleteBead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<void>(`/api/beads/${encodeURIComponent(id)}`),
    onSuccess: () => {
      // Gone from the list at once; the refetches are not awaited, so the page can leave right away.
      queryClient.setQueryData<BeadWithTodos[]>(queryKeys.beads, (beads) =>
        beads?.filter((bead) => bead.id !== id),
      );
      for (const queryKey of [queryKeys.beads, queryKeys.todos]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/** One line with the bead in each chosen customer's active order (created when missing), all or nothing. */
export function useAddBeadToCustomers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<{ customerIds: string[] }>) =>
      apiPost<AddBeadToCustomersResult>(`/api/beads/${encodeURIComponent(id)}/add-to-customers`, body, {
        idempotencyKey,
      }),
    onSuccess: () =>
      Promise.all(orderDependentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
