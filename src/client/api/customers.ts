import { useMutation, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { CustomerCreate, CustomerUpdate } from '../../shared/schemas/customer.ts';
import { call } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

export const customerKeys = {
  all: keyOf(apiRoutes.customers),
  detail: (id: string) => keyOf(apiRoutes.customer, { params: { id } }),
  archived: keyOf(apiRoutes.customers, { query: { archived: 'true' } }),
};

/**
 * apiRoutes.customers: every customer, sorted in Danish order, hidden '{name}' rows included (screens leave
 * them out). One cache entry for the list screen, the todo dialog and the bead page's 'Tilføj til kunde'.
 */
export const customersQuery = queryOf(apiRoutes.customers);

export function useCustomers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customersQuery, enabled });
}

/** apiRoutes.customers `?archived=true`: the archived customers ('Arkiverede kunder'), in Danish order. */
export function useArchivedCustomers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...queryOf(apiRoutes.customers, { query: { archived: 'true' } }), enabled });
}

/**
 * The customer with every order and todo. The request starts while the page renders, not after it
 * commits: React holds back the reveal of a lazily loaded page for up to 300 ms, and the data can arrive
 * in that time.
 */
export function useCustomer(id: string) {
  const query = queryOf(apiRoutes.customer, { params: { id } });
  usePrefetchQuery(query);
  return useQuery(query);
}

/** apiRoutes.addCustomer. */
export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CustomerCreate>) =>
      call(apiRoutes.addCustomer, { body }, { idempotencyKey }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.addCustomer),
  });
}

/** apiRoutes.updateCustomer: rename and contact details ('' clears a contact field). */
export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdate) => call(apiRoutes.updateCustomer, { params: { id }, body }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.updateCustomer),
  });
}

/** apiRoutes.archiveCustomer or apiRoutes.unarchiveCustomer. */
export function useSetCustomerArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      call(archived ? apiRoutes.archiveCustomer : apiRoutes.unarchiveCustomer, { params: { id } }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.archiveCustomer),
  });
}

/** apiRoutes.deleteCustomer (only a customer without orders and todos). */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiRoutes.deleteCustomer, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id), exact: true });
      return refreshAfter(queryClient, apiRoutes.deleteCustomer);
    },
  });
}
