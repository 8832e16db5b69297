import { TextField, Typography } from '@mui/material';
import type { ControllerRenderProps, FieldValues, Path } from 'react-hook-form';
import { stockRowLabel } from '../../../shared/domain/stock.ts';

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
