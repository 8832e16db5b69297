import { Box, Skeleton, Typography } from '@mui/material';
import { formatDayMonthTime } from '../../../shared/domain/dates.ts';
import { orderStatusLabel } from '../../../shared/domain/order-status.ts';
import type { OrderHistoryEntry } from '../../../shared/schemas/api-order-history.ts';
import { texts } from '../../../shared/texts.ts';
import { useOrderHistory } from '../../api/orders.ts';

const h = texts.orders.history;

function entryLabel(entry: OrderHistoryEntry): string {
  if (entry.kind === 'status') return orderStatusLabel(entry.to);
  return entry.to ? h.homeDeliveryOn : h.homeDeliveryOff;
}

/**
 * An order's history in one line of steps: 'Oprettet 2. marts 09:12 → Afventer betaling
 * 3. marts 14:02 → Afsendt 9. marts 10:15'. Asked for when the order is shown; it follows every change.
 */
export function OrderHistoryView({ orderId, createdAt }: { orderId: string; createdAt: string }) {
  const history = useOrderHistory(orderId);
  const steps = [
    { key: 'created', label: h.started, at: createdAt },
    ...(history.data?.entries ?? []).map((entry, index) => ({
      key: `${index}-${entry.at}`,
      label: entryLabel(entry),
      at: entry.at,
    })),
  ];
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ fontWeight: 400 }}>
        {h.title}
      </Typography>
      <Box
        component="ol"
        aria-label={h.title}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          columnGap: 1,
          rowGap: 0.5,
          m: 0,
          p: 0,
        }}
      >
        {steps.map((step, index) => (
          <Box component="li" key={step.key} sx={{ listStyle: 'none', display: 'flex', gap: 1 }}>
            {index > 0 && (
              <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
                →
              </Box>
            )}
            <Typography component="span" variant="body2">
              <Box component="span" sx={{ fontWeight: 600 }}>
                {step.label}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {formatDayMonthTime(step.at)}
              </Box>
            </Typography>
          </Box>
        ))}
        {history.isPending && (
          // The steps' own type, so the line keeps its height when they come.
          <Typography
            component="li"
            variant="body2"
            sx={{ listStyle: 'none' }}
            aria-label={texts.app.loading}
          >
            <Skeleton width={140} />
          </Typography>
        )}
      </Box>
      {history.isError && (
        <Typography variant="body2" color="error">
          {h.loadFailed}
        </Typography>
      )}
    </Box>
  );
}
