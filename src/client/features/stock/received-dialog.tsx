import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { Alert, Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import type { BeadPrice } from '../../../shared/schemas/bead.ts';
import { type ReceivedFormValues, receivedFormSchema } from '../../../shared/schemas/stock.ts';
import { texts } from '../../../shared/texts.ts';
import { useCustomers } from '../../api/customers.ts';
import { useDeliver } from '../../api/stock.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notifyError } from '../../lib/notify.ts';
import { QuantityInput, StockDialog } from './quantity-field.tsx';
import { useSendMove } from './send-move.ts';
import { useUndoToast } from './undo-toast.ts';

const PriceDialog = lazyDialog(async () => (await import('../../components/price-dialog.tsx')).PriceDialog);

const t = texts.stock;

type Waiting = { todoId: string; customerName: string; amount: number; fillable: boolean };

/** The waiting customers a delivery of `quantity` covers, oldest first, until the first it does not cover. */
export function coveredTodos(waiting: readonly Waiting[], quantity: number): Set<string> {
  const ticked = new Set<string>();
  let left = quantity;
  for (const todo of waiting) {
    if (!todo.fillable) continue;
    if (todo.amount > left) break;
    ticked.add(todo.todoId);
    left -= todo.amount;
  }
  return ticked;
}

/**
 * 'Modtaget' (docs/product/stock.md): how many arrived, and on a bead that customers wait for, 'Læg i kundernes
 * ordrer' with the waiting customers oldest first, ticked as far as the delivery covers them and changeable. With
 * none ticked it is a plain movement (which works offline); with some, one step that completes their todos (a
 * bead at 0 kr gets its price first, in 'Sæt Pris'). The toast offers 'Fortryd' either way.
 */
export function ReceivedDialog({
  open,
  bead,
  onClose,
}: {
  open: boolean;
  bead: BeadWithTodos;
  onClose: () => void;
}) {
  const id = useId();
  const customers = useCustomers();
  const sendMove = useSendMove(bead.id, onClose);
  const deliver = useDeliver(bead.id);
  const offerUndo = useUndoToast();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const [pricing, setPricing] = useState<{ quantity: number } | null>(null);
  const form = useForm<ReceivedFormValues, unknown, { quantity: number }>({
    resolver: zodResolver(receivedFormSchema),
    defaultValues: { quantity: '' },
  });
  useEffect(() => {
    if (!open) return;
    form.reset({ quantity: '' });
    setTicked(new Set());
    setTouched(false);
  }, [open, form]);

  const waiting = useMemo<Waiting[]>(() => {
    const names = new Map((customers.data ?? []).map((customer) => [customer.id, customer.name]));
    return bead.todos.flatMap((todo) => {
      if (todo.customerId === null) return [];
      const name = names.get(todo.customerId);
      return [
        {
          todoId: todo.id,
          customerName: name ?? `${texts.customers.unknownCustomer} (${t.fill.archived})`,
          amount: todo.amount,
          fillable: name !== undefined,
        },
      ];
    });
  }, [bead.todos, customers.data]);

  // Until she ticks herself, the ticks follow the number typed.
  const typed = useWatch({ control: form.control, name: 'quantity' });
  const typedNumber = /^\s*\d+\s*$/.test(typed) ? Number(typed) : 0;
  useEffect(() => {
    if (!touched) setTicked(coveredTodos(waiting, typedNumber));
  }, [touched, waiting, typedNumber]);

  const tickedAmount = waiting.reduce((sum, todo) => sum + (ticked.has(todo.todoId) ? todo.amount : 0), 0);
  const toggle = (todoId: string) => {
    setTouched(true);
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(todoId)) next.delete(todoId);
      else next.add(todoId);
      return next;
    });
  };

  const sendDelivery = async (quantity: number, price?: BeadPrice) => {
    const todoIds = waiting.filter((todo) => ticked.has(todo.todoId)).map((todo) => todo.todoId);
    const result = await deliver.mutateAsync({
      body: { quantity, todoIds, ...(price ?? {}) },
      idempotencyKey: newIdempotencyKey(),
    });
    offerUndo(t.fill.done(result.filled.length), result.movementId, t.fill.undone);
    onClose();
  };

  const submit = form.handleSubmit(async ({ quantity }) => {
    try {
      if (ticked.size === 0) {
        await sendMove({ kind: 'received', quantity }, t.saved.received);
      } else if (bead.priceOre === 0) {
        setPricing({ quantity });
      } else {
        await sendDelivery(quantity);
      }
    } catch (error) {
      notifyError(error);
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <>
      <StockDialog
        open={open}
        title={t.dialog.receivedTitle}
        bead={bead}
        onClose={onClose}
        onSubmit={submit}
        submitting={isSubmitting || deliver.isPending}
        maxWidth="sm"
      >
        <QuantityInput
          control={form.control}
          label={t.dialog.receivedLabel}
          error={errors.quantity?.message}
        />
        {waiting.length > 0 && (
          <Box component="section" aria-labelledby={`${id}-fill`}>
            <Typography id={`${id}-fill`} variant="h3">
              {t.fill.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t.fill.intro}
            </Typography>
            <FormGroup sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
              {waiting.map((todo) => (
                <FormControlLabel
                  key={todo.todoId}
                  disabled={!todo.fillable}
                  control={
                    <Checkbox checked={ticked.has(todo.todoId)} onChange={() => toggle(todo.todoId)} />
                  }
                  label={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                      <span>{todo.customerName}</span>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t.fill.amount(todo.amount)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
              {t.fill.covers(ticked.size, tickedAmount)}
            </Typography>
            {ticked.size > 0 && tickedAmount > typedNumber && typedNumber > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t.fill.exceeds(tickedAmount, typedNumber)}
              </Alert>
            )}
            {ticked.size > 0 && bead.priceOre === 0 && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t.fill.priceFirst}
              </Alert>
            )}
          </Box>
        )}
      </StockDialog>
      <PriceDialog
        open={pricing !== null}
        beadName={bead.name}
        onCancel={() => setPricing(null)}
        onSubmit={async (price) => {
          await sendDelivery(pricing?.quantity ?? 0, price);
          setPricing(null);
        }}
      />
    </>
  );
}
