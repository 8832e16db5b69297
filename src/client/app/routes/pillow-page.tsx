import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, IconButton, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { filterByName } from '../../../shared/domain/collation.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import type { OrderStatistics } from '../../../shared/schemas/api-pillow.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { usePillow } from '../../api/pillow.ts';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { GroupedList } from '../../components/grouped-list.tsx';
import { Hint } from '../../components/hint.tsx';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { OrderLinesView } from '../../features/orders/order-lines-view.tsx';
import { OrderNumber } from '../../features/orders/order-number.tsx';
import { RemindersDueLink } from '../../features/reminders/reminders-due-link.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { useScrollRestoration } from '../../lib/use-scroll-restoration.ts';

const o = texts.orders;

/** Puden, the home page: every customer with an active order and what is on it. */
export function PillowPage() {
  const pillow = usePillow();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  // On a phone the keyboard should not jump up on the home page; with a mouse the search is ready to type.
  const finePointer = useMediaQuery('(pointer: fine)');

  const setSearch = (value: string) => setParams(value ? { q: value } : {}, { replace: true });
  // The field shows every key at once; the cards follow when React has time (a big shop, on a phone).
  const listSearch = useDeferredValue(search);
  const orders = useMemo(
    () =>
      filterByName(
        pillow.data?.orders ?? [],
        listSearch,
        (order) => order.customerName ?? texts.customers.unknownCustomer,
      ),
    [pillow.data, listSearch],
  );

  return (
    <>
      <PageHeader
        title={texts.pillow.title}
        chip={
          pillow.isSuccess && (
            <CountChip
              count={orders.length}
              singular={texts.customers.unit.one}
              plural={texts.customers.unit.other}
            />
          )
        }
        actions={<RemindersDueLink enabled={pillow.isSuccess} />}
      />
      {pillow.isPending ? (
        <LoadingState label={o.loading} />
      ) : pillow.isError ? (
        <EmptyState
          title={pillow.error.message}
          actions={
            <Button variant="contained" onClick={() => pillow.refetch()}>
              {texts.app.reload}
            </Button>
          }
        />
      ) : pillow.data.orders.length === 0 ? (
        <EmptyState icon={<Inventory2OutlinedIcon />} title={o.emptyActive} description={o.emptyActiveBody} />
      ) : (
        <>
          <StatisticsCard statistics={pillow.data.statistics} />
          <Box sx={{ my: 2 }}>
            <SearchBox
              value={search}
              onChange={setSearch}
              placeholder={o.searchPlaceholder}
              autoFocus={finePointer}
            />
          </Box>
          {orders.length === 0 ? (
            <EmptyState
              icon={<SearchOffIcon />}
              title={o.noResults}
              description={o.noResultsBody}
              actions={
                <Button variant="outlined" onClick={() => setSearch('')}>
                  {texts.common.clearSearch}
                </Button>
              }
            />
          ) : (
            <OrderCards orders={orders} />
          )}
        </>
      )}
    </>
  );
}

type CardRow = { key: string; orders: Order[] };

const rowKey = (row: CardRow) => row.key;
const listLabel = () => texts.pillow.title;

/** One row of the grid: a card per column, the row as tall as its tallest card. */
const CardRowView = memo(function CardRowView({ row, columns }: { row: CardRow; columns: number }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, alignItems: 'start', pb: 2 }}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {row.orders.map((order) => (
        <CustomerOrderCard key={order.id} order={order} />
      ))}
    </Box>
  );
});

/**
 * The customer cards, one column on a phone and two from 'md' on, virtualised by grid row: only the rows
 * in view are in the page, so a shop with many active orders still sees Puden at once. Card sizes are
 * remembered, so coming back from a customer restores the scroll position on the same card.
 */
function OrderCards({ orders }: { orders: Order[] }) {
  const columns = useMediaQuery((theme: Theme) => theme.breakpoints.up('md')) ? 2 : 1;
  const groups = useMemo(() => {
    const rows: CardRow[] = [];
    for (let index = 0; index < orders.length; index += columns) {
      const slice = orders.slice(index, index + columns);
      rows.push({ key: slice.map((order) => order.id).join('+'), orders: slice });
    }
    return [{ key: 'pillow', items: rows }];
  }, [orders, columns]);
  const renderRow = useCallback((row: CardRow) => <CardRowView row={row} columns={columns} />, [columns]);
  useScrollRestoration('pillow', true);
  return (
    <GroupedList
      groups={groups}
      getKey={rowKey}
      renderItem={renderRow}
      groupLabel={listLabel}
      estimateItemHeight={220}
      sizeCacheName="pillow"
      overscan={3}
    />
  );
}

function StatisticsCard({ statistics }: { statistics: OrderStatistics }) {
  // 'Gennemsnitskøb' is shown in whole kroner (docs/product/pricing.md: no decimals).
  const averageKrOre = Math.round(statistics.averageOre / 100) * 100;
  const figures = [
    { label: o.statsCount, value: formatInteger(statistics.count) },
    { label: o.statsAverage, value: formatKr(averageKrOre) },
    { label: o.statsTotal, value: formatKr(statistics.totalOre) },
  ];
  return (
    <Card
      component="section"
      aria-label={texts.pillow.statisticsLabel}
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}
    >
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', py: { xs: 1.5, sm: 2 } }}
      >
        {figures.map((figure, index) => (
          <Box
            key={figure.label}
            sx={{
              px: { xs: 0.5, sm: 2.5 },
              textAlign: 'center',
              borderLeft: index === 0 ? 0 : 1,
              borderColor: 'rgba(255,255,255,0.25)',
              minWidth: 0,
            }}
          >
            <Typography
              component="dt"
              variant="body2"
              sx={{ opacity: 0.85, fontSize: { xs: 'clamp(0.7rem, 3.3vw, 0.8rem)', sm: '0.875rem' } }}
            >
              {figure.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 700,
                fontSize: { xs: 'clamp(0.95rem, 4.4vw, 1.15rem)', sm: '1.5rem' },
                whiteSpace: 'nowrap',
              }}
            >
              {figure.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

const CustomerOrderCard = memo(function CustomerOrderCard({ order }: { order: Order }) {
  const name = order.customerName ?? texts.customers.unknownCustomer;
  const headingId = `pillow-${order.id}`;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ pb: '16px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          <InitialAvatar name={name} />
          <Typography id={headingId} variant="h3" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
            {name}
          </Typography>
          <OrderNumber order={order} />
          {order.customerId && (
            <Hint title={o.openCustomer}>
              <IconButton
                component={Link}
                to={pathOf(screens.customer, { id: order.customerId })}
                aria-label={o.openCustomer}
                color="primary"
                edge="end"
              >
                <ChevronRightIcon />
              </IconButton>
            </Hint>
          )}
        </Box>
        <OrderLinesView order={order} />
      </CardContent>
    </Card>
  );
});
