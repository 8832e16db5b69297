import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Box } from '@mui/material';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { texts } from '../../../shared/texts.ts';
import { useLiveStatus } from '../../api/live.ts';
import { Hint } from '../../components/hint.tsx';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * A small, quiet sign in the app bar while the live connection is down (changes made on another device show
 * only after a reload). Offline, the offline banner says more, so the sign stays away.
 */
export function LiveIndicator() {
  const status = useLiveStatus();
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  if (status !== 'down' || !online) return null;
  return (
    <Hint title={texts.live.downHint}>
      <Box
        role="status"
        aria-label={texts.live.down}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mr: 1.5, opacity: 0.9, fontSize: '0.8125rem' }}
      >
        <SyncProblemIcon fontSize="small" aria-hidden />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {texts.live.down}
        </Box>
      </Box>
    </Hint>
  );
}
