import AddIcon from '@mui/icons-material/Add';
import GrainIcon from '@mui/icons-material/Grain';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { isListedBead } from '../../../shared/domain/bead-rules.ts';
import { groupByInitial, searchKey } from '../../../shared/domain/collation.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { AlphabetBar } from '../../components/alphabet-bar.tsx';
import { BeadThumb } from '../../components/bead-thumb.tsx';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { GroupedList, type GroupedListHandle } from '../../components/grouped-list.tsx';
import { GroupedListRow } from '../../components/grouped-list-row.tsx';
import { Hint } from '../../components/hint.tsx';
import {
  LETTER_LIST_HEIGHTS,
  letterGroupLabel,
  letterListFrameSx,
  renderLetterHeader,
} from '../../components/letter-header.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StickyListToolbar } from '../../components/sticky-list-toolbar.tsx';
import { priceText } from '../../features/beads/bead-format.ts';
import { filterGroups } from '../../lib/filter-groups.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { useAppBarHeight, useElementHeight } from '../../lib/use-element-height.ts';

const AddBeadDialog = lazyDialog(
  async () => (await import('../../features/beads/add-bead-dialog.tsx')).AddBeadDialog,
);

const t = texts.beads;

/**
 * A row with its search key, made at the first search rather than while the screen first renders (issue 22:
 * thousands of keys were a long task on a slow phone before anything was searched).
 */
class Indexed {
  #key: string | undefined;
  constructor(readonly bead: Bead) {}
  get key(): string {
    this.#key ??= searchKey(this.bead.name);
    return this.#key;
  }
}

const idOf = (entry: Indexed) => entry.bead.id;
const keyOf = (entry: Indexed) => entry.key;

function renderBead({ bead }: Indexed) {
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

/** Perler (/needles): beads that are not deleted and cost more than 0 kr, grouped by initial. */
export function BeadsPage() {
  const beads = useBeads();
  const [search, setSearchText] = useState('');
  // A new search starts at the top: a position deep in the old list means nothing in the new one.
  const setSearch = (value: string) => {
    setSearchText(value);
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  };
  const [dialogOpen, setDialogOpen] = useState(false);
  const [activeLetter, setActiveLetter] = useState<string | null>(null);
  const listRef = useRef<GroupedListHandle>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const appBarHeight = useAppBarHeight();
  const toolbarHeight = useElementHeight(toolbarRef);

  const allGroups = useMemo(() => {
    const listed = (beads.data ?? []).filter(isListedBead);
    const indexed = listed.map((bead) => new Indexed(bead));
    return groupByInitial(indexed, (entry) => entry.bead.name);
  }, [beads.data]);

  const deferredSearch = useDeferredValue(search);
  const groups = useMemo(
    () => filterGroups(allGroups, searchKey(deferredSearch), keyOf),
    [allGroups, deferredSearch],
  );
  const total = allGroups.reduce((sum, group) => sum + group.items.length, 0);
  const shown = groups.reduce((sum, group) => sum + group.items.length, 0);
  const letters = useMemo(() => groups.map((group) => group.letter), [groups]);

  const renderRow = useCallback(renderBead, []);

  let content: ReactNode;
  if (beads.isPending) {
    content = <LoadingState label={t.loading} />;
  } else if (beads.isError) {
    content = (
      <EmptyState
        title={t.loadFailed}
        description={beads.error.message}
        actions={<Button onClick={() => beads.refetch()}>{t.retry}</Button>}
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={<GrainIcon />}
        title={t.emptyTitle}
        description={t.emptyBody}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
            {t.addFirst}
          </Button>
        }
      />
    );
  } else if (shown === 0) {
    content = (
      <EmptyState
        icon={<SearchOffIcon />}
        title={t.noneFound}
        description={t.noneFoundBody}
        actions={
          <Button variant="outlined" onClick={() => setSearch('')}>
            {texts.common.clearSearch}
          </Button>
        }
      />
    );
  } else {
    content = (
      <GroupedList
        ref={listRef}
        groups={groups}
        getKey={idOf}
        renderItem={renderRow}
        renderHeader={renderLetterHeader}
        groupLabel={letterGroupLabel}
        label={t.title}
        frameSx={letterListFrameSx}
        fixedHeights={LETTER_LIST_HEIGHTS}
        stickyTop={appBarHeight + toolbarHeight}
        stickyHeaders
        onActiveGroupChange={setActiveLetter}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t.title}
        chip={beads.isSuccess && <CountChip count={shown} singular={t.unit.one} plural={t.unit.other} />}
        actions={
          <Hint title={texts.common.addNew}>
            <IconButton
              aria-label={texts.common.addNew}
              onClick={() => setDialogOpen(true)}
              sx={{
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
              }}
            >
              <AddIcon />
            </IconButton>
          </Hint>
        }
      />
      <StickyListToolbar ref={toolbarRef} top={appBarHeight}>
        <SearchBox value={search} onChange={setSearch} placeholder={t.searchPlaceholder} />
        {shown > 0 && (
          <AlphabetBar
            letters={letters}
            activeLetter={activeLetter}
            label={t.jumpBarLabel}
            onJump={(letter) => listRef.current?.scrollToGroup(letter, { focus: true })}
          />
        )}
      </StickyListToolbar>
      {content}
      <AddBeadDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
