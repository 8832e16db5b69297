import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { monthTitle } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { SalesMonth, SalesTotals } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.sales;

function Row({ label, m, total = false }: { label: string; m: SalesTotals; total?: boolean }) {
  const sx = total ? { fontWeight: 700 } : undefined;
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={sx}>
        {label}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatInteger(m.orders)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatKr(m.goodsOre)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatKr(m.postageOre)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatKr(m.averageOre)}
      </TableCell>
    </TableRow>
  );
}

/** The month table: the chart's numbers and more, readable by anyone (and the chart's text alternative). */
export function SalesMonthTable({
  id,
  year,
  months,
  totals,
}: {
  id: string;
  year: number;
  months: SalesMonth[];
  totals: SalesTotals;
}) {
  const captionId = `${id}-caption`;
  return (
    // May scroll sideways on a narrow phone: focusable, so the keyboard can scroll it too.
    <TableContainer tabIndex={0} role="region" aria-labelledby={captionId}>
      <Table id={id} size="small" sx={{ captionSide: 'top', '& td, & th': { whiteSpace: 'nowrap', px: 1 } }}>
        <caption id={captionId} style={{ captionSide: 'top', padding: '0 8px 8px', textAlign: 'left' }}>
          {t.tableCaption(year)}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t.month}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.orders}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.goods}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.postage}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.average}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((m) => (
            <Row key={m.month} label={monthTitle(m.month)} m={m} />
          ))}
          <Row label={t.total} m={totals} total />
        </TableBody>
      </Table>
    </TableContainer>
  );
}
