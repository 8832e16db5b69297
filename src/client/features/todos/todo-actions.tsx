import { type ReactNode, useCallback, useRef, useState } from 'react';
import {
  asksToBringBackBeforeCompletion,
  needsPriceBeforeCompletion,
} from '../../../shared/domain/bead-rules.ts';
import { pluralize } from '../../../shared/domain/plural.ts';
import { stockWarning } from '../../../shared/domain/stock.ts';
import type { CompleteTodoResult, Todo } from '../../../shared/schemas/api-todos.ts';
import type { BeadPrice } from '../../../shared/schemas/bead.ts';
import { texts } from '../../../shared/texts.ts';
import { useCompleteTodo, useDeleteTodo, useRefreshGoneTodo } from '../../api/todos.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notifyError, notifySuccess, notifyWarning, SUCCESS_DURATION_MS } from '../../lib/notify.ts';
import { showToast } from '../../lib/toast.ts';
import { DeletedBeadDialog } from './deleted-bead-dialog.tsx';

const PriceDialog = lazyDialog(async () => (await import('../../components/price-dialog.tsx')).PriceDialog);

const t = texts.todos;

/** The completion's idempotency key (moved to lib/idempotency.ts; kept here for its callers). */
export { newIdempotencyKey };

/**
 * 'Todo færdiggjort!', or, when the shelf did not hold its amount (docs/product/stock.md: the beads are sold all
 * the same), "Kun 2 på lager" / "Ikke på lager".
 */
function announceCompletion(result: CompleteTodoResult, stockBefore: number | null) {
  const lines = result.lineIds.length;
  const added = pluralize(lines, t.beadsAdded.one, t.beadsAdded.other);
  const warning = stockWarning(stockBefore, result.outcome === 'addedToOrder' ? lines : 0);
  if (warning) {
    notifyWarning(warning, `${t.completed} ${added}`);
    return;
  }
  showToast((toast) =>
    toast.success(t.completed, {
      duration: SUCCESS_DURATION_MS,
      description: result.outcome === 'addedToOrder' ? added : undefined,
    }),
  );
}

export type TodoBusy = 'completing' | 'deleting';

export type TodoActions = {
  /**
   * Completes the todo; a 0-kr bead first gets its price in 'Sæt Pris', a deleted bead with a price first asks
   * whether it comes back to the catalogue. Ignored while one is running.
   */
  complete: (todo: Todo) => void;
  /** Asks 'Er du sikker …?' and deletes on 'Bekræft sletning'. */
  requestDelete: (todo: Todo) => void;
  /** What runs for the todo right now, if anything: its row is disabled meanwhile. */
  busyWith: (todoId: string) => TodoBusy | null;
  /** The price, deleted-bead and confirm dialogs; render once next to the list. */
  dialogs: ReactNode;
};

/**
 * Completing and deleting todos (docs/product/todos.md). Completion is one request to the server's
 * one-transaction endpoint. Each attempt has one idempotency key that is reused when the owner tries again
 * after a failure, so a lost answer never adds the lines twice; a todo that is already running ignores
 * further swipes and taps.
 */
