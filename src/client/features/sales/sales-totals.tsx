import { Box, Typography } from '@mui/material';
import { formatKr } from '../../../shared/domain/money.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { SalesTotals as Totals } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.sales;

/** The year in four numbers: orders, goods, postage and the average purchase. */
export function SalesTotals({ totals }: { totals: Totals }) {
  const items: Array<[string, string]> = [
    [t.orders, formatInteger(totals.orders)],
    [t.goods, formatKr(totals.goodsOre)],
    [t.postage, formatKr(totals.postageOre)],
    [t.average, formatKr(totals.averageOre)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 700 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
