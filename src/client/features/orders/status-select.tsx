import { Box, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import {
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusLabel,
} from '../../../shared/domain/order-status.ts';
import { texts } from '../../../shared/texts.ts';

/**
 * An order's 'Status': a dropdown of the five labels, or plain text for a shipped order, which is
 * read-only. A native select, so the phone shows its own picker.
 */
export function OrderStatusSelect({
  status,
  onChange,
  disabled = false,
}: {
  status: OrderStatus;
  onChange: (status: OrderStatus) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  if (status === 'shipped') {
    return (
      <Box>
        <Typography id={labelId} variant="caption" color="text.secondary" component="p">
          {texts.orders.statusLabel}
        </Typography>
        <Typography aria-labelledby={labelId}>{orderStatusLabel(status)}</Typography>
      </Box>
    );
  }
  return (
    <TextField
      select
      size="small"
      label={texts.orders.statusLabel}
      value={status}
      disabled={disabled}
      onChange={(event) => {
        const next = event.target.value;
        if (isOrderStatus(next) && next !== status) onChange(next);
      }}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 190, maxWidth: { sm: 220 } }}
    >
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>
          {orderStatusLabel(value)}
        </option>
      ))}
    </TextField>
  );
}
