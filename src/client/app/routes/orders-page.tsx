import LocalPrintshopOutlinedIcon from '@mui/icons-material/LocalPrintshopOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Chip, Typography, useMediaQuery } from '@mui/material';
import { styled, type Theme } from '@mui/material/styles';
import { type Ref, useDeferredValue, useMemo, useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { orderStatusLabel } from '../../../shared/domain/order-status.ts';
import { countOf } from '../../../shared/domain/plural.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useOpenOrders, useShippedThisMonth } from '../../api/orders.ts';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { GroupedList, type GroupedListHandle } from '../../components/grouped-list.tsx';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import {
  applyFilter,
  type CustomerGroup,
  countByFilter,
  groupByCustomer,
  isStatusFilter,
  STATUS_FILTERS,
  type StatusFilter,
  searchAllOrders,
  searchOrders,
} from '../../features/orders/orders-grouping.ts';
import { OrdersJumpBar } from '../../features/orders/orders-jump-bar.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { useScrollRestoration } from '../../lib/use-scroll-restoration.ts';

const o = texts.orders;

const LabelsDialog = lazyDialog(
  async () => (await import('../../features/parcels/labels-dialog.tsx')).LabelsDialog,
);

const filterLabel = (filter: StatusFilter) => (filter === 'all' ? o.filterAll : orderStatusLabel(filter));

/** The filter that shows this month's shipped orders instead of the open ones. */
const SHIPPED_MONTH = 'shipped-month';
type Filter = StatusFilter | typeof SHIPPED_MONTH;

/** Ordrer: every order that is not shipped, by customer, with status filters. */
export function OrdersPage() {
  const openOrders = useOpenOrders();
  const shipped = useShippedThisMonth();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const statusParam = params.get('status');
  const shippedMonth = statusParam === SHIPPED_MONTH;
  const filter: Filter = isStatusFilter(statusParam) ? statusParam : shippedMonth ? SHIPPED_MONTH : 'all';
  const finePointer = useMediaQuery('(pointer: fine)');

  const update = (next: { q?: string; status?: Filter }) => {
    const q = next.q ?? search;
    const status = next.status ?? filter;
    setParams({ ...(q ? { q } : {}), ...(status !== 'all' ? { status } : {}) }, { replace: true });
  };

  // The field shows every key at once; the list follows when React has time (a big shop's orders, on a phone).
  const listSearch = useDeferredValue(search);
  const { counts, groups, shownCount } = useMemo(() => {
    const searched = searchOrders(openOrders.data ?? [], listSearch);
    const shown =
      filter === SHIPPED_MONTH
        ? searchAllOrders(shipped.data ?? [], listSearch)
        : applyFilter(searched, filter);
    return { counts: countByFilter(searched), groups: groupByCustomer(shown), shownCount: shown.length };
  }, [openOrders.data, shipped.data, listSearch, filter]);
  const shippedCount = shipped.data ? searchAllOrders(shipped.data, listSearch).length : 0;

  const listRef = useRef<GroupedListHandle>(null);
  const jump = (key: string) => listRef.current?.scrollToGroup(key);
  const [labels, setLabels] = useState(false);

  return (
    <>
      <PageHeader
        title={o.title}
        chip={
          openOrders.isSuccess && <CountChip count={shownCount} singular={o.unit.one} plural={o.unit.other} />
        }
        actions={
          // Skal sendes: the address labels, the shipping file and 'Markér som sendt'.
          filter === 'packed' &&
          counts.packed > 0 && (
            <Button
              variant="outlined"
              startIcon={<LocalPrintshopOutlinedIcon />}
              onClick={() => setLabels(true)}
            >
              {texts.parcels.button}
            </Button>
          )
        }
      />
      <LabelsDialog open={labels} onClose={() => setLabels(false)} status="packed" />
      {openOrders.isPending || (shippedMonth && shipped.isPending) ? (
        <LoadingState label={o.loading} />
      ) : openOrders.isError ? (
        <EmptyState
          title={openOrders.error.message}
          actions={
            <Button variant="contained" onClick={() => openOrders.refetch()}>
              {texts.app.reload}
            </Button>
          }
        />
      ) : openOrders.data.length === 0 && !shipped.data?.length ? (
        <EmptyState icon={<ReceiptLongOutlinedIcon />} title={o.emptyActive} />
      ) : (
        <>
          <SearchBox
            value={search}
            onChange={(q) => update({ q })}
            placeholder={o.searchPlaceholder}
            autoFocus={finePointer}
          />
          <Box
            role="group"
            aria-label={o.filterLabel}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}
          >
            {STATUS_FILTERS.map((value) => {
              const selected = value === filter;
              return (
                <Chip
                  key={value}
                  aria-pressed={selected}
                  color={selected ? 'primary' : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  disabled={value !== 'all' && counts[value] === 0}
                  onClick={() => update({ status: value })}
                  label={
                    <>
                      {filterLabel(value)}{' '}
                      <Box component="span" sx={{ fontWeight: 700, opacity: 0.9 }}>
                        {counts[value]}
                      </Box>
                    </>
                  }
                  sx={{ bgcolor: selected ? undefined : 'background.paper' }}
                />
              );
            })}
            <Chip
              aria-pressed={shippedMonth}
              color={shippedMonth ? 'primary' : 'default'}
              variant={shippedMonth ? 'filled' : 'outlined'}
              disabled={!shippedMonth && shippedCount === 0}
              onClick={() => update({ status: SHIPPED_MONTH })}
              label={
                <>
                  {o.shippedThisMonth}{' '}
                  <Box component="span" sx={{ fontWeight: 700, opacity: 0.9 }}>
                    {shippedCount}
                  </Box>
                </>
              }
              sx={{ bgcolor: shippedMonth ? undefined : 'background.paper' }}
            />
          </Box>
          {groups.length > 1 && <OrdersJumpBar customers={groups} onJump={jump} />}
          {groups.length === 0 ? (
            <EmptyState
              icon={<SearchOffIcon />}
              title={o.noneFound}
              actions={
                <>
                  {search && (
                    <Button variant="outlined" onClick={() => update({ q: '' })}>
                      {texts.common.clearSearch}
                    </Button>
                  )}
                  {filter !== 'all' && (
                    <Button variant="outlined" onClick={() => update({ status: 'all' })}>
                      {o.resetFilter}
                    </Button>
                  )}
                </>
              }
            />
          ) : (
            <OrderGroups groups={groups} listRef={listRef} />
          )}
        </>
      )}
    </>
  );
}

