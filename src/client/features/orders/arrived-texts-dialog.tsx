import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Fragment, useEffect, useId, useState } from 'react';
import { arrivedText, DEFAULT_MESSAGE_SETTINGS } from '../../../shared/domain/outgoing-texts.ts';
import { texts } from '../../../shared/texts.ts';
import { useMessageSettings } from '../../api/outgoing.ts';
import { photoUrl } from '../../lib/photo-url.ts';
import { canShareFile, fetchShareFile } from '../../lib/share-photo.ts';
import { ReadyText } from './ready-text.tsx';

const o = texts.outgoing;

/** A customer whose todo of the bead was filled. */
export type ArrivedCustomer = { customerId: string; customerName: string };

/** The bead's photo as a file to share, fetched while the list shows (the share must happen inside the tap). */
function useShareFile(photoId: string | null, name: string, enabled: boolean): File | null {
  const [file, setFile] = useState<{ id: string; file: File } | null>(null);
  useEffect(() => {
    if (!photoId || !enabled) return;
    let gone = false;
    fetchShareFile(photoUrl(photoId, 'jpeg'), `${name}.jpg`).then(
      (fetched) => {
        if (!gone) setFile({ id: photoId, file: fetched });
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [photoId, name, enabled]);
  return file && file.id === photoId ? file.file : null;
}

/**
 * 'Din perle er kommet' after 'Læg i kundernes ordrer' (docs/product/messages.md#texts-that-go-out): one ready text
 * per customer whose todo was filled, each with 'Kopiér' and 'Del'; where the phone shares files, 'Del' sends the
 * bead's photo along.
 */
export function ArrivedTextsDialog({
  open,
  customers,
  bead,
  onClose,
}: {
  open: boolean;
  customers: readonly ArrivedCustomer[];
  bead: { name: string; photoId: string | null };
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const titleId = useId();
  const settings = useMessageSettings();
  const file = useShareFile(bead.photoId, bead.name, open);
  const withPhoto = file !== null && canShareFile(file);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{o.arrivedTitle}</Box>
        <IconButton aria-label={o.arrivedDialog.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {o.arrivedDialog.intro(customers.length)}
            {withPhoto ? `. ${o.arrivedDialog.withPhoto}.` : ''}
          </Typography>
          {customers.map((customer, index) => (
            <Fragment key={customer.customerId}>
              {index > 0 && <Divider />}
              <ReadyText
                title={customer.customerName}
                text={arrivedText(settings.data ?? DEFAULT_MESSAGE_SETTINGS, {
                  customerName: customer.customerName,
                  beadName: bead.name,
                })}
                file={file}
              />
            </Fragment>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {o.arrivedDialog.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
