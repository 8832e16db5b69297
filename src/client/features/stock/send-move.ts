import { texts } from '../../../shared/texts.ts';
import { useMoveStock } from '../../api/stock.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useUndoToast } from './undo-toast.ts';

/**
 * Sends a stock movement from a dialog and tells her how it went: offline it waits for the network (and says
 * so), online the toast offers 'Fortryd'. The dialog closes either way; on an error it stays open.
 */
export function useSendMove(beadId: string, onClose: () => void) {
  const { send } = useMoveStock();
  const offerUndo = useUndoToast();
  return async (move: Parameters<typeof send>[1], savedText: string) => {
    try {
      const sent = await send(beadId, move, newIdempotencyKey());
      if (sent.queued) notifySuccess(texts.offline.queued);
      else offerUndo(savedText, sent.data.movementId);
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };
}
