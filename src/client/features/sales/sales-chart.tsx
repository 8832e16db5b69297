import { Box, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { monthShort } from '../../../shared/domain/dates.ts';
import { formatKr, formatKrNumber } from '../../../shared/domain/money.ts';
import type { SalesMonth } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.sales;

/**
 * The year's goods per month as bars (MUI X Charts, loaded only by the Salg page). The picture is named and
 * points at the month table, which holds the same numbers for screen readers and for reading exactly.
 */
export function SalesChart({
  year,
  months,
  tableId,
}: {
  year: number;
  months: SalesMonth[];
  tableId: string;
}) {
  const theme = useTheme();
  return (
    <Box role="img" aria-label={t.chartLabel(year)} aria-describedby={tableId} sx={{ width: '100%' }}>
      <BarChart
        height={260}
        hideLegend
        skipAnimation
        borderRadius={4}
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: months.map((m) => monthShort(m.month)) }]}
        yAxis={[{ width: 76, valueFormatter: (value: number) => `${formatKrNumber(value)} kr` }]}
        series={[
          {
            data: months.map((m) => m.goodsOre),
            label: t.goods,
            color: theme.palette.primary.main,
            valueFormatter: (value) => (value === null ? '' : formatKr(value)),
          },
        ]}
      />
    </Box>
  );
}
