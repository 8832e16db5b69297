import { zodResolver } from '@hookform/resolvers/zod';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  ListItemButton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { filterByName } from '../../../shared/domain/collation.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import {
  type FreeLineFormValues,
  freeLineFormSchema,
  type OrderLineCreate,
} from '../../../shared/schemas/order-line.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useAddLine } from '../../api/orders.ts';
import { SearchBox } from '../../components/search-box.tsx';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

type FreeLine = Extract<OrderLineCreate, { kind: 'free' }>;
type TabName = 'bead' | 'free';

/**
 * 'Tilføj linje': a bead from the catalogue (tab Perle) or a free line with text and price (tab Linje),
 * added to the customer's active order, which the API creates when there is none.
 */
export function AddLineDialog({
  customerId,
  open,
  onClose,
}: {
  customerId: string;
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
      {open && <AddLineForm customerId={customerId} onClose={onClose} />}
    </Dialog>
  );
}

function AddLineForm({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const [tab, setTab] = useState<TabName>('bead');
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [beadError, setBeadError] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLInputElement | null>(null);
  const beads = useBeads();
  const addLine = useAddLine(customerId);
  const actionKey = useActionKey();
  const form = useForm<FreeLineFormValues, unknown, FreeLine>({
    resolver: zodResolver(freeLineFormSchema),
    defaultValues: { text: '', price: '' },
  });

  const sellable = useMemo(
    () => (beads.data ?? []).filter((bead) => !bead.isDeleted && bead.priceOre > 0),
    [beads.data],
  );
  const visible = useMemo(() => filterByName(sellable, search, (bead) => bead.name), [sellable, search]);
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
    try {
      await addLine.mutateAsync({ body: line, idempotencyKey: actionKey.keyFor(line) });
    } catch (error) {
      notifyError(error);
      return;
    }
    actionKey.renew();
    notifySuccess(texts.lines.added);
    if (keepOpen) startOver();
    else onClose();
  };

  const submit = (keepOpen: boolean) => {
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

  const moveChoice = (step: number) => {
    if (visible.length === 0) return;
    const index = chosen ? visible.indexOf(chosen) : -1;
    const next = visible[Math.min(visible.length - 1, Math.max(0, index + step))];
    if (next) choose(next);
  };

  const { ref: textFieldRef, ...textField } = form.register('text');
  const { ref: priceFieldRef, ...priceField } = form.register('price');
  const { errors } = form.formState;
  const busy = addLine.isPending;
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
      </Tabs>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', pt: '16px !important' }}>
        {tab === 'bead' ? (
          <Box
            role="tabpanel"
            id="add-line-panel-bead"
            aria-labelledby="add-line-tab-bead"
            sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0, flexGrow: 1 }}
          >
            <Box
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  moveChoice(event.key === 'ArrowDown' ? 1 : -1);
                }
              }}
            >
              <SearchBox
                ref={searchRef}
                value={search}
                onChange={setSearch}
                placeholder={texts.lines.searchBeads}
              />
            </Box>
            {beadError && (
              <Typography role="alert" color="error" variant="body2">
                {beadError}
              </Typography>
            )}
            <BeadOptions
              loading={beads.isPending}
              beads={visible}
              chosenId={chosen?.id ?? null}
              onChoose={choose}
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
        <Button variant="outlined" onClick={() => submit(true)} disabled={busy}>
          {texts.lines.addAndNew}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {texts.lines.add}
        </Button>
      </DialogActions>
    </Box>
  );
}

const optionId = (beadId: string) => `add-line-bead-${beadId}`;
const OPTION_HEIGHT = 44;

function BeadOptions({
  loading,
  beads,
  chosenId,
  onChoose,
}: {
  loading: boolean;
  beads: Bead[];
  chosenId: string | null;
  onChoose: (bead: Bead) => void;
}) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // A big shop has thousands of beads: only the rows in view are rendered.
  const virtualizer = useVirtualizer({
    count: beads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => OPTION_HEIGHT,
    overscan: 6,
  });
  const chosenIndex = chosenId ? beads.findIndex((bead) => bead.id === chosenId) : -1;
  useEffect(() => {
    if (chosenIndex >= 0) virtualizer.scrollToIndex(chosenIndex, { align: 'auto' });
  }, [chosenIndex, virtualizer]);

  if (loading) {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 3, justifyContent: 'center' }}
      >
        <CircularProgress size={20} />
        <Typography color="text.secondary">{texts.beads.loading}</Typography>
      </Box>
    );
  }
  if (beads.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {texts.beads.noneFound}
      </Typography>
    );
  }
  return (
    <Box
      ref={scrollRef}
      role="listbox"
      aria-label={texts.beads.title}
      sx={{
        overflowY: 'auto',
        maxHeight: { xs: 'none', sm: 300 },
        flexGrow: 1,
        minHeight: { xs: 0, sm: 'auto' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const bead = beads[row.index];
          if (!bead) return null;
          const selected = bead.id === chosenId;
          return (
            <ListItemButton
              key={bead.id}
              id={optionId(bead.id)}
              role="option"
              aria-selected={selected}
              aria-setsize={beads.length}
              aria-posinset={row.index + 1}
              selected={selected}
              onClick={() => onChoose(bead)}
              sx={{ gap: 1.5, position: 'absolute', top: 0, left: 0, width: '100%', height: OPTION_HEIGHT }}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {selected ? (
                <RadioButtonCheckedIcon fontSize="small" color="primary" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'action.disabled' }} aria-hidden />
              )}
              <Typography noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
                {bead.name}
              </Typography>
              {bead.saleType && (
                <LocalOfferOutlinedIcon
                  titleAccess={texts.beads.onOffer}
                  fontSize="small"
                  sx={{ color: 'primary.main' }}
                />
              )}
              <Typography
                color="text.secondary"
                sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {formatKr(bead.priceOre)}
              </Typography>
            </ListItemButton>
          );
        })}
      </Box>
    </Box>
  );
}
