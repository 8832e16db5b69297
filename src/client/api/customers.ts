import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import type { CustomerCreate } from '../../shared/schemas/customer.ts';
import { apiGet, apiPost } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** GET /api/customers: every customer, sorted in Danish order, hidden '{name}' rows left out. */
export function useCustomers() {
  return useQuery({
    queryKey: queryKeys.customers,
    queryFn: () => apiGet<Customer[]>('/api/customers'),
  });
}

/** POST /api/customers; refreshes every customer query (list and details). */
export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CustomerCreate>) =>
      apiPost<Customer>('/api/customers', body, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}
