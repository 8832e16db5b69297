import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatKr } from '../../../shared/domain/money.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { SalesBead } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.sales;

/** One of the year's top-10 lists: rank, bead, units and revenue. */
export function TopBeadsTable({ title, beads }: { title: string; beads: SalesBead[] }) {
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
        </TableRow>
      </TableHead>
      <TableBody>
        {beads.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
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
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
