import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useDeferredValue, useMemo, useState } from 'react';
import { isListedBead } from '../../../shared/domain/bead-rules.ts';
import { type MessageProposal, readMessage } from '../../../shared/domain/message-reading.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import { MAX_MESSAGE_QUANTITY, type MessageItem } from '../../../shared/schemas/message-lines.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useAddMessageLines, useUndoMessageLines } from '../../api/messages.ts';
import { BeadPicker, matchingBeads } from '../../components/bead-picker.tsx';
import { BeadThumb } from '../../components/bead-thumb.tsx';
import { StockText } from '../../components/stock-text.tsx';
import { newIdempotencyKey, useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const t = texts.paste;

/** A proposal as she has changed it: another bead, another quantity, or removed. */
type Row = { key: number; proposal: MessageProposal; beadId: string | null; quantity: number };
type Edit = { beadId?: string; quantity?: number; removed?: true };

/** Sold out, or waiting for its price: offered as a todo ('Læg på todo'), not as a line. */
export function goesOnTodo(bead: Pick<Bead, 'priceOre' | 'stock'>): boolean {
  return bead.priceOre === 0 || (bead.stock !== null && bead.stock <= 0);
}

/**
 * 'Indsæt besked' (issue 46, docs/product/messages.md): she pastes what the customer wrote, the dialog proposes
 * the beads it asks for as she types (read on the phone, no request), she adjusts them, and 'Tilføj N varer'
 * adds them to the customer's active order in one idempotent request, with 'Fortryd'.
 */
export function PasteMessageDialog({
  customer,
  open,
  onClose,
  initialText = '',
}: {
  customer: { id: string; name: string };
  open: boolean;
  onClose: () => void;
  /** A message shared into the app (Android's share target). */
  initialText?: string;
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
      aria-labelledby="paste-message-title"
    >
      {/* Mounted only while open: every opening starts with the message it is given. */}
      {open && <PasteMessageForm customer={customer} onClose={onClose} initialText={initialText} />}
    </Dialog>
  );
}

function PasteMessageForm({
  customer,
  onClose,
  initialText,
}: {
  customer: { id: string; name: string };
  onClose: () => void;
  initialText: string;
}) {
  const [text, setText] = useState(initialText);
  const message = useDeferredValue(text);
  const [edits, setEdits] = useState<{ message: string; byKey: Record<number, Edit> }>({
    message: '',
    byKey: {},
  });
  const [picking, setPicking] = useState<number | null>(null);
  const beads = useBeads();
  const addLines = useAddMessageLines(customer.id);
  const undoLines = useUndoMessageLines(customer.id);
  const actionKey = useActionKey();

  // Every bead she sells or has written down, 0-kr ones included (they go on the todo).
  const catalogue = useMemo(() => (beads.data ?? []).filter((bead) => !bead.isDeleted), [beads.data]);
  const byId = useMemo(() => new Map(catalogue.map((bead) => [bead.id, bead])), [catalogue]);
  const reading = useMemo(() => readMessage(message, catalogue), [message, catalogue]);
  // Her changes belong to the message they were made on: another message starts from its own proposals.
  const changes = edits.message === message ? edits.byKey : {};
  const edit = (key: number, change: Edit) =>
    setEdits({ message, byKey: { ...changes, [key]: { ...changes[key], ...change } } });

  const rows: Row[] = reading.proposals.flatMap((proposal, key) => {
    const change = changes[key];
    if (change?.removed) return [];
    return [
      {
        key,
        proposal,
        beadId: change?.beadId ?? proposal.beadId,
        quantity: change?.quantity ?? proposal.quantity,
      },
    ];
  });
  const items: MessageItem[] = rows.flatMap((row) => {
    const bead = row.beadId === null ? undefined : byId.get(row.beadId);
    if (!bead) return [];
    return [{ beadId: bead.id, quantity: row.quantity, as: goesOnTodo(bead) ? 'todo' : 'line' }];
  });
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const unresolved = rows.some((row) => row.beadId === null);

  const submit = async () => {
    if (items.length === 0) return;
    const body = { items };
    let answer: Awaited<ReturnType<typeof addLines.mutateAsync>>;
    try {
      answer = await addLines.mutateAsync({ body, idempotencyKey: actionKey.keyFor(body) });
    } catch (error) {
      notifyError(error);
      return;
    }
    actionKey.renew();
    const todoCount = items
      .filter((item) => item.as === 'todo')
      .reduce((sum, item) => sum + item.quantity, 0);
    const undoKey = newIdempotencyKey();
    notifySuccess(t.added(answer.lineIds.length, todoCount), {
      action: {
        label: texts.orders.undo,
        onClick: () => {
          undoLines
            .mutateAsync({
              body: { lineIds: answer.lineIds, todos: answer.todos },
              idempotencyKey: undoKey,
            })
            .then(() => notifySuccess(t.undone), notifyError);
        },
      },
    });
    onClose();
  };

  const pickingRow = rows.find((row) => row.key === picking) ?? null;
  return (
    <>
      <DialogTitle id="paste-message-title" sx={{ pb: 0.5 }}>
        {t.title}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {customer.name}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '12px !important' }}>
        <TextField
          label={t.messageLabel}
          placeholder={t.messagePlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          maxRows={8}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 4000, 'aria-describedby': 'paste-message-result' } }}
        />
        <Box id="paste-message-result" aria-live="polite">
          {beads.isPending ? (
            <Typography color="text.secondary">{t.loadingBeads}</Typography>
          ) : message.trim() === '' ? (
            <Typography color="text.secondary">{t.nothingYet}</Typography>
          ) : (
            <Stack spacing={1.5}>
              {rows.length === 0 && reading.proposals.length === 0 && (
                <Typography color="text.secondary">{t.noneFound}</Typography>
              )}
              {rows.length > 0 && (
                <Box component="ul" aria-label={t.proposals} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {rows.map((row) => (
                    <ProposalRow
                      key={row.key}
                      row={row}
                      bead={row.beadId === null ? undefined : byId.get(row.beadId)}
                      candidates={row.proposal.candidates.flatMap((id) => byId.get(id) ?? [])}
                      onQuantity={(quantity) => edit(row.key, { quantity })}
                      onBead={(beadId) => edit(row.key, { beadId })}
                      onPick={() => setPicking(row.key)}
                      onRemove={() => edit(row.key, { removed: true })}
                    />
                  ))}
                </Box>
              )}
              {reading.unrecognised.length > 0 && (
                <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
                  {t.unrecognised(reading.unrecognised.join(', '))}
                </Alert>
              )}
            </Stack>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={addLines.isPending}>
          {texts.common.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={count === 0 || addLines.isPending}
          title={unresolved ? t.choose : undefined}
        >
          {t.add(count)}
        </Button>
      </DialogActions>
      <PickBeadDialog
        open={pickingRow !== null}
        beads={catalogue}
        value={pickingRow?.beadId ?? null}
        onClose={() => setPicking(null)}
        onPick={(bead) => {
          if (pickingRow) edit(pickingRow.key, { beadId: bead.id });
          setPicking(null);
        }}
      />
    </>
  );
}

function ProposalRow({
  row,
  bead,
  candidates,
  onQuantity,
  onBead,
  onPick,
  onRemove,
}: {
  row: Row;
  bead: Bead | undefined;
  candidates: Bead[];
  onQuantity: (quantity: number) => void;
  onBead: (beadId: string) => void;
  onPick: () => void;
  onRemove: () => void;
}) {
  const name = bead?.name ?? row.proposal.words;
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      {bead ? (
        <BeadThumb photoId={bead.photoId} name={bead.name} size={44} rounded="square" />
      ) : (
        <Box sx={{ width: 44, flexShrink: 0 }} />
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        {bead ? (
          <>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{bead.name}</Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography component="span" variant="body2" color="text.secondary">
                {bead.priceOre > 0 ? formatKr(bead.priceOre) : t.toTodoNoPrice}
              </Typography>
              {bead.priceOre > 0 && <StockText stock={bead.stock} />}
              {goesOnTodo(bead) && <Chip size="small" color="warning" variant="outlined" label={t.toTodo} />}
            </Box>
            <Button size="small" onClick={onPick} sx={{ px: 0.5, minWidth: 0, mt: 0.25 }}>
              {t.change}
            </Button>
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t.chooseWhich(row.proposal.words)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
              {candidates.map((candidate) => (
                <Chip key={candidate.id} label={candidate.name} onClick={() => onBead(candidate.id)} />
              ))}
              <Chip label={t.choose} variant="outlined" onClick={onPick} />
            </Box>
          </>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
        <IconButton
          size="small"
          aria-label={t.fewer}
          disabled={row.quantity <= 1}
          onClick={() => onQuantity(row.quantity - 1)}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <Typography
          aria-label={t.quantityLabel(name)}
          sx={{ minWidth: 24, textAlign: 'center', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
        >
          {row.quantity}
        </Typography>
        <IconButton
          size="small"
          aria-label={t.more}
          disabled={row.quantity >= MAX_MESSAGE_QUANTITY}
          onClick={() => onQuantity(row.quantity + 1)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t.removeLabel(name)} onClick={onRemove} sx={{ ml: 0.5 }}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}

function PickBeadDialog({
  open,
  beads,
  value,
  onClose,
  onPick,
}: {
  open: boolean;
  beads: readonly Bead[];
  value: string | null;
  onClose: () => void;
  onPick: (bead: Bead) => void;
}) {
  const [search, setSearch] = useState('');
  const listed = useMemo(() => beads.filter(isListedBead), [beads]);
  const visible = useMemo(() => matchingBeads(listed, search), [listed, search]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="paste-pick-title">
      <DialogTitle id="paste-pick-title">{t.pickerTitle}</DialogTitle>
      <DialogContent>
        <BeadPicker
          beads={visible}
          loading={false}
          search={search}
          onSearchChange={setSearch}
          value={value}
          onChange={onPick}
          label={texts.beads.title}
          searchPlaceholder={t.searchBeads}
          loadingText={t.loadingBeads}
          emptyText={texts.beads.noneFound}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.common.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}
