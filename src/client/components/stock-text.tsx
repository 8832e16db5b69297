import { Typography } from '@mui/material';
import { stockLabel } from '../../shared/domain/stock.ts';

/**
 * A counted bead's stock where a bead is picked (docs/product/stock.md): "12 på lager", or "Udsolgt" / "mangler 2"
 * in the error colour. Nothing for a bead never counted.
 */
export function StockText({
  stock,
  variant = 'body2',
}: {
  stock: number | null | undefined;
  variant?: 'body2' | 'caption';
}) {
  if (stock === null || stock === undefined) return null;
  return (
    <Typography
      component="span"
      variant={variant}
      sx={{
        color: stock > 0 ? 'text.secondary' : 'error.main',
        fontWeight: stock > 0 ? undefined : 600,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {stockLabel(stock)}
    </Typography>
  );
}
