import AddIcon from '@mui/icons-material/Add';
import { Button, IconButton } from '@mui/material';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { groupByInitial, searchKey } from '../../shared/domain/collation.ts';
import { texts } from '../../shared/texts.ts';
import { filterGroups } from '../lib/filter-groups.ts';
import { useAppBarHeight, useElementHeight } from '../lib/use-element-height.ts';
import { AlphabetBar } from './alphabet-bar.tsx';
import { CountChip } from './count-chip.tsx';
import { EmptyState } from './empty-state.tsx';
import { GroupedList, type GroupedListHandle } from './grouped-list.tsx';
import { Hint } from './hint.tsx';
import {
  LETTER_LIST_HEIGHTS,
  letterGroupLabel,
  letterListFrameSx,
  renderLetterHeader,
} from './letter-header.tsx';
import { LoadingState } from './loading-state.tsx';
import { PageHeader } from './page-header.tsx';
import { SearchBox } from './search-box.tsx';
import { StickyListToolbar } from './sticky-list-toolbar.tsx';

/** The page's Danish texts (texts.customers and texts.beads both have them). */
export type AlphabeticalListTexts = {
  title: string;
  loading: string;
  loadFailed: string;
  retry: string;
  emptyTitle: string;
  emptyBody: string;
  addFirst: string;
  noneFound: string;
  noneFoundBody: string;
  searchPlaceholder: string;
  jumpBarLabel: string;
  unit: { one: string; other: string };
};

/**
 * What one kind of row (a customer, a bead) needs to be listed. Define it once at module level: the page
 * groups and filters in memos that depend on these functions, so a new object per render would redo them.
 */
export type AlphabeticalListKind<Row> = {
  texts: AlphabeticalListTexts;
  /** Whether a row is on the list at all (not the hidden test customer, not a deleted or 0 kr bead). */
  isListed: (row: Row) => boolean;
  /** The name it is sorted and grouped by. */
  nameOf: (row: Row) => string;
  /** What a search matches, folded with `searchKey`. */
  searchKeyOf: (row: Row) => string;
  idOf: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
  emptyIcon: ReactNode;
  noneFoundIcon: ReactNode;
};

