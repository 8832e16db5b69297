import CloseIcon from '@mui/icons-material/Close';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
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
import { Fragment, useId, useRef, useState } from 'react';
import { texts } from '../../../shared/texts.ts';
import { useImportTrackingNumbers } from '../../api/outgoing.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import type { ShippedOrder } from './shipped-orders.ts';
import { ShippedText } from './shipped-text.tsx';

const o = texts.outgoing;

/**
 * 'Din pakke er sendt' after 'Markér som sendt' (docs/product/messages.md#texts-that-go-out): one ready text per
 * order, each with its Pakkenummer to type or paste, or all read at once from the shipping service's export.
 */
export function ShippedTextsDialog({
  open,
  orders,
  onClose,
}: {
  open: boolean;
  /** The orders just shipped. */
  orders: readonly ShippedOrder[];
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const read = useImportTrackingNumbers();
  // What was saved here since the dialog opened (the orders are as 'Markér som sendt' left them).
  const [numbers, setNumbers] = useState<ReadonlyMap<string, string | null>>(new Map());

  const readFile = async (file: File) => {
    try {
      const result = await read.mutateAsync(await file.text());
      setNumbers((before) => {
        const next = new Map(before);
        for (const entry of result.updated) next.set(entry.orderId, entry.trackingNumber);
        return next;
      });
      if (result.updated.length === 0) notifyWarning(o.tracking.csvNone);
      else if (result.unknown.length > 0)
        notifyWarning(
          o.tracking.csvUnknown(result.unknown.length),
          o.tracking.csvRead(result.updated.length),
        );
      else notifySuccess(o.tracking.csvRead(result.updated.length));
    } catch (error) {
      notifyError(error);
    }
  };

  const list = orders;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setNumbers(new Map()) } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{o.shippedTitle}</Box>
        <IconButton aria-label={o.shippedDialog.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">{o.shippedDialog.intro}</Typography>
          <Box>
            <input
              ref={fileRef}
              type="file"
              accept=".csv,text/csv,text/plain"
              hidden
              aria-label={o.tracking.readCsv}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void readFile(file);
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              onClick={() => fileRef.current?.click()}
              disabled={read.isPending}
            >
              {read.isPending ? o.tracking.reading : o.tracking.readCsv}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {o.tracking.readCsvHelper}
            </Typography>
          </Box>
          {list.map((order, index) => (
            <Fragment key={order.orderId}>
              {index > 0 && <Divider />}
              <ShippedText
                title={order.customerName ?? texts.customers.unknownCustomer}
                order={{
                  ...order,
                  trackingNumber: numbers.has(order.orderId)
                    ? (numbers.get(order.orderId) ?? null)
                    : order.trackingNumber,
                }}
                onSaved={(trackingNumber) =>
                  setNumbers((before) => new Map(before).set(order.orderId, trackingNumber))
                }
              />
            </Fragment>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {o.shippedDialog.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
