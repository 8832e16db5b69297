import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { screens } from '../../../shared/screens.ts';
import { backupTexts as t } from '../../../shared/texts/backups.ts';
import { useBackupWarnings } from '../../api/data.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { Link } from '../../lib/router.tsx';

/** How long after the first screen the shell asks about the backups (not on the first screen's path). */
const ASK_AFTER_MS = 5000;

/**
 * The strip under the header when the shop's data is at risk: the second copy of the backups
 * failed or is older than 2 days, or the disk is nearly full. It links to Indstillinger → Sikkerhedskopier.
 */
export function BackupBanner() {
  const [ask, setAsk] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAsk(true), ASK_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const warnings = useBackupWarnings({ enabled: ask });
  const copy = warnings.data?.copy ?? null;
  const diskLow = warnings.data?.diskLowBytes ?? null;
  if (!copy && diskLow === null) return null;
  const messages = [
    copy && (copy.lastFailure ? t.bannerCopyFailed : t.bannerCopyOld),
    diskLow !== null && t.bannerDiskLow(formatBytes(diskLow)),
  ].filter(Boolean);
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        px: { xs: 2, sm: 3 },
        py: 0.75,
        bgcolor: '#fde7e7',
        color: '#5f1414',
        borderTop: 1,
        borderColor: 'rgba(0,0,0,0.12)',
      }}
    >
      <WarningAmberOutlinedIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
        {messages.join(' ')}
      </Typography>
      <Typography
        variant="body2"
        component={Link}
        to={screens.settings.path}
        sx={{ color: 'inherit', fontWeight: 700 }}
      >
        {t.bannerOpen}
      </Typography>
    </Box>
  );
}
