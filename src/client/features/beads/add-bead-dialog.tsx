import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import {
  type BeadCreate,
  type BeadCreateFormValues,
  beadCreateFormSchema,
} from '../../../shared/schemas/bead.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import { texts } from '../../../shared/texts.ts';
import { useAddBead } from '../../api/beads.ts';
import { useSendBeadPhotos } from '../../api/photos.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { OfferAndPriceFields } from '../../components/offer-price-fields.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { NewBeadPhotos } from './new-bead-photos.tsx';

const t = texts.beads;
const EMPTY: BeadCreateFormValues = { name: '', price: '', saleType: null };

type AddBeadDialogProps = {
  open: boolean;
  onClose: () => void;
  onAdded?: (bead: Bead) => void;
};

/**
 * 'Tilføj ny nål': name, offer (Intet / 2 for 125) and price. Picking the offer fills in its price (75 kr)
 * and locks the field (docs/product/beads.md); the name must be unique ignoring case, which the server decides.
 * Photos may be taken or chosen too (decision 0016): they are sent to the new bead once it exists, through
 * the queue of offline writes (they wait on the phone if the network goes meanwhile).
 */
export function AddBeadDialog({ open, onClose, onAdded }: AddBeadDialogProps) {
  const addBead = useAddBead();
  const sendPhotos = useSendBeadPhotos();
  const [photos, setPhotos] = useState<Blob[]>([]);
  const actionKey = useActionKey();
  const form = useForm<BeadCreateFormValues, unknown, BeadCreate>({
    resolver: zodResolver(beadCreateFormSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      setPhotos([]);
      actionKey.renew();
    }
  }, [open, form, actionKey.renew]);

  const saleType = form.watch('saleType');
  const onOffer = saleType !== null && saleType !== undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const bead = await addBead.mutateAsync({ body: values, idempotencyKey: actionKey.keyFor(values) });
      actionKey.renew();
      notifySuccess(t.added);
      if (photos.length > 0) {
        sendPhotos(bead.id, photos).then(
          (sent) => notifySuccess(sent.queued ? photoTexts.queued : photoTexts.added(photos.length)),
          (error: unknown) => notifyError(error),
        );
      }
      onAdded?.(bead);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BEAD_NAME_TAKEN') {
        form.setError('name', { message: error.message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.field === 'priceOre') {
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
      title={t.addDialogTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={isSubmitting ? texts.common.adding : texts.common.add}
    >
      <Stack spacing={2.5}>
        <TextField
          label={t.nameLabel}
          required
          autoFocus
          autoComplete="off"
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
          {...form.register('name')}
        />
        <OfferAndPriceFields
          control={form.control}
          setValue={form.setValue}
          priceProps={{
            disabled: onOffer,
            error: Boolean(errors.price),
            helperText: errors.price?.message ?? (onOffer ? t.offerPriceHelper : undefined),
          }}
        />
        <NewBeadPhotos photos={photos} onChange={setPhotos} disabled={isSubmitting} />
      </Stack>
    </FormDialog>
  );
}
