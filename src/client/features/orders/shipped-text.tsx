import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import {
  cleanTrackingNumber,
  DEFAULT_MESSAGE_SETTINGS,
  shippedText,
} from '../../../shared/domain/outgoing-texts.ts';
import { trackingNumberSchema } from '../../../shared/schemas/outgoing.ts';
import { texts } from '../../../shared/texts.ts';
import { useMessageSettings, useSetTrackingNumber } from '../../api/outgoing.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ReadyText } from './ready-text.tsx';
import type { ShippedOrder } from './shipped-orders.ts';

const tr = texts.outgoing.tracking;

/**
 * 'Pakkenummer' of one order: typed or pasted, saved with 'Gem' or Enter (and at once when pasted into an empty
 * field, the usual way). Checked as the server checks it (trackingNumberSchema), so a refusal shows under the field.
 */
export function TrackingNumberField({
  orderId,
  saved,
  onSaved,
}: {
  orderId: string;
  saved: string | null;
  onSaved?: (trackingNumber: string | null) => void;
}) {
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  const set = useSetTrackingNumber();
  useEffect(() => setValue(saved ?? ''), [saved]);

  const save = async (typed: string) => {
    const parsed = trackingNumberSchema.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? texts.outgoing.errors.trackingInvalid);
      return;
    }
    setError(null);
    if (parsed.data === (saved ?? null)) return;
    try {
      const order = await set.mutateAsync({ orderId, trackingNumber: parsed.data });
      setValue(order.trackingNumber ?? '');
      onSaved?.(order.trackingNumber);
      notifySuccess(order.trackingNumber ? tr.saved : tr.removed);
    } catch (caught) {
      notifyError(caught);
    }
  };

  const changed = (cleanTrackingNumber(value) ?? null) !== (saved ?? null);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(value);
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label={tr.label}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onPaste={(event) => {
          // Pasted into an empty field: saved at once (the number comes from the carrier's mail or app).
          const pasted = event.clipboardData.getData('text');
          if (value.trim() === '' && pasted.trim() !== '') {
            event.preventDefault();
            setValue(pasted.trim());
            void save(pasted);
          }
        }}
        error={error !== null}
        helperText={error ?? tr.helper}
        autoComplete="off"
        size="small"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        sx={{ flexGrow: 1 }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<SaveIcon />}
        disabled={set.isPending || !changed}
        sx={{ mt: 0.25 }}
      >
        {tr.save}
      </Button>
    </Box>
  );
}

/** 'Din pakke er sendt' for one order: its Pakkenummer and the ready text with the tracking link. */
export function ShippedText({
  order,
  title = texts.outgoing.shippedTitle,
  onSaved,
}: {
  order: ShippedOrder;
  title?: string;
  onSaved?: (trackingNumber: string | null) => void;
}) {
  const id = useId();
  const settings = useMessageSettings();
  const text = shippedText(settings.data ?? DEFAULT_MESSAGE_SETTINGS, order);
  return (
    <Box
      role="group"
      aria-labelledby={`${id}-label`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <span id={`${id}-label`} hidden>
        {title}
      </span>
      <TrackingNumberField orderId={order.orderId} saved={order.trackingNumber} onSaved={onSaved} />
      <ReadyText title={title} text={text} note={order.trackingNumber ? null : texts.outgoing.ready.noLink} />
    </Box>
  );
}
