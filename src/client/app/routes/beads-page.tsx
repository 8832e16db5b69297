import GrainIcon from '@mui/icons-material/Grain';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { isListedBead } from '../../../shared/domain/bead-rules.ts';
import { searchKey } from '../../../shared/domain/collation.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { type AlphabeticalListKind, AlphabeticalListPage } from '../../components/alphabetical-list-page.tsx';
import { BeadThumb } from '../../components/bead-thumb.tsx';
import { GroupedListRow } from '../../components/grouped-list-row.tsx';
import { priceText } from '../../features/beads/bead-format.ts';
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
      subtitle={priceText(bead)}
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

/** Perler (/needles): beads that are not deleted and cost more than 0 kr, grouped by initial. */
export function BeadsPage() {
  const beads = useBeads();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <AlphabeticalListPage kind={beadList} query={beads} onAdd={() => setDialogOpen(true)}>
      <AddBeadDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </AlphabeticalListPage>
  );
}
