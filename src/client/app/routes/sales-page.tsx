import BarChartIcon from '@mui/icons-material/BarChart';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useId } from 'react';
import { texts } from '../../../shared/texts.ts';
import { salesCsvUrl, salesYear, useSales } from '../../api/sales.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SalesMonthTable } from '../../features/sales/sales-month-table.tsx';
import { SalesTotals } from '../../features/sales/sales-totals.tsx';
import { StockValue } from '../../features/sales/stock-value.tsx';
import { TopBeadsTable } from '../../features/sales/top-beads-table.tsx';
import { useRendersOnItsOwn } from '../../lib/hydration.ts';
import { useSearchParams } from '../../lib/router.tsx';

const t = texts.sales;

// The chart library is big: it loads with this page only, after the numbers are on screen.
const chartPlaceholder = <Skeleton variant="rounded" height={260} />;

const SalesChart = lazy(async () => ({
  default: (await import('../../features/sales/sales-chart.tsx')).SalesChart,
}));

/**
 * Salg (/sales): a year's shipped orders per month (chart and table), its totals and top 10 beads (by units with
 * their stock now), and the stock's value at today's prices (docs/product/stock.md).
 */
export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const year = salesYear(params.get('year'));
  const sales = useSales(year);
  const id = useId();
  // The chart's code loads on demand: its placeholder on the server's first screen and while the app hydrates it.
  const onItsOwn = useRendersOnItsOwn();
  const tableId = `${id}-months`;
  const years = [...new Set([year, ...(sales.data?.years ?? [])])].sort((a, b) => b - a);
  const shown = sales.data?.year === year ? sales.data : undefined;

  const actions = (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        select
        size="small"
        label={t.yearLabel}
        value={year}
        onChange={(event) => setParams({ year: String(event.target.value) }, { replace: true })}
        sx={{ width: 112, flexShrink: 0 }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Button
        component="a"
        href={salesCsvUrl(year)}
        download
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={!shown || shown.totals.orders === 0}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {t.downloadCsv}
      </Button>
    </Box>
  );

  return (
    <>
      <PageHeader title={t.title} actions={actions} />
      {sales.isError && !shown ? (
        <EmptyState
          title={sales.error.message}
          actions={
            <Button variant="contained" onClick={() => sales.refetch()}>
              {texts.app.reload}
            </Button>
          }
        />
      ) : !shown ? (
        <LoadingState label={t.loading} />
      ) : shown.totals.orders === 0 ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <EmptyState icon={<BarChartIcon />} title={t.empty(year)} description={t.emptyHint} />
          <StockValue stock={shown.stock} />
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography color="text.secondary">{t.basis}</Typography>
          <SalesTotals totals={shown.totals} />
          <Card component="section" aria-labelledby={`${id}-chart-title`}>
            <CardContent>
              <Typography id={`${id}-chart-title`} variant="h2" gutterBottom>
                {t.chartTitle(year)}
              </Typography>
              {onItsOwn ? (
                <Suspense fallback={chartPlaceholder}>
                  <SalesChart year={year} months={shown.months} tableId={tableId} />
                </Suspense>
              ) : (
                chartPlaceholder
              )}
              <Box sx={{ mt: 2 }}>
                <SalesMonthTable id={tableId} year={year} months={shown.months} totals={shown.totals} />
              </Box>
            </CardContent>
          </Card>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <Card>
              <CardContent>
                <TopBeadsTable title={t.topUnitsTitle} beads={shown.topByUnits} showStock />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <TopBeadsTable title={t.topRevenueTitle} beads={shown.topByRevenue} />
              </CardContent>
            </Card>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t.pairNote}
          </Typography>
          <StockValue stock={shown.stock} />
        </Box>
      )}
    </>
  );
}
