/**
 * Texts that go out (docs/product/messages.md#texts-that-go-out): Indstillinger → Beskeder (the carrier, its
 * tracking links and the two message templates) and an order's Pakkenummer, typed or read from the shipping
 * service's file.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { MessageSettings, MessageSettingsUpdate } from '../../shared/schemas/outgoing.ts';
import { call } from '../lib/api.ts';
import { applyOrder } from './orders.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

export const outgoingKeys = { settings: keyOf(apiRoutes.messageSettings) };

/** apiRoutes.messageSettings; they change seldom, and a change elsewhere arrives as a live event. */
export function useMessageSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...queryOf(apiRoutes.messageSettings), staleTime: 5 * 60_000, enabled });
}

/** apiRoutes.updateMessageSettings: the whole card at once. */
export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageSettingsUpdate) => call(apiRoutes.updateMessageSettings, { body }),
    onSuccess: (saved: MessageSettings) => {
      queryClient.setQueryData(outgoingKeys.settings, saved);
      return refreshAfter(queryClient, apiRoutes.updateMessageSettings);
    },
  });
}

/** apiRoutes.setTrackingNumber: the order's Pakkenummer ('' or null removes it). */
export function useSetTrackingNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, trackingNumber }: { orderId: string; trackingNumber: string | null }) =>
      call(apiRoutes.setTrackingNumber, { params: { id: orderId }, body: { trackingNumber } }),
    onSuccess: (order: Order) => {
      if (order.customerId) applyOrder(queryClient, order.customerId, order, apiRoutes.setTrackingNumber);
      else void refreshAfter(queryClient, apiRoutes.setTrackingNumber);
    },
  });
}

/** apiRoutes.importTrackingNumbers: the shipping service's export, read as text. */
export function useImportTrackingNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => call(apiRoutes.importTrackingNumbers, { body: { csv } }),
    onSettled: () => refreshAfter(queryClient, apiRoutes.importTrackingNumbers),
  });
}
