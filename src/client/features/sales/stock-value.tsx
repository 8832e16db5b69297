import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatKr } from '../../../shared/domain/money.ts';
import type { SalesOverview } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.stock.sales;

/** 'Lagerets værdi': what the counted beads on the shelf are worth at today's prices (docs/product/stock.md). */
export function StockValue({ stock }: { stock: SalesOverview['stock'] }) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Inventory2OutlinedIcon sx={{ color: 'primary.main', fontSize: 36 }} aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t.valueTitle}
          </Typography>
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {stock.countedBeads === 0 ? t.noneCounted : formatKr(stock.valueOre)}
          </Typography>
          {stock.countedBeads > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t.valueBasis(stock.countedBeads)}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
