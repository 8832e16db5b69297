import { Chip } from '@mui/material';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';
import { Hint } from '../../components/hint.tsx';

const m = texts.money;

/** 'Nr. 2026-0042' on an order that has its number; 'Annulleret' beside it while it is void. */
export function OrderNumber({
  order,
  size = 'small',
}: {
  order: Pick<Order, 'number' | 'billState'>;
  size?: 'small' | 'medium';
}) {
  if (order.number === null) return null;
  const cancelled = order.billState === 'cancelled';
  return (
    <Hint title={cancelled ? m.cancelledHint : m.numberLabel}>
      <Chip
        size={size}
        variant="outlined"
        color={cancelled ? 'default' : 'primary'}
        label={cancelled ? `${m.number(order.number)} · ${m.cancelled}` : m.number(order.number)}
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
      />
    </Hint>
  );
}
