import { Box, Chip } from '@mui/material';
import { texts } from '../../../shared/texts.ts';

/**
 * A row of customer names that jumps to each customer's orders. It sticks under the app bar and
 * scrolls sideways on a phone, so it never pushes the list far down.
 */
export function OrdersJumpBar({
  customers,
  onJump,
}: {
  customers: { key: string; name: string }[];
  onJump: (key: string) => void;
}) {
  return (
    <Box
      component="nav"
      aria-label={texts.orders.jumpBarLabel}
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 2,
        mx: { xs: -1.5, sm: 0 },
        px: { xs: 1.5, sm: 0 },
        py: 1,
        bgcolor: 'background.default',
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        scrollbarWidth: 'thin',
      }}
    >
      {customers.map((customer) => (
        <Chip
          key={customer.key}
          label={customer.name}
          aria-label={texts.orders.jumpToCustomer(customer.name)}
          onClick={() => onJump(customer.key)}
          variant="outlined"
          size="small"
          sx={{ bgcolor: 'background.paper', flexShrink: 0 }}
        />
      ))}
    </Box>
  );
}
