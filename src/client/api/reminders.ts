import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PaymentReminderList, ReminderCopied } from '../../shared/schemas/api-reminders.ts';
import { apiGet, apiPost } from '../lib/api.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';

export const reminderKeys = {
  all: keyRoots.reminders,
  list: [...keyRoots.reminders, 'list'] as const,
  count: [...keyRoots.reminders, 'count'] as const,
};

type PageStart = PaymentReminderList['next'];

function listUrl(start: PageStart, limit?: number): string {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (start) {
    params.set('afterSince', start.afterSince);
    params.set('afterId', start.afterId);
  }
  const query = params.toString();
  return query ? `/api/reminders?${query}` : '/api/reminders';
}

/**
 * GET /api/reminders a page at a time (50 orders, oldest wait first): the orders that have waited in
 * Afventer betaling longer than the shop's setting. The answer depends on the clock, so it is asked again
 * whenever the page is shown.
 */
export function usePaymentReminders() {
  return useInfiniteQuery({
    queryKey: reminderKeys.list,
    queryFn: ({ pageParam }) => apiGet<PaymentReminderList>(listUrl(pageParam)),
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
    queryFn: () => apiGet<PaymentReminderList>(listUrl(null, 1)),
    select: (list) => list.total,
    enabled,
  });
}

/**
 * POST /api/orders/:id/reminder-copied after the reminder reached the clipboard or the share sheet sent it:
 * the row shows the time at once (from the answer), and the list is asked again.
 */
export function useMarkReminderCopied() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiPost<ReminderCopied>(`/api/orders/${encodeURIComponent(orderId)}/reminder-copied`, undefined, {
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: (copied) => {
      queryClient.setQueryData<InfiniteData<PaymentReminderList, PageStart>>(reminderKeys.list, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.orderId === copied.orderId
                    ? { ...item, lastRemindedAt: copied.reminderCopiedAt }
                    : item,
                ),
              })),
            }
          : data,
      );
      return refresh(queryClient, refreshAfter.copyReminder);
    },
  });
}
