import { zodResolver } from '@hookform/resolvers/zod';
import '../../shared/zod-danish.ts';
import { Stack, TextField } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatKrInput } from '../../shared/domain/money.ts';
import type { SaleType } from '../../shared/domain/sale-type.ts';
import {
  type BeadPrice,
  type PriceDialogFormValues,
  priceDialogFormSchema,
} from '../../shared/schemas/bead.ts';
import { texts } from '../../shared/texts.ts';
import { ApiError } from '../lib/api-error.ts';
import { notifyError } from '../lib/notify.ts';
import { FormDialog } from './form-dialog.tsx';
import { OfferAndPriceFields } from './offer-price-fields.tsx';

const t = texts.beads.priceDialog;

type PriceDialogProps = {
  open: boolean;
  beadName: string;
  /** The bead's price now; 0 (a new bead from a todo) leaves the field empty. */
  priceOre?: number;
  saleType?: SaleType | null;
  onCancel: () => void;
  /**
   * Gets the validated price and offer (`{ priceOre, saleType }`). While the returned promise runs the
   * buttons are disabled; when it rejects the dialog stays open and shows the error (a price error on the
   * field, anything else as a toast). Closing after success is up to the caller.
   */
  onSubmit: (value: BeadPrice) => Promise<unknown> | undefined;
  /** Label of the confirm button; 'Tilføj' unless told otherwise (docs/product/screens.md). */
  submitLabel?: string;
};

function initialValues(priceOre: number, saleType: SaleType | null): PriceDialogFormValues {
  return { price: priceOre > 0 ? formatKrInput(priceOre) : '', saleType };
}

/**
 * 'Sæt Pris' (docs/product/screens.md): the bead's name (read-only), the offer choice and a price above 0.
 * Used on the bead page and when a todo for a 0-kr bead is completed. Picking '2 for 125' fills in 75 kr,
 * which stays editable here (docs/product/pricing.md).
 */
export function PriceDialog({
  open,
  beadName,
  priceOre = 0,
  saleType = null,
  onCancel,
  onSubmit,
  submitLabel = texts.common.add,
}: PriceDialogProps) {
  const form = useForm<PriceDialogFormValues, unknown, BeadPrice>({
    resolver: zodResolver(priceDialogFormSchema),
    defaultValues: initialValues(priceOre, saleType),
  });

  useEffect(() => {
    if (open) form.reset(initialValues(priceOre, saleType));
  }, [open, priceOre, saleType, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'priceOre' || error.code === 'PRICE_REQUIRED')) {
        form.setError('price', { message: error.message }, { shouldFocus: true });
      } else {
        notifyError(error);
      }
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <FormDialog
      open={open}
      title={t.title}
      onClose={onCancel}
      onSubmit={submit}
      submitting={isSubmitting}
      submitLabel={submitLabel}
    >
      <Stack spacing={2.5}>
        <TextField label={t.nameLabel} value={beadName} disabled />
        <OfferAndPriceFields
          control={form.control}
          setValue={form.setValue}
          priceProps={{ autoFocus: true, error: Boolean(errors.price), helperText: errors.price?.message }}
        />
      </Stack>
    </FormDialog>
  );
}
