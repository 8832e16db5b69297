import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { InputAdornment, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { copenhagenDate } from '../../../shared/domain/dates.ts';
import { formatKr, formatKrInput } from '../../../shared/domain/money.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import {
  type PaymentCreate,
  type PaymentFormValues,
  paymentFormSchema,
} from '../../../shared/schemas/payment.ts';
import { texts } from '../../../shared/texts.ts';
import { usePaymentChanges, useRegisterPayment } from '../../api/money.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { resetOnOpen } from '../../lib/reset-on-open.ts';
import { registeredMessage } from './payment-messages.ts';
import { PaymentMethodField } from './payment-method-field.tsx';

const m = texts.money;

/** What is owed now, as the amount field starts: the rest of the total (what she records replaces the deemed). */
const owedNow = (order: Order) => Math.max(0, order.totals.totalWithShippingOre - order.payment.recordedOre);

const initialValues = (order: Order): PaymentFormValues => ({
  amount: formatKrInput(owedNow(order)),
  method: 'mobilepay',
  paidOn: copenhagenDate(),
});

/**
 * 'Registrér betaling' (docs/product/money.md): Beløb (what is owed), Betalt med, Dato (today). One payment per
 * opening, however often 'Gem' is tapped (its key); offline it waits for the network. The toast offers 'Fortryd'.
 */
export function RegisterPaymentDialog({
  open,
  onClose,
  customerId,
  order,
}: {
  open: boolean;
  onClose: () => void;
  customerId: string;
  order: Order;
}) {
  const register = useRegisterPayment(customerId);
  const changes = usePaymentChanges(customerId);
  const actionKey = useActionKey();
  const form = useForm<PaymentFormValues, unknown, PaymentCreate>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: initialValues(order),
  });
  // Every opening starts from what is owed then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form.
  useEffect(() => {
    if (open) {
      resetOnOpen(form, initialValues(order));
      actionKey.renew();
    }
  }, [open]);

  const submit = form.handleSubmit(async (body) => {
    let sent: Awaited<ReturnType<typeof register.send>>;
    try {
      sent = await register.send(order.id, body, actionKey.keyFor(body));
    } catch (error) {
      notifyError(error);
      return;
    }
    onClose();
    if (sent.queued) return notifySuccess(texts.offline.queued);
    const result = sent.data;
    notifySuccess(registeredMessage(result), {
      action: {
        label: m.undo,
        onClick: () =>
          changes.remove.mutate(result.paymentId, {
            onSuccess: () => notifySuccess(m.paymentDeleted),
            onError: (error) => notifyError(error),
          }),
      },
    });
  });

  const { errors, isSubmitting } = form.formState;
  const submitting = isSubmitting || register.busy;
  return (
    <FormDialog
      open={open}
      title={m.registerPayment}
      onClose={onClose}
      onSubmit={submit}
      submitting={submitting}
      submitLabel={m.save}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography color="text.secondary">
        {order.number ? `${m.number(order.number)} · ` : ''}
        {m.owedNow(formatKr(owedNow(order)))}
      </Typography>
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <TextField
            {...field}
            value={field.value ?? ''}
            inputRef={field.ref}
            label={m.amount}
            required
            autoFocus
            autoComplete="off"
            error={Boolean(errors.amount)}
            helperText={errors.amount?.message}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> },
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <PaymentMethodField
            label={m.paidWith}
            value={field.value}
            onChange={field.onChange}
            error={errors.method?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="paidOn"
        render={({ field }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            type="date"
            label={m.date}
            required
            error={Boolean(errors.paidOn)}
            helperText={errors.paidOn?.message}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: copenhagenDate() } }}
          />
        )}
      />
    </FormDialog>
  );
}
