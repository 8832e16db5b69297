import { useCallback } from 'react';
import { texts } from '../../../shared/texts.ts';
import { useUndoStock } from '../../api/stock.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/**
 * Undoing a stock movement as every undo in the app: 'Fortryd' in the toast that says it was saved, and
 * 'Fortrudt' (or the server's Danish refusal) after it. One key per undo, so a lost answer is not undone twice.
 */
export function useUndoMovement() {
  const undo = useUndoStock();
  return useCallback(
    async (movementId: string, undoneText: string = texts.stock.undone) => {
      try {
        await undo.mutateAsync({ movementId, idempotencyKey: newIdempotencyKey() });
        notifySuccess(undoneText);
      } catch (error) {
        notifyError(error);
      }
    },
    [undo.mutateAsync],
  );
}

/** A success toast with 'Fortryd' for the movement just made. */
export function useUndoToast() {
  const undoMovement = useUndoMovement();
  return useCallback(
    (message: string, movementId: string, undoneText?: string) =>
      notifySuccess(message, {
        action: { label: texts.stock.undo, onClick: () => void undoMovement(movementId, undoneText) },
      }),
    [undoMovement],
  );
}
