import { Chip, type ChipProps } from '@mui/material';
import { type OrderStatus, orderStatusColor, orderStatusLabel } from '../../shared/domain/order-status.ts';

/** An order's status as a coloured chip (docs/product/statuses.md: active primary, invoiced warning, …). */
export function StatusChip({ status, size = 'small' }: { status: OrderStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      color={orderStatusColor(status)}
      variant={status === 'shipped' ? 'outlined' : 'filled'}
      label={orderStatusLabel(status)}
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
}
