import { useMutation, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type { CustomerCreate, CustomerUpdate } from '../../shared/schemas/customer.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';

export const customerKeys = {
  all: keyRoots.customers,
  detail: (id: string) => [...keyRoots.customers, id] as const,
  /** An object, so it never equals a customer's id. */
  archived: [...keyRoots.customers, { archived: true }] as const,
};

const customerUrl = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

/**
 * GET /api/customers: every customer, sorted in Danish order, hidden '{name}' rows included (screens leave
 * them out). One cache entry for the list screen, the todo dialog and the bead page's 'Tilføj til kunde'.
 */
export const customersQuery = {
  queryKey: customerKeys.all,
  queryFn: () => apiGet<Customer[]>('/api/customers'),
};

export function useCustomers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customersQuery, enabled });
}

/** GET /api/customers?archived=true: the archived customers ('Arkiverede kunder'), sorted in Danish order. */
export function useArchivedCustomers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: customerKeys.archived,
    queryFn: () => apiGet<Customer[]>('/api/customers?archived=true'),
    enabled,
  });
}

/**
 * The customer with every order and todo. The request starts while the page renders, not after it
 * commits: React holds back the reveal of a lazily loaded page for up to 300 ms, and the data can arrive
 * in that time.
 */
export function useCustomer(id: string) {
  const query = { queryKey: customerKeys.detail(id), queryFn: () => apiGet<CustomerDetail>(customerUrl(id)) };
  usePrefetchQuery(query);
  return useQuery(query);
}

/** POST /api/customers. */
export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CustomerCreate>) =>
      apiPost<Customer>('/api/customers', body, { idempotencyKey }),
    onSuccess: () => refresh(queryClient, refreshAfter.addCustomer),
  });
}

/** PATCH /api/customers/:id: rename and contact details ('' clears a contact field). */
export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdate) => apiPatch<Customer>(customerUrl(id), body),
    onSuccess: () => refresh(queryClient, refreshAfter.updateCustomer),
  });
}

/** POST /api/customers/:id/archive or /unarchive. */
export function useSetCustomerArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      apiPost<Customer>(`${customerUrl(id)}/${archived ? 'archive' : 'unarchive'}`),
    onSuccess: () => refresh(queryClient, refreshAfter.archiveCustomer),
  });
}

/** DELETE /api/customers/:id (only a customer without orders and todos). */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<null>(customerUrl(id)),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id), exact: true });
      return refresh(queryClient, refreshAfter.deleteCustomer);
    },
  });
}
