import BackupIcon from '@mui/icons-material/Backup';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { formatDateTime } from '../../../shared/domain/dates.ts';
import { backupTexts } from '../../../shared/texts/backups.ts';
import { texts } from '../../../shared/texts.ts';
import { useBackups, useTakeBackup } from '../../api/data.ts';
import { LoadingState } from '../../components/loading-state.tsx';
import { formatBytes } from '../../lib/format-bytes.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { BackupHealthView } from './backup-health.tsx';

const t = texts.data;

/** Sikkerhedskopier: the automatic SQLite backups, a button for one more now, and how to restore. */
export function BackupsCard() {
  const id = useId();
  const backups = useBackups();
  const takeBackup = useTakeBackup();

  const backupNow = async () => {
    try {
      await takeBackup.mutateAsync();
      notifySuccess(t.backupTaken);
    } catch (error) {
      notifyError(error);
    }
  };

  let content: ReactNode;
  if (backups.isPending) {
    content = <LoadingState label={t.backupsLoading} />;
  } else if (backups.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => backups.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {t.backupsLoadFailed}
      </Alert>
    );
  } else if (!backups.data.enabled) {
    const { databaseBytes } = backups.data.health.disk;
    content = (
      <>
        <Alert severity="info">{t.backupsPostgres}</Alert>
        {databaseBytes !== null && (
          <Typography variant="body2">{backupTexts.postgresSize(formatBytes(databaseBytes))}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {backupTexts.postgresDisk}
        </Typography>
      </>
    );
  } else {
    const { data } = backups;
    content = (
      <>
        <Typography color="text.secondary">{t.backupsIntro(data.keep)}</Typography>
        {data.nextRunAt && (
          <Typography variant="body2">{t.nextBackup(formatDateTime(data.nextRunAt))}</Typography>
        )}
        <Box>
          <Button
            variant="outlined"
            startIcon={<BackupIcon />}
            onClick={backupNow}
            disabled={takeBackup.isPending}
          >
            {takeBackup.isPending ? t.backingUp : t.backupNow}
          </Button>
        </Box>
        {data.backups.length === 0 ? (
          <Typography color="text.secondary">{t.backupsEmpty}</Typography>
        ) : (
          <List dense disablePadding aria-label={t.backupList}>
            {data.backups.map((backup) => (
              <ListItem key={backup.name} disableGutters divider>
                <ListItemText
                  primary={formatDateTime(backup.createdAt)}
                  secondary={
                    <>
                      {`${t.backupKinds[backup.kind]} · ${formatBytes(backup.sizeBytes)}`}
                      {backup.brokenPictures ? (
                        <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                          {backupTexts.picturesBroken(backup.brokenPictures)}
                        </Typography>
                      ) : null}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
        {data.directory && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t.backupsFolder(data.directory)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t.restoreHint}
        </Typography>
        <BackupHealthView health={data.health} />
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2">
          {t.backupsTitle}
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
}
