import { Alert, Box, Typography } from '@mui/material';
import { formatDateTime } from '../../../shared/domain/dates.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { BackupHealth } from '../../../shared/schemas/api-data.ts';
import { backupTexts as t } from '../../../shared/texts/backups.ts';
import { formatBytes } from '../../lib/format-bytes.ts';

/**
 * Indstillinger → Sikkerhedskopier: where the second copy goes and how it went, the newest checked
 * backup and restore drill, and the free space on the disk.
 */
export function BackupHealthView({ health }: { health: BackupHealth }) {
  const { copy, disk } = health;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h3" component="h3">
        {t.copyTitle}
      </Typography>
      {copy.directory === null ? (
        <Typography variant="body2" color="text.secondary">
          {t.copyNone}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t.copyWhere} <code>{copy.directory}</code>
          </Typography>
          <Typography variant="body2">
            {copy.lastCopyAt ? t.lastCopy(formatDateTime(copy.lastCopyAt)) : t.noCopyYet}
          </Typography>
          {copy.lastFailure && (
            <Alert severity="error">
              {t.lastFailure(formatDateTime(copy.lastFailure.at), t.reasons[copy.lastFailure.reason])}
            </Alert>
          )}
          {!copy.lastFailure && copy.needsAttention && <Alert severity="warning">{t.bannerCopyOld}</Alert>}
        </>
      )}
      {health.lastVerifyFailure && (
        <Alert severity="error">{t.verifyFailed(formatDateTime(health.lastVerifyFailure.at))}</Alert>
      )}
      {health.lastVerified && (
        <Typography variant="body2">{t.verified(formatDateTime(health.lastVerified.at))}</Typography>
      )}
      <Typography variant="body2">
        {health.lastCheck
          ? t.lastCheck(
              formatDateTime(health.lastCheck.at),
              formatInteger(health.lastCheck.counts.customers),
              formatInteger(health.lastCheck.counts.orders),
            )
          : t.noCheckYet}
      </Typography>
      {disk.freeBytes !== null &&
        (disk.low ? (
          <Alert severity="warning">{t.diskLow(formatBytes(disk.freeBytes))}</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t.diskFree(formatBytes(disk.freeBytes))}
          </Typography>
        ))}
    </Box>
  );
}
