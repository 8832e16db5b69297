import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Card, Typography } from '@mui/material';
import { useMemo } from 'react';
import { formatKr } from '../../../shared/domain/money.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useQueuedLines } from '../../api/orders.ts';

/**
 * The lines added offline to the customer's active order, shown until they are sent: text and
 * price as the owner entered them (a bead's from the cached catalogue), to be priced by the server.
 */
export function QueuedLines({ customerId }: { customerId: string }) {
  const queued = useQueuedLines(customerId);
  // Only what is cached: nothing is fetched for this.
  const beads = useBeads({ enabled: false });
  const beadById = useMemo(() => new Map((beads.data ?? []).map((bead) => [bead.id, bead])), [beads.data]);
  if (queued.length === 0) return null;
  return (
    <Card sx={{ mt: 1.5, p: 2, bgcolor: '#fffaf2', borderStyle: 'dashed' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'text.secondary' }}>
        <CloudUploadOutlinedIcon fontSize="small" aria-hidden />
        <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }} id={`queued-${customerId}`}>
          {texts.offline.queuedLines}
        </Typography>
      </Box>
      <Box component="ul" aria-labelledby={`queued-${customerId}`} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {queued.map(({ key, line }) => {
          const bead = line.kind === 'bead' ? beadById.get(line.beadId) : undefined;
          const text = line.kind === 'free' ? line.text : (bead?.name ?? texts.lines.tabBead);
          const priceOre = line.kind === 'free' ? line.priceOre : bead?.priceOre;
          return (
            <Box
              component="li"
              key={key}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}
            >
              <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{text}</Typography>
              {priceOre !== undefined && (
                <Typography color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatKr(priceOre)}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
