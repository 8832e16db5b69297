import GrainIcon from '@mui/icons-material/Grain';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { isListedBead } from '../../../shared/domain/bead-rules.ts';
import { searchKey } from '../../../shared/domain/collation.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../shared/domain/stock.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useShopSettings } from '../../api/settings.ts';
import {
  type AlphabeticalListKind,
  AlphabeticalListPage,
  type ListFilter,
} from '../../components/alphabetical-list-page.tsx';
import { BeadThumb } from '../../components/bead-thumb.tsx';
import { GroupedListRow } from '../../components/grouped-list-row.tsx';
import { StockText } from '../../components/stock-text.tsx';
import { priceText } from '../../features/beads/bead-format.ts';
import {
  type StockFilter,
  StockFilterChips,
  stockFilterKeep,
} from '../../features/stock/stock-filter-chips.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';

const AddBeadDialog = lazyDialog(
  async () => (await import('../../features/beads/add-bead-dialog.tsx')).AddBeadDialog,
);

const t = texts.beads;

function renderBead(bead: Bead) {
  return (
    <GroupedListRow
      to={pathOf(screens.bead, { id: bead.id })}
      name={bead.name}
      avatar={<BeadThumb photoId={bead.photoId} name={bead.name} />}
      title={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {bead.name}
          </Typography>
          {bead.saleType && (
            <LocalOfferIcon titleAccess={t.onOffer} fontSize="small" sx={{ color: 'warning.main' }} />
          )}
        </Box>
      }
      subtitle={
        bead.stock === null ? (
          priceText(bead)
        ) : (
          <>
            {priceText(bead)} · <StockText stock={bead.stock} />
          </>
        )
      }
    />
  );
}

const beadList: AlphabeticalListKind<Bead> = {
  texts: t,
  isListed: isListedBead,
  nameOf: (bead) => bead.name,
  searchKeyOf: (bead) => searchKey(bead.name),
  idOf: (bead) => bead.id,
  renderRow: renderBead,
  emptyIcon: <GrainIcon />,
  noneFoundIcon: <SearchOffIcon />,
};

/**
 * Perler (/needles): beads that are not deleted and cost more than 0 kr, grouped by initial, with their stock
 * where they are counted, and the filters "Udsolgt" and "Få tilbage" once any is (docs/product/stock.md).
 */
export function BeadsPage() {
  const beads = useBeads();
  const settings = useShopSettings();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [stockFilter, setStockFilter] = useState<StockFilter | null>(null);
  const threshold = settings.data?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const anyCounted = useMemo(
    () => (beads.data ?? []).some((bead) => bead.stock !== null && isListedBead(bead)),
    [beads.data],
  );
  const filter = useMemo<ListFilter<Bead> | undefined>(
    () =>
      anyCounted
        ? {
            controls: <StockFilterChips value={stockFilter} onChange={setStockFilter} />,
            keep: stockFilterKeep(stockFilter, threshold),
            none: {
              title: stockFilter === 'low' ? texts.stock.noneLow : texts.stock.noneSoldOut,
              body: texts.stock.noneInFilterBody,
              clearLabel: texts.common.showAll,
              clear: () => setStockFilter(null),
            },
          }
        : undefined,
    [anyCounted, stockFilter, threshold],
  );
  return (
    <AlphabeticalListPage kind={beadList} query={beads} onAdd={() => setDialogOpen(true)} filter={filter}>
      <AddBeadDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </AlphabeticalListPage>
  );
}
