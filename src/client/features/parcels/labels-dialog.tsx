import CloseIcon from '@mui/icons-material/Close';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  type LabelOffset,
  type LabelSheetId,
  labelSheet,
  labelsPerPage,
  MAX_LABEL_OFFSET_MM,
} from '../../../shared/domain/label-sheets.ts';
import { orderStatusLabel } from '../../../shared/domain/order-status.ts';
import type { Parcel, ParcelStatus } from '../../../shared/schemas/api-parcels.ts';
import { texts } from '../../../shared/texts.ts';
import {
  labelsPdfUrl,
  shippingCsvUrl,
  testSheetUrl,
  useParcels,
  useShipParcels,
  useUndoShipment,
} from '../../api/parcels.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { offsetFor, parseMm, readLabelPrefs, saveLabelPrefs } from './label-prefs.ts';
import { AdjustFields, type OffsetText, SheetFields } from './label-settings.tsx';
import { ParcelList, tickedAtFirst } from './parcel-list.tsx';

const p = texts.parcels;

const offsetText = (offset: LabelOffset): OffsetText => ({
  right: String(offset.rightMm).replace('.', ','),
  down: String(offset.downMm).replace('.', ','),
});
const validOffset = (mm: number | null): mm is number => mm !== null && Math.abs(mm) <= MAX_LABEL_OFFSET_MM;

/**
 * 'Adresselabels': the orders of one status (Skal sendes from Ordrer, Skal pakkes from Pakning) with
 * their addresses, a sheet and 'Spring over', 'Justér', and three actions on the ticked orders: 'Hent PDF'
 * (labels made on the server, to print at 100 %), 'Hent CSV' (for a shipping service) and 'Markér som sendt'
 * (with 'Fortryd' in its toast).
 */
export function LabelsDialog({
  open,
  onClose,
  status,
}: {
  open: boolean;
  onClose: () => void;
  status: ParcelStatus;
}) {
  // Below the theme's sm breakpoint (600 px): the whole screen of a phone.
  const fullScreen = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const titleId = useId();
  const parcels = useParcels(status, open);
  const ship = useShipParcels();
  const undo = useUndoShipment();
  const actionKey = useActionKey();

  const [prefs, setPrefs] = useState(readLabelPrefs);
  const sheet = labelSheet(prefs.sheet);
  const [offset, setOffset] = useState(() => offsetText(offsetFor(prefs, sheet.kind)));
  const [skipText, setSkipText] = useState('0');
  const [ticks, setTicks] = useState<ReadonlyMap<string, boolean>>(new Map());

  const remember = (next: typeof prefs) => {
    setPrefs(next);
    saveLabelPrefs(next);
  };
  const chooseSheet = (id: LabelSheetId) => {
    const next = labelSheet(id);
    remember({ ...prefs, sheet: id });
    if (next.kind !== sheet.kind) setOffset(offsetText(offsetFor(prefs, next.kind)));
    if (labelsPerPage(next) === 1) setSkipText('0');
  };
  const right = parseMm(offset.right);
  const down = parseMm(offset.down);
  const offsetOk = validOffset(right) && validOffset(down);
  const changeOffset = (text: OffsetText) => {
    setOffset(text);
    const [r, d] = [parseMm(text.right), parseMm(text.down)];
    if (validOffset(r) && validOffset(d))
      remember({ ...prefs, offsets: { ...prefs.offsets, [sheet.kind]: { rightMm: r, downMm: d } } });
  };
  const maxSkip = labelsPerPage(sheet) - 1;
  const skip = /^\d{1,2}$/.test(skipText.trim()) ? Number(skipText.trim()) : Number.NaN;
  const skipOk = maxSkip === 0 || (Number.isInteger(skip) && skip >= 0 && skip <= maxSkip);

  const list = parcels.data?.parcels ?? [];
  const isTicked = (parcel: Parcel) =>
    parcel.addressState === 'ok' && (ticks.get(parcel.orderId) ?? tickedAtFirst(parcel));
  const chosen = list.filter(isTicked).map((parcel) => parcel.orderId);
  const ready = chosen.length > 0;
  const labelOffset = { rightMm: right ?? 0, downMm: down ?? 0 };
  const pdfHref =
    ready && skipOk && offsetOk
      ? labelsPdfUrl({
          orderIds: chosen,
          sheet: sheet.id,
          skip: maxSkip === 0 ? 0 : skip,
          offset: labelOffset,
        })
      : null;

  const markShipped = async () => {
    const body = { orderIds: chosen };
    try {
      const shipment = await ship.mutateAsync({ body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.renew();
      setTicks(new Map());
      onClose();
      notifySuccess(p.shipped(shipment.orders.length), {
        action: {
          label: p.undo,
          onClick: () =>
            undo.mutateAsync(shipment.shipmentId).then(
              (undone) =>
                notifySuccess(undone.restored.length > 0 ? p.undone(undone.restored.length) : p.undoNothing),
              (error: unknown) => notifyError(error),
            ),
        },
      });
    } catch (error) {
      notifyError(error);
    }
  };

  const statusLabel = orderStatusLabel(status);
  return (
    <Dialog
      open={open}
      onClose={ship.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {p.dialogTitle}
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {parcels.isSuccess ? p.subtitle(statusLabel, list.length) : statusLabel}
          </Typography>
        </Box>
        <IconButton aria-label={p.close} onClick={onClose} disabled={ship.isPending}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <SheetFields
            sheet={sheet}
            onSheet={chooseSheet}
            skipText={skipText}
            onSkip={setSkipText}
            skipError={!skipOk}
          />
          <AdjustFields
            offset={offset}
            onOffset={changeOffset}
            errors={{ right: !validOffset(right), down: !validOffset(down) }}
            testSheetHref={offsetOk ? testSheetUrl(sheet.id, labelOffset) : null}
          />
          <Alert severity="info" icon={<PrintOutlinedIcon fontSize="inherit" />}>
            {p.printNote}
          </Alert>
          {parcels.isPending ? (
            <LoadingState label={p.loading} />
          ) : parcels.isError ? (
            <EmptyState
              title={p.loadFailed}
              description={parcels.error.message}
              actions={
                <Button variant="outlined" onClick={() => parcels.refetch()}>
                  {p.retry}
                </Button>
              }
            />
          ) : list.length === 0 ? (
            <EmptyState icon={<LocalShippingOutlinedIcon />} title={p.empty} description={p.emptyBody} />
          ) : (
            <ParcelList
              parcels={list}
              isTicked={isTicked}
              onTick={(parcel, ticked) => setTicks((before) => new Map(before).set(parcel.orderId, ticked))}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions
        sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        {!ready && parcels.isSuccess && list.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
            {p.noneSelected}
          </Typography>
        )}
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          component="a"
          href={pdfHref ?? undefined}
          download={p.pdfFile}
          disabled={pdfHref === null}
        >
          {p.downloadPdf}
        </Button>
        <Button
          variant="outlined"
          startIcon={<TableViewOutlinedIcon />}
          component="a"
          href={ready ? shippingCsvUrl(chosen) : undefined}
          download={p.csvFile}
          disabled={!ready}
        >
          {p.downloadCsv}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<LocalShippingOutlinedIcon />}
          onClick={() => void markShipped()}
          disabled={!ready || ship.isPending}
        >
          {ship.isPending ? p.marking : p.markShipped}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