export function useTodoActions(): TodoActions {
  const completeTodo = useCompleteTodo();
  const deleteTodo = useDeleteTodo();
  const refreshGoneTodo = useRefreshGoneTodo();
  const running = useRef(new Map<string, TodoBusy>());
  const keys = useRef(new Map<string, string>());
  const [busy, setBusyMap] = useState<ReadonlyMap<string, TodoBusy>>(new Map());
  const [pricing, setPricing] = useState<{ todo: Todo; open: boolean } | null>(null);
  const [asking, setAsking] = useState<{ todo: Todo; open: boolean } | null>(null);
  const [deleting, setDeleting] = useState<{ todo: Todo; open: boolean } | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const setBusy = useCallback((todoId: string, kind: TodoBusy | null) => {
    if (kind) running.current.set(todoId, kind);
    else running.current.delete(todoId);
    setBusyMap(new Map(running.current));
  }, []);

  /** Handles the errors every attempt can meet; returns true when the error was dealt with. */
  const handleGone = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'TODO_NOT_FOUND') {
        notifyError(error);
        refreshGoneTodo();
        return true;
      }
      return false;
    },
    [refreshGoneTodo],
  );

  const send = useCallback(
    async (todo: Todo, price?: BeadPrice) => {
      const key = keys.current.get(todo.id) ?? newIdempotencyKey();
      keys.current.set(todo.id, key);
      setBusy(todo.id, 'completing');
      try {
        const sent = await completeTodo.send({ todo, idempotencyKey: key, price });
        keys.current.delete(todo.id);
        // Offline the completion waits for the network; the todo has left the list already.
        if (sent.queued) notifySuccess(texts.offline.queued);
        else announceCompletion(sent.data, todo.bead.stock);
      } finally {
        setBusy(todo.id, null);
      }
    },
    [completeTodo.send, setBusy],
  );

  const sendReporting = useCallback(
    (todo: Todo, price?: BeadPrice) => {
      send(todo, price).catch((error: unknown) => {
        if (handleGone(error)) return;
        // The bead lost its price since the list was loaded: ask for one.
        if (error instanceof ApiError && error.code === 'PRICE_REQUIRED') setPricing({ todo, open: true });
        else notifyError(error);
      });
    },
    [send, handleGone],
  );

  const complete = useCallback(
    (todo: Todo) => {
      if (running.current.has(todo.id)) return;
      if (needsPriceBeforeCompletion(todo.bead)) setPricing({ todo, open: true });
      else if (asksToBringBackBeforeCompletion(todo.bead)) setAsking({ todo, open: true });
      else sendReporting(todo);
    },
    [sendReporting],
  );

  /** The owner's answer for a deleted bead: giving its price again is what brings a bead back. */
  const answerDeletedBead = (bringBack: boolean) => {
    if (!asking?.open) return;
    const { todo } = asking;
    setAsking({ todo, open: false });
    if (running.current.has(todo.id)) return;
    sendReporting(
      todo,
      bringBack ? { priceOre: todo.bead.priceOre, saleType: todo.bead.saleType } : undefined,
    );
  };

  const submitPrice = async (price: BeadPrice) => {
    if (!pricing) return;
    try {
      await send(pricing.todo, price);
    } catch (error) {
      if (!handleGone(error)) throw error; // The dialog shows it and stays open.
    }
    setPricing((current) => current && { ...current, open: false });
  };

  const requestDelete = useCallback((todo: Todo) => {
    if (running.current.has(todo.id)) return;
    setDeleting({ todo, open: true });
  }, []);

  const confirmDelete = async () => {
    if (!deleting) return;
    const { todo } = deleting;
    setDeletePending(true);
    setBusy(todo.id, 'deleting');
    try {
      await deleteTodo.mutateAsync(todo);
      notifySuccess(t.deleted);
    } catch (error) {
      if (!handleGone(error)) notifyError(error);
    } finally {
      setBusy(todo.id, null);
      setDeletePending(false);
      setDeleting((current) => current && { ...current, open: false });
    }
  };

  const busyWith = useCallback((todoId: string) => busy.get(todoId) ?? null, [busy]);

  const dialogs = (
    <>
      <PriceDialog
        open={pricing?.open ?? false}
        beadName={pricing?.todo.bead.name ?? ''}
        priceOre={0}
        saleType={pricing?.todo.bead.saleType ?? null}
        onCancel={() => setPricing((current) => current && { ...current, open: false })}
        onSubmit={submitPrice}
      />
      <DeletedBeadDialog
        open={asking?.open ?? false}
        bead={asking?.todo.bead ?? null}
        onBringBack={() => answerDeletedBead(true)}
        onKeepDeleted={() => answerDeletedBead(false)}
        onCancel={() => setAsking((current) => current && { ...current, open: false })}
      />
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t.confirmTitle}
        text={t.confirmText}
        confirmLabel={t.confirmButton}
        pending={deletePending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => current && { ...current, open: false })}
      />
    </>
  );

  return { complete, requestDelete, busyWith, dialogs };
}