/** Where a jumped-to customer lands: below the app bar and the sticky jump bar. */
const JUMP_TOP = 120;

type OrderGroup = CustomerGroup & { items: Order[] };

const orderKey = (order: Order) => order.id;
const groupName = (group: OrderGroup) => group.name;

/** A customer's card head: avatar, name and how many orders. */
function GroupHeader({ group }: { group: OrderGroup }) {
  return (
    <Box sx={{ pt: 1.5 }}>
      <Box
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          pt: 1.5,
          pb: 0.5,
          bgcolor: 'background.paper',
          borderRadius: '12px 12px 0 0',
          boxShadow: `inset 1px 0 0 ${theme.palette.divider}, inset -1px 0 0 ${theme.palette.divider}, inset 0 1px 0 ${theme.palette.divider}`,
        })}
      >
        <InitialAvatar name={group.name} size={32} />
        <Typography variant="h3" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {group.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {countOf(group.orders.length, o.unit)}
        </Typography>
      </Box>
    </Box>
  );
}

const renderHeader = (group: OrderGroup) => <GroupHeader group={group} />;

const renderOrder = (order: Order, group: OrderGroup) => (
  <OrderItem order={order} customerId={group.customerId} />
);

/** The card's lower part: its rows, closed by the card's sides and bottom. */
const ordersCardSx = (theme: Theme) => ({
  bgcolor: 'background.paper',
  borderRadius: '0 0 12px 12px',
  // No padding: the list's height is its rows' (grouped-list.tsx); a padding showed on the server's screen only and
  // moved every card below by its height once the app laid the rows out.
  boxShadow: `inset 1px 0 0 ${theme.palette.divider}, inset -1px 0 0 ${theme.palette.divider}, inset 0 -1px 0 ${theme.palette.divider}`,
  overflow: 'clip',
});

/**
 * The customers' cards, virtualised: only the customers and orders in view are in the page, so a shop
 * with thousands of open orders paints Ordrer at once. Sizes are remembered, so coming back restores the
 * position exactly.
 */
function OrderGroups({ groups, listRef }: { groups: CustomerGroup[]; listRef: Ref<GroupedListHandle> }) {
  const items = useMemo<OrderGroup[]>(
    () => groups.map((group) => ({ ...group, items: group.orders })),
    [groups],
  );
  useScrollRestoration('orders', true);
  return (
    <Box sx={{ mt: -0.5 }}>
      <GroupedList
        ref={listRef}
        groups={items}
        getKey={orderKey}
        renderItem={renderOrder}
        renderHeader={renderHeader}
        groupLabel={groupName}
        estimateItemHeight={60}
        estimateHeaderHeight={68}
        stickyTop={JUMP_TOP}
        listSx={ordersCardSx}
        sizeCacheName="orders"
      />
    </Box>
  );
}

const RowLink = styled(Link)(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '8px 16px',
  color: 'inherit',
  textDecoration: 'none',
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
}));
const RowBox = styled('div')({ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px' });
const RowMain = styled('div')({ flexGrow: 1, minWidth: 0 });
const RowDate = styled('p')(({ theme }) => ({ ...theme.typography.body1, fontWeight: 500, margin: 0 }));
const RowFacts = styled('p')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  margin: 0,
}));

function OrderItem({ order, customerId }: { order: Order; customerId: string | null }) {
  return customerId ? (
    <RowLink to={pathOf(screens.customer, { id: customerId })}>
      <OrderRow order={order} />
    </RowLink>
  ) : (
    <RowBox>
      <OrderRow order={order} />
    </RowBox>
  );
}

function OrderRow({ order }: { order: Order }) {
  const lineCount =
    order.normalLines.length + order.offerGroups.reduce((sum, group) => sum + group.lines.length, 0);
  return (
    <>
      <RowMain>
        <RowDate>{formatDateTime(order.createdAt)}</RowDate>
        <RowFacts>
          {order.number ? `${texts.money.number(order.number)} · ` : ''}
          {countOf(lineCount, texts.lines.unit)} · {formatKr(order.totals.totalOre)}
        </RowFacts>
      </RowMain>
      <StatusChip status={order.status} />
    </>
  );
}
