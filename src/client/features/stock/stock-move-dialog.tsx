import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { Box, Chip, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  type AdjustFormValues,
  adjustFormSchema,
  type CountFormValues,
  countFormSchema,
} from '../../../shared/schemas/stock.ts';
import { texts } from '../../../shared/texts.ts';
import { QuantityInput, StockDialog } from './quantity-field.tsx';
import { useSendMove } from './send-move.ts';

const t = texts.stock;

type StockBead = { id: string; name: string; stock: number | null };

/**
 * 'Optælling' (the number on the shelf) or 'Ret' (a few added or taken, with a reason), on the bead's page
 * (docs/product/stock.md). Offline it closes at once and the movement waits for the network; online the toast
 * offers 'Fortryd'.
 */
export function StockMoveDialog({
  open,
  kind,
  bead,
  onClose,
}: {
  open: boolean;
  kind: 'count' | 'adjust';
  bead: StockBead;
  onClose: () => void;
}) {
  return kind === 'count' ? (
    <CountDialog open={open} bead={bead} onClose={onClose} />
  ) : (
    <AdjustDialog open={open} bead={bead} onClose={onClose} />
  );
}

function CountDialog({ open, bead, onClose }: { open: boolean; bead: StockBead; onClose: () => void }) {
  const form = useForm<CountFormValues, unknown, { quantity: number }>({
    resolver: zodResolver(countFormSchema),
    defaultValues: { quantity: '' },
  });
  useEffect(() => {
    if (open) form.reset({ quantity: '' });
  }, [open, form]);
  const sendMove = useSendMove(bead.id, onClose);
  const submit = form.handleSubmit(({ quantity }) =>
    sendMove({ kind: 'count', quantity, countedAt: new Date().toISOString() }, t.saved.count),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <StockDialog
      open={open}
      title={t.dialog.countTitle}
      bead={bead}
      onClose={onClose}
      onSubmit={submit}
      submitting={isSubmitting}
    >
      <QuantityInput
        control={form.control}
        label={t.dialog.countLabel}
        error={errors.quantity?.message}
        helperText={t.dialog.countHelper}
      />
    </StockDialog>
  );
}

function AdjustDialog({ open, bead, onClose }: { open: boolean; bead: StockBead; onClose: () => void }) {
  const form = useForm<AdjustFormValues, unknown, { quantity: number; reason: string }>({
    resolver: zodResolver(adjustFormSchema),
    defaultValues: { direction: 'take', quantity: '', reason: '' },
  });
  useEffect(() => {
    if (open) form.reset({ direction: 'take', quantity: '', reason: '' });
  }, [open, form]);
  const sendMove = useSendMove(bead.id, onClose);
  const submit = form.handleSubmit(({ quantity, reason }) =>
    sendMove({ kind: 'adjust', quantity, reason }, t.saved.adjust),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <StockDialog
      open={open}
      title={t.dialog.adjustTitle}
      bead={bead}
      onClose={onClose}
      onSubmit={submit}
      submitting={isSubmitting}
    >
      <Controller
        control={form.control}
        name="direction"
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            fullWidth
            color="primary"
            aria-label={t.dialog.adjustDirection}
            value={field.value}
            onChange={(_, value: 'add' | 'take' | null) => value && field.onChange(value)}
          >
            <ToggleButton value="take">{t.dialog.adjustTake}</ToggleButton>
            <ToggleButton value="add">{t.dialog.adjustAdd}</ToggleButton>
          </ToggleButtonGroup>
        )}
      />
      <QuantityInput control={form.control} label={t.dialog.adjustLabel} error={errors.quantity?.message} />
      <Controller
        control={form.control}
        name="reason"
        render={({ field }) => (
          <Box>
            <TextField
              {...field}
              inputRef={field.ref}
              label={t.dialog.reasonLabel}
              required
              autoComplete="off"
              error={Boolean(errors.reason)}
              helperText={errors.reason?.message ?? t.dialog.reasonHelper}
            />
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
              {t.dialog.reasonSuggestions.map((reason) => (
                <Chip
                  key={reason}
                  label={reason}
                  size="small"
                  variant="outlined"
                  onClick={() => form.setValue('reason', reason, { shouldValidate: true })}
                />
              ))}
            </Box>
          </Box>
        )}
      />
    </StockDialog>
  );
}
