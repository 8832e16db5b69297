import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { PaymentReminderList, ReminderCopied } from '../../shared/schemas/api-reminders.ts';
import { call } from '../lib/api.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { registerOfflineWrite, sendOrQueue } from '../lib/offline-writes.ts';
import { keyOf, routeKey } from './query.ts';
import { refreshAfter } from './refresh.ts';

export const reminderKeys = {
  all: routeKey(apiRoutes.reminders),
  /** The list a page at a time (an infinite query's pages under one key). */
  list: [...routeKey(apiRoutes.reminders), 'pages'] as const,
  /** How many need a reminder: one order asked for, only the count read. */
  count: keyOf(apiRoutes.reminders, { query: { limit: 1 } }),
};

type PageStart = PaymentReminderList['next'];

/** One page of apiRoutes.reminders: `limit`, `afterSince`, `afterId` in that order, each only when given. */
const fetchList = (start: PageStart, limit?: number) =>
  call(apiRoutes.reminders, {
    query: { limit, afterSince: start?.afterSince, afterId: start?.afterId },
  });

/**
 * apiRoutes.reminders a page at a time (50 orders, oldest wait first): the orders that have waited in
 * Afventer betaling longer than the shop's setting. The answer depends on the clock, so it is asked again
 * whenever the page is shown.
 */
export function usePaymentReminders() {
  return useInfiniteQuery({
    queryKey: reminderKeys.list,
    queryFn: ({ pageParam }) => fetchList(pageParam),
    initialPageParam: null as PageStart,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
}

/**
 * How many orders need a payment reminder (Puden's link); one order asked for, only the count read.
 * `enabled: false` holds it back until the page's own data has come (it is not part of the first screen).
 */
export function usePaymentRemindersDue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reminderKeys.count,
    queryFn: () => fetchList(null, 1),
    select: (list) => list.total,
    enabled,
  });
}

/** Shows when a reminder was last copied on the order's row of the cached list. */
function setLastReminded(queryClient: QueryClient, orderId: string, at: string) {
  queryClient.setQueryData<InfiniteData<PaymentReminderList, PageStart>>(reminderKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.orderId === orderId ? { ...item, lastRemindedAt: at } : item,
            ),
          })),
        }
      : data,
  );
}

/**
 * apiRoutes.reminderCopied as an offline write: the server keeps the time once per
 * Idempotency-Key, which the variables carry. `copiedAt` is when the copy happened on this device: shown on the
 * row while the write waits (the server keeps the time it receives it).
 */
export type ReminderCopiedVariables = { orderId: string; copiedAt: string; idempotencyKey: string };

const reminderWrites = { copied: 'reminder-copied' } as const;
const registered = new WeakSet<QueryClient>();

/** Keeping a copied reminder's time works offline; registered at start (api/offline.ts) and by its hook. */
export function registerReminderWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<ReminderCopied, ReminderCopiedVariables>(queryClient, reminderWrites.copied, {
    mutationFn: ({ orderId, copiedAt, idempotencyKey }) =>
      call(apiRoutes.reminderCopied, { params: { id: orderId }, body: { copiedAt } }, { idempotencyKey }),
    onSuccess: (client, copied) => {
      setLastReminded(client, copied.orderId, copied.reminderCopiedAt);
      return refreshAfter(client, apiRoutes.reminderCopied);
    },
    // Refused (the order was paid or shipped meanwhile): the list shows the server's state again.
    onError: (client) => refreshAfter(client, apiRoutes.reminderCopied),
    // Offline the row says it was reminded at once, and again on the restored list after a reload.
    onQueued: (client, { orderId, copiedAt }) => setLastReminded(client, orderId, copiedAt),
  });
}

/**
 * Keeps the time after the reminder reached the clipboard or the share sheet sent it: the row shows the time
 * at once (from the answer), and the list is asked again. Offline it waits for the network (`send` resolves
 * with `queued`) while the copy itself has happened.
 */
export function useMarkReminderCopied() {
  const queryClient = useQueryClient();
  registerReminderWrites(queryClient);
  const { mutateAsync } = useMutation<ReminderCopied, Error, ReminderCopiedVariables>({
    mutationKey: [reminderWrites.copied],
  });
  const send = useCallback(
    (orderId: string) =>
      sendOrQueue(mutateAsync, {
        orderId,
        copiedAt: new Date().toISOString(),
        idempotencyKey: newIdempotencyKey(),
      }),
    [mutateAsync],
  );
  return { send };
}
