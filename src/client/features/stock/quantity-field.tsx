import { Stack, TextField, Typography } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { stockRowLabel } from '../../../shared/domain/stock.ts';
import { texts } from '../../../shared/texts.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/** A whole-number field that opens the phone's number pad. */
export const numberPad = { htmlInput: { inputMode: 'numeric' as const, pattern: '[0-9]*' } };

/**
 * The stock dialogs' number field (Optælling, Modtaget, Ret): required, on the number pad, focused when the
 * dialog opens; its error (a Danish message from the form's schema) in place of the helper text.
 */
export function QuantityField<T extends FieldValues>({
  field,
  label,
  error,
  helperText,
}: {
  field: ControllerRenderProps<T, Path<T>>;
  label: string;
  error: string | undefined;
  helperText?: string;
}) {
  return (
    <TextField
      {...field}
      inputRef={field.ref}
      label={label}
      required
      autoFocus
      autoComplete="off"
      error={error !== undefined}
      helperText={error ?? helperText}
      slotProps={numberPad}
    />
  );
}

/** The line under a stock dialog's title: the bead and what is on the shelf now. */
export function BeadStockLine({ bead }: { bead: { name: string; stock: number | null } }) {
  return (
    <Typography color="text.secondary">
      {bead.name} · {stockRowLabel(bead.stock)}
    </Typography>
  );
}

/** The number field of a stock dialog's form, whose values hold the typed `quantity`. */
export function QuantityInput<T extends { quantity: string }, TOut>({
  control,
  label,
  error,
  helperText,
}: {
  control: Control<T, unknown, TOut>;
  label: string;
  error: string | undefined;
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={'quantity' as Path<T>}
      render={({ field }) => (
        <QuantityField field={field} label={label} error={error} helperText={helperText} />
      )}
    />
  );
}

/** The shell of a stock dialog (Optælling, Modtaget, Ret): 'Gem', and the bead's stock line above its fields. */
export function StockDialog({
  open,
  title,
  bead,
  onClose,
  onSubmit,
  submitting,
  maxWidth,
  children,
}: {
  open: boolean;
  title: string;
  bead: { name: string; stock: number | null };
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      submitLabel={texts.stock.dialog.save}
      maxWidth={maxWidth}
    >
      <Stack spacing={2}>
        <BeadStockLine bead={bead} />
        {children}
      </Stack>
    </FormDialog>
  );
}
