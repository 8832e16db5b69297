import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  Tab,
  Tabs,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isListedBead } from '../../../shared/domain/bead-rules.ts';
import { stockWarning } from '../../../shared/domain/stock.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import {
  type FreeLineFormValues,
  freeLineFormSchema,
  type OrderLineCreate,
} from '../../../shared/schemas/order-line.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useAddLine } from '../../api/orders.ts';
import { BeadPicker, matchingBeads } from '../../components/bead-picker.tsx';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { DiscountFields, useDiscountForm } from './discount-fields.tsx';

type FreeLine = Extract<OrderLineCreate, { kind: 'free' }>;
type TabName = 'bead' | 'free' | 'discount';

/**
 * 'Tilføj linje': a bead from the catalogue (tab Perle) or a free line with text and price (tab Linje),
 * added to the customer's active order, which the API creates when there is none; or the active order's
 * 'Rabat' (tab Rabat, docs/product/money.md), once the order is there.
 */
export function AddLineDialog({
  customerId,
  activeOrderId = null,
  open,
  onClose,
}: {
  customerId: string;
  /** The customer's active order, which a 'Rabat' goes on (none yet: the tab is off). */
  activeOrderId?: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="add-line-title"
    >
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {open && <AddLineForm customerId={customerId} activeOrderId={activeOrderId} onClose={onClose} />}
    </Dialog>
  );
}

function AddLineForm({
  customerId,
  activeOrderId,
  onClose,
}: {
  customerId: string;
  activeOrderId: string | null;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<TabName>('bead');
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [beadError, setBeadError] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLInputElement | null>(null);
  const beads = useBeads();
  const addLine = useAddLine(customerId);
  const discountForm = useDiscountForm(customerId, activeOrderId, onClose);
  const actionKey = useActionKey();
  const form = useForm<FreeLineFormValues, unknown, FreeLine>({
    resolver: zodResolver(freeLineFormSchema),
    defaultValues: { text: '', price: '' },
  });

  const listed = useMemo(() => (beads.data ?? []).filter(isListedBead), [beads.data]);
  const visible = useMemo(() => matchingBeads(listed, search), [listed, search]);
  // A bead hidden by the search is no longer chosen: nothing is added that the owner cannot see.
  const chosen = visible.find((bead) => bead.id === chosenId) ?? null;

  const choose = (bead: Bead | null) => {
    setChosenId(bead?.id ?? null);
    if (bead) setBeadError(null);
  };

  const startOver = () => {
    if (tab === 'bead') {
      setSearch('');
      setChosenId(null);
      requestAnimationFrame(() => searchRef.current?.focus());
    } else {
      form.reset({ text: '', price: '' });
      requestAnimationFrame(() => textRef.current?.focus());
    }
  };

  const add = async (line: OrderLineCreate, keepOpen: boolean) => {
    // Never refused for lack of stock, but she is told (docs/product/stock.md).
    const warning = line.kind === 'bead' ? stockWarning(chosen?.stock ?? null, 1) : null;
    let queued: boolean;
    try {
      // Offline the line waits for the network: the dialog does not wait with it.
      ({ queued } = await addLine.send({ body: line, idempotencyKey: actionKey.keyFor(line) }));
    } catch (error) {
      notifyError(error);
      return;
    }
    actionKey.renew();
    if (warning) notifyWarning(warning, queued ? texts.offline.queued : texts.lines.added);
    else notifySuccess(queued ? texts.offline.queued : texts.lines.added);
    if (keepOpen) startOver();
    else onClose();
  };

  const submit = (keepOpen: boolean) => {
    if (tab === 'discount') {
      discountForm.submit();
      return;
    }
    if (tab === 'bead') {
      if (!chosen) {
        setBeadError(texts.lines.beadRequired);
        searchRef.current?.focus();
        return;
      }
      void add({ kind: 'bead', beadId: chosen.id }, keepOpen);
      return;
    }
    void form.handleSubmit((line) => add(line, keepOpen))();
  };

  const { ref: textFieldRef, ...textField } = form.register('text');
  const { ref: priceFieldRef, ...priceField } = form.register('price');
  const { errors } = form.formState;
  const busy = addLine.busy || discountForm.busy;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 }}
    >
      <DialogTitle id="add-line-title" sx={{ pb: 0 }}>
        {texts.lines.addDialogTitle}
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setTab(value)}
        variant="fullWidth"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="bead"
          label={texts.lines.tabBead}
          id="add-line-tab-bead"
          aria-controls="add-line-panel-bead"
        />
        <Tab
          value="free"
          label={texts.lines.tabLine}
          id="add-line-tab-free"
          aria-controls="add-line-panel-free"
        />
        <Tab
          value="discount"
          label={texts.money.discountTab}
          id="add-line-tab-discount"
          aria-controls="add-line-panel-discount"
          disabled={activeOrderId === null}
        />
      </Tabs>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', pt: '16px !important' }}>
        {tab === 'discount' ? (
          <DiscountFields form={discountForm} />
        ) : tab === 'bead' ? (
          <Box
            role="tabpanel"
            id="add-line-panel-bead"
            aria-labelledby="add-line-tab-bead"
            sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0, flexGrow: 1 }}
          >
            <BeadPicker
              beads={listed}
              loading={beads.isPending}
              search={search}
              onSearchChange={setSearch}
              value={chosen?.id ?? null}
              onChange={choose}
              label={texts.beads.title}
              searchPlaceholder={texts.lines.searchBeads}
              loadingText={texts.beads.loading}
              emptyText={texts.beads.noneFound}
              error={beadError}
              searchRef={searchRef}
              autoFocus
              size="fill"
            />
          </Box>
        ) : (
          <Stack
            role="tabpanel"
            id="add-line-panel-free"
            aria-labelledby="add-line-tab-free"
            spacing={2}
            sx={{ pt: 0.5 }}
          >
            <TextField
              label={texts.lines.textLabel}
              required
              autoFocus
              autoComplete="off"
              error={Boolean(errors.text)}
              helperText={errors.text?.message}
              {...textField}
              inputRef={(element: HTMLInputElement | null) => {
                textFieldRef(element);
                textRef.current = element;
              }}
            />
            <TextField
              label={texts.lines.priceLabel}
              required
              autoComplete="off"
              error={Boolean(errors.price)}
              helperText={errors.price?.message}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> },
              }}
              {...priceField}
              inputRef={priceFieldRef}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy}>
          {texts.common.cancel}
        </Button>
        {tab !== 'discount' && (
          <Button variant="outlined" onClick={() => submit(true)} disabled={busy}>
            {texts.lines.addAndNew}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {texts.lines.add}
        </Button>
      </DialogActions>
    </Box>
  );
}
