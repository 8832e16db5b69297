import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatKr } from '../../../shared/domain/money.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { SalesBead } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.sales;

/**
 * One of the year's top-10 lists: rank, bead, units and revenue; with `showStock` also how many are on the
 * shelf now, so she sees what to reorder (docs/product/stock.md; '–' for a bead never counted).
 */
export function TopBeadsTable({
  title,
  beads,
  showStock = false,
}: {
  title: string;
  beads: SalesBead[];
  showStock?: boolean;
}) {
  return (
    <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
      <caption style={{ captionSide: 'top', padding: '0 8px 8px', textAlign: 'left' }}>
        <Typography component="span" variant="h3" color="text.primary">
          {title}
        </Typography>
      </caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col" align="right">
            {t.rank}
          </TableCell>
          <TableCell component="th" scope="col">
            {t.bead}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t.units}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t.revenue}
          </TableCell>
          {showStock && (
            <TableCell component="th" scope="col" align="right">
              {texts.stock.sales.inStockColumn}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {beads.length === 0 ? (
          <TableRow>
            <TableCell colSpan={showStock ? 5 : 4} sx={{ color: 'text.secondary' }}>
              {t.noBeads}
            </TableCell>
          </TableRow>
        ) : (
          beads.map((bead, i) => (
            <TableRow key={bead.beadId}>
              <TableCell align="right">{i + 1}</TableCell>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {bead.name}
              </TableCell>
              <TableCell align="right">{formatInteger(bead.units)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatKr(bead.revenueOre)}
              </TableCell>
              {showStock && (
                <TableCell
                  align="right"
                  sx={{ color: bead.stock !== null && bead.stock <= 0 ? 'error.main' : undefined }}
                >
                  {bead.stock === null ? texts.stock.sales.notCountedCell : formatInteger(bead.stock)}
                </TableCell>
              )}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
