import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { MessageLinesCreate, MessageLinesUndo } from '../../shared/schemas/message-lines.ts';
import { call } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { refreshAfter } from './refresh.ts';

/** apiRoutes.addMessageLines: 'Tilføj N varer' (the server adds once per key). */
export function useAddMessageLines(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<MessageLinesCreate>) =>
      call(apiRoutes.addMessageLines, { params: { id: customerId }, body }, { idempotencyKey }),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.addMessageLines),
  });
}

/** apiRoutes.undoMessageLines: its 'Fortryd' (once per key: a double tap takes the amounts off once). */
export function useUndoMessageLines(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<MessageLinesUndo>) =>
      call(apiRoutes.undoMessageLines, { params: { id: customerId }, body }, { idempotencyKey }),
    onSettled: () => refreshAfter(queryClient, apiRoutes.undoMessageLines),
  });
}
