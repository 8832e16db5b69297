import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import PeopleIcon from '@mui/icons-material/People';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { Button, IconButton, Typography } from '@mui/material';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { groupByInitial, searchKey } from '../../../shared/domain/collation.ts';
import { phoneSearchKey } from '../../../shared/domain/customer-contact.ts';
import { isHiddenCustomer } from '../../../shared/domain/customer-name.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useCustomers } from '../../api/customers.ts';
import { AlphabetBar } from '../../components/alphabet-bar.tsx';
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
import { filterGroups } from '../../lib/filter-groups.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { Link } from '../../lib/router.tsx';
import { useAppBarHeight, useElementHeight } from '../../lib/use-element-height.ts';
import { useScrollRestoration } from '../../lib/use-scroll-restoration.ts';

const AddCustomerDialog = lazyDialog(
  async () => (await import('../../features/customers/add-customer-dialog.tsx')).AddCustomerDialog,
);

const t = texts.customers;

/** A customer with its folded search key, computed once per list instead of per keystroke. */
/**
 * A row with its search key, made at the first search rather than while the screen first renders (issue 22:
 * thousands of keys were a long task on a slow phone before anything was searched).
 */
class Indexed {
  #key: string | undefined;
  constructor(readonly customer: Customer) {}
  get key(): string {
    this.#key ??= searchKeyOf(this.customer);
    return this.#key;
  }
}

/**
 * What a search on Kunder matches: the name, the e-mail and the phone number as written and as digits only
 * ('12345678' finds '12 34 56 78'), each on a line of its own so no match spans two of them.
 */
function searchKeyOf(customer: Customer): string {
  const parts = [customer.name, customer.email ?? '', customer.phone ?? ''];
  if (customer.phone) parts.push(phoneSearchKey(customer.phone));
  return parts.map(searchKey).join('\n');
}

const idOf = (entry: Indexed) => entry.customer.id;
const keyOf = (entry: Indexed) => entry.key;

function renderCustomer({ customer }: Indexed) {
  return (
    <GroupedListRow
      to={pathOf(screens.customer, { id: customer.id })}
      name={customer.name}
      title={
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {customer.name}
        </Typography>
      }
      subtitle={t.clickForDetails}
    />
  );
}

/** Kunder (/customers): search, alphabet jump bar and a virtualised list grouped by initial. */
export function CustomersPage() {
  const customers = useCustomers();
  const [search, setSearchText] = useState('');
  // A new search starts at the top: a position deep in the old list means nothing in the new one.
  const setSearch = (value: string) => {
    setSearchText(value);
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  };
  const [dialog, setDialog] = useState({ open: false, name: '' });
  const [activeLetter, setActiveLetter] = useState<string | null>(null);
  const listRef = useRef<GroupedListHandle>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const appBarHeight = useAppBarHeight();
  const toolbarHeight = useElementHeight(toolbarRef);

  const allGroups = useMemo(() => {
    const visible = (customers.data ?? []).filter((customer) => !isHiddenCustomer(customer.name));
    const indexed = visible.map((customer) => new Indexed(customer));
    return groupByInitial(indexed, (entry) => entry.customer.name);
  }, [customers.data]);

  // Typing stays instant; the list follows the deferred value when React has time.
  const deferredSearch = useDeferredValue(search);
  const groups = useMemo(
    () => filterGroups(allGroups, searchKey(deferredSearch), keyOf),
    [allGroups, deferredSearch],
  );
  const total = allGroups.reduce((sum, group) => sum + group.items.length, 0);
  const shown = groups.reduce((sum, group) => sum + group.items.length, 0);
  const letters = useMemo(() => groups.map((group) => group.letter), [groups]);

  useScrollRestoration('customers', customers.isSuccess);

  const renderRow = useCallback(renderCustomer, []);
  const openDialog = (name = '') => setDialog({ open: true, name });

  let content: ReactNode;
  if (customers.isPending) {
    content = <LoadingState label={t.loading} />;
  } else if (customers.isError) {
    content = (
      <EmptyState
        title={t.loadFailed}
        description={customers.error.message}
        actions={<Button onClick={() => customers.refetch()}>{t.retry}</Button>}
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={<PeopleIcon />}
        title={t.emptyTitle}
        description={t.emptyBody}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog()}>
            {t.addFirst}
          </Button>
        }
      />
    );
  } else if (shown === 0) {
    const name = deferredSearch.trim();
    content = (
      <EmptyState
        icon={<PersonSearchIcon />}
        title={t.noneFound}
        description={t.noneFoundBody}
        actions={
          <>
            <Button variant="outlined" onClick={() => setSearch('')}>
              {texts.common.clearSearch}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(name)}>
              {t.addNamed(name)}
            </Button>
          </>
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
        chip={customers.isSuccess && <CountChip count={shown} singular={t.unit.one} plural={t.unit.other} />}
        actions={
          <>
            <Hint title={t.care.showArchived}>
              <IconButton
                component={Link}
                to={screens.archivedCustomers.path}
                aria-label={t.care.showArchived}
              >
                <ArchiveOutlinedIcon />
              </IconButton>
            </Hint>
            <Hint title={texts.common.addNew}>
              <IconButton
                aria-label={texts.common.addNew}
                onClick={() => openDialog()}
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
      <AddCustomerDialog
        open={dialog.open}
        initialName={dialog.name}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