/** The parts of a TanStack query the page reads. */
export type ListQuery<Row> = {
  data: readonly Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * A filter the page offers under its search (Nåle's "Udsolgt" and "Få tilbage"): its controls, which rows it keeps
 * while one is on (null: none is), and what to say when it keeps none.
 */
export type ListFilter<Row> = {
  controls: ReactNode;
  keep: ((row: Row) => boolean) | null;
  none: { title: string; body: string; clearLabel: string; clear: () => void };
};

type AlphabeticalListPageProps<Row> = {
  kind: AlphabeticalListKind<Row>;
  query: ListQuery<Row>;
  /** Opens the page's add dialog, with the name searched for where there is one ('' otherwise). */
  onAdd: (name: string) => void;
  /** Buttons in the header before the round add button. */
  headerActions?: ReactNode;
  /** More buttons beside "Ryd søgning" when nothing matches, given the search as typed (trimmed). */
  noneFoundActions?: (search: string) => ReactNode;
  /** The add dialog, rendered after the list. */
  children?: ReactNode;
  filter?: ListFilter<Row>;
};

/**
 * A row with its search key, made at the first search rather than while the screen first renders: thousands
 * of keys were a long task on a slow phone before anything was searched.
 */
class Indexed<Row> {
  #key: string | undefined;
  constructor(
    readonly row: Row,
    private readonly keyOfRow: (row: Row) => string,
  ) {}
  get key(): string {
    this.#key ??= this.keyOfRow(this.row);
    return this.#key;
  }
}

const keyOf = <Row,>(entry: Indexed<Row>) => entry.key;

/**
 * Kunder and Perler: a header with the count, a search box and an alphabet jump bar that stay under the app
 * bar, and a virtualised list grouped by initial, with its loading, error, empty and nothing-found states.
 */
export function AlphabeticalListPage<Row>({
  kind,
  query,
  onAdd,
  headerActions,
  noneFoundActions,
  children,
  filter,
}: AlphabeticalListPageProps<Row>) {
  const { texts: t, isListed, nameOf, searchKeyOf, idOf, renderRow: renderKindRow } = kind;
  const [search, setSearchText] = useState('');
  // A new search starts at the top: a position deep in the old list means nothing in the new one.
  const setSearch = (value: string) => {
    setSearchText(value);
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  };
  const [activeLetter, setActiveLetter] = useState<string | null>(null);
  const listRef = useRef<GroupedListHandle>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const appBarHeight = useAppBarHeight();
  const toolbarHeight = useElementHeight(toolbarRef);

  const listed = useMemo(() => (query.data ?? []).filter(isListed), [query.data, isListed]);
  const keep = filter?.keep ?? null;
  const allGroups = useMemo(() => {
    const indexed = (keep ? listed.filter(keep) : listed).map((row) => new Indexed(row, searchKeyOf));
    return groupByInitial(indexed, (entry) => nameOf(entry.row));
  }, [listed, keep, nameOf, searchKeyOf]);

  // Typing stays instant; the list follows the deferred value when React has time.
  const deferredSearch = useDeferredValue(search);
  const groups = useMemo(
    () => filterGroups(allGroups, searchKey(deferredSearch), keyOf),
    [allGroups, deferredSearch],
  );
  const total = listed.length;
  const shown = groups.reduce((sum, group) => sum + group.items.length, 0);
  const letters = useMemo(() => groups.map((group) => group.letter), [groups]);

  const getKey = useCallback((entry: Indexed<Row>) => idOf(entry.row), [idOf]);
  const renderRow = useCallback((entry: Indexed<Row>) => renderKindRow(entry.row), [renderKindRow]);

  let content: ReactNode;
  if (query.isPending) {
    content = <LoadingState label={t.loading} />;
  } else if (query.isError) {
    content = (
      <EmptyState
        title={t.loadFailed}
        description={query.error?.message}
        actions={<Button onClick={() => query.refetch()}>{t.retry}</Button>}
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={kind.emptyIcon}
        title={t.emptyTitle}
        description={t.emptyBody}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => onAdd('')}>
            {t.addFirst}
          </Button>
        }
      />
    );
  } else if (shown === 0 && filter && keep && deferredSearch.trim() === '') {
    content = (
      <EmptyState
        icon={kind.noneFoundIcon}
        title={filter.none.title}
        description={filter.none.body}
        actions={
          <Button variant="outlined" onClick={filter.none.clear}>
            {filter.none.clearLabel}
          </Button>
        }
      />
    );
  } else if (shown === 0) {
    content = (
      <EmptyState
        icon={kind.noneFoundIcon}
        title={t.noneFound}
        description={t.noneFoundBody}
        actions={
          <>
            <Button variant="outlined" onClick={() => setSearch('')}>
              {texts.common.clearSearch}
            </Button>
            {noneFoundActions?.(deferredSearch.trim())}
          </>
        }
      />
    );
  } else {
    content = (
      <GroupedList
        ref={listRef}
        groups={groups}
        getKey={getKey}
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
        chip={query.isSuccess && <CountChip count={shown} singular={t.unit.one} plural={t.unit.other} />}
        actions={
          <>
            {headerActions}
            <Hint title={texts.common.addNew}>
              <IconButton
                aria-label={texts.common.addNew}
                onClick={() => onAdd('')}
                sx={{
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  '&:hover': { bgcolor: 'primary.dark' },
                }}
              >
                <AddIcon />
              </IconButton>
            </Hint>
          </>
        }
      />
      <StickyListToolbar ref={toolbarRef} top={appBarHeight}>
        <SearchBox value={search} onChange={setSearch} placeholder={t.searchPlaceholder} />
        {filter?.controls}
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
      {children}
    </>
  );
}
