import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type DiscountInput, discountFormSchema } from '../../../shared/schemas/payment.ts';
import { texts } from '../../../shared/texts.ts';
import { useUpdateOrder } from '../../api/orders.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const m = texts.money;

type DiscountFormValues = z.input<typeof discountFormSchema>;

export type DiscountForm = {
  form: UseFormReturn<DiscountFormValues, unknown, DiscountInput>;
  submit: () => void;
  busy: boolean;
};

/** 'Rabat' on the active order (docs/product/money.md): in kr or in %, sent as the order's change. */
export function useDiscountForm(
  customerId: string,
  orderId: string | null,
  onDone: () => void,
): DiscountForm {
  const update = useUpdateOrder(customerId);
  const form = useForm<DiscountFormValues, unknown, DiscountInput>({
    resolver: zodResolver(discountFormSchema),
    defaultValues: { kind: 'pct', value: '' },
  });
  const submit = () =>
    void form.handleSubmit(async (discount) => {
      if (orderId === null) return;
      try {
        const sent = await update.send({ orderId, patch: { discount } });
        notifySuccess(sent.queued ? texts.offline.queued : m.discountSet);
        onDone();
      } catch (error) {
        notifyError(error);
      }
    })();
  return { form, submit, busy: update.busy };
}

export function DiscountFields({ form: { form } }: { form: DiscountForm }) {
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  return (
    <Stack
      role="tabpanel"
      id="add-line-panel-discount"
      aria-labelledby="add-line-tab-discount"
      spacing={2}
      sx={{ pt: 0.5 }}
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <div>
            <Typography component="p" variant="caption" color="text.secondary" id="discount-kind-label">
              {m.discountKind}
            </Typography>
            <ToggleButtonGroup
              exclusive
              color="primary"
              aria-labelledby="discount-kind-label"
              value={field.value}
              onChange={(_, value: 'kr' | 'pct' | null) => value && field.onChange(value)}
            >
              <ToggleButton value="pct" sx={{ minWidth: 72 }}>
                {m.discountPct}
              </ToggleButton>
              <ToggleButton value="kr" sx={{ minWidth: 72 }}>
                {m.discountKr}
              </ToggleButton>
            </ToggleButtonGroup>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="value"
        render={({ field }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label={m.discountAmount}
            required
            autoFocus
            autoComplete="off"
            error={Boolean(errors.value)}
            helperText={errors.value?.message}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: {
                endAdornment: <InputAdornment position="end">{kind === 'pct' ? '%' : 'kr'}</InputAdornment>,
              },
            }}
          />
        )}
      />
    </Stack>
  );
}
