import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Typography } from '@mui/material';
import { countOf } from '../../../shared/domain/plural.ts';
import { texts } from '../../../shared/texts.ts';
import { useIsOnline } from '../../lib/connection.ts';
import { useWaitingChanges } from '../../lib/offline-writes.ts';

const t = texts.offline;

/**
 * The strip under the header while the app is offline: the screens show the data last fetched,
 * and the changes made meanwhile wait ('3 ændringer venter'). Once the network is back it says that they are
 * being sent, and goes when they are.
 */
export function OfflineBanner() {
  const online = useIsOnline();
  const waiting = useWaitingChanges();
  if (online && waiting === 0) return null;
  const Icon = online ? CloudUploadOutlinedIcon : CloudOffOutlinedIcon;
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        px: { xs: 2, sm: 3 },
        py: 0.75,
        bgcolor: '#fdf0dc',
        color: '#4d3200',
        borderTop: 1,
        borderColor: 'rgba(0,0,0,0.12)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Icon fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {online ? t.sending(countOf(waiting, t.waitingUnit)) : t.banner}
        </Typography>
      </Box>
      {!online && waiting > 0 && (
        <Typography
          variant="body2"
          // On a phone it wraps under the text: lined up with it, not with the icon.
          sx={{
            ml: { xs: 3.5, sm: 0 },
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'rgba(255,255,255,0.75)',
            fontWeight: 600,
          }}
        >
          {countOf(waiting, t.waiting)}
        </Typography>
      )}
    </Box>
  );
}
