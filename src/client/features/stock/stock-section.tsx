import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { Box, Button, Divider, Typography } from '@mui/material';
import { useState } from 'react';
import { stockRowLabel } from '../../../shared/domain/stock.ts';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { texts } from '../../../shared/texts.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';

const StockMoveDialog = lazyDialog(async () => (await import('./stock-move-dialog.tsx')).StockMoveDialog);
const ReceivedDialog = lazyDialog(async () => (await import('./received-dialog.tsx')).ReceivedDialog);

const t = texts.stock;

type Open = 'count' | 'received' | 'adjust' | null;

/**
 * The bead page's 'Lager' row (docs/product/stock.md): "12 stk.", "Ikke talt" or "mangler 2", and her three
 * movements. 'Ret' needs a count to correct, so a bead never counted offers 'Optælling' and 'Modtaget' only.
 */
export function StockSection({ bead }: { bead: BeadWithTodos }) {
  const [open, setOpen] = useState<Open>(null);
  const [lastKind, setLastKind] = useState<'count' | 'adjust'>('count');
  const show = (which: Exclude<Open, null>) => {
    if (which !== 'received') setLastKind(which);
    setOpen(which);
  };
  const counted = bead.stock !== null;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25 }}>
        <Typography component="dt" color="text.secondary">
          {t.rowLabel}
        </Typography>
        <Typography
          component="dd"
          sx={{
            m: 0,
            fontWeight: 600,
            textAlign: 'right',
            color: counted && (bead.stock ?? 0) <= 0 ? 'error.main' : undefined,
          }}
        >
          {stockRowLabel(bead.stock)}
        </Typography>
      </Box>
      <Box component="dd" sx={{ m: 0, pb: 1.25, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FactCheckOutlinedIcon />}
          onClick={() => show('count')}
        >
          {t.actions.count}
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddBoxOutlinedIcon />}
          onClick={() => show('received')}
        >
          {t.actions.received}
        </Button>
        {counted && (
          <Button variant="outlined" size="small" startIcon={<EditNoteIcon />} onClick={() => show('adjust')}>
            {t.actions.adjust}
          </Button>
        )}
      </Box>
      <Divider />
      <StockMoveDialog
        open={open === 'count' || open === 'adjust'}
        kind={lastKind}
        bead={bead}
        onClose={() => setOpen(null)}
      />
      <ReceivedDialog open={open === 'received'} bead={bead} onClose={() => setOpen(null)} />
    </>
  );
}
