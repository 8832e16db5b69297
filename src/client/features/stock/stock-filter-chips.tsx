import { Box, Chip } from '@mui/material';
import { isLowStock, isSoldOut } from '../../../shared/domain/stock.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.stock;

/** Nåle's stock filters (docs/product/stock.md): counted beads at 0 or below, or at or below 'Få tilbage'. */
export type StockFilter = 'soldOut' | 'low';

/** The rows a filter keeps; null when none is on. */
export function stockFilterKeep(
  filter: StockFilter | null,
  threshold: number,
): ((bead: { stock: number | null }) => boolean) | null {
  if (filter === 'soldOut') return (bead) => isSoldOut(bead.stock);
  if (filter === 'low') return (bead) => isLowStock(bead.stock, threshold);
  return null;
}

/** "Udsolgt" and "Få tilbage" as two toggles: one at a time, a second tap turns it off. */
export function StockFilterChips({
  value,
  onChange,
}: {
  value: StockFilter | null;
  onChange: (filter: StockFilter | null) => void;
}) {
  const chip = (filter: StockFilter, label: string) => (
    <Chip
      label={label}
      clickable
      color={value === filter ? 'primary' : 'default'}
      variant={value === filter ? 'filled' : 'outlined'}
      aria-pressed={value === filter}
      onClick={() => onChange(value === filter ? null : filter)}
    />
  );
  return (
    <Box role="group" aria-label={t.filtersLabel} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {chip('soldOut', t.soldOutFilter)}
      {chip('low', t.lowStockFilter)}
    </Box>
  );
}
