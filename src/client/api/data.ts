import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backup, BackupList, DataTable, ImportReport } from '../../shared/schemas/api-data.ts';
import { apiGet, apiPost } from '../lib/api.ts';
import { keyRoots, refresh, refreshAfter, refreshEverything } from './refresh.ts';

/** Indstillinger's data module (/api/data/*): import, export and backups. */
export const dataKeys = { backups: keyRoots.backups };

export const exportJsonUrl = '/api/data/export.json';
export const exportCsvUrl = (table: DataTable) => `/api/data/export.csv?table=${table}`;

/** GET /api/data/backups: the SQLite backups (or `enabled: false` on PostgreSQL). */
export function useBackups() {
  return useQuery({ queryKey: dataKeys.backups, queryFn: () => apiGet<BackupList>('/api/data/backups') });
}

/**
 * What the banner warns about (issue 23): the second copy failing or older than 2 days, the disk nearly full.
 * The same answer as Indstillinger's list; asked for by the shell once the first screen has settled
 * (`enabled`), and again every 10 minutes while the app is open.
 */
export function useBackupWarnings({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: dataKeys.backups,
    queryFn: () => apiGet<BackupList>('/api/data/backups'),
    enabled,
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
    select: (list) => ({
      copy: list.health.copy.needsAttention ? list.health.copy : null,
      diskLowBytes: list.health.disk.low ? list.health.disk.freeBytes : null,
    }),
  });
}

/** POST /api/data/backups: takes a backup now. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<Backup>('/api/data/backups'),
    onSuccess: () => refresh(queryClient, refreshAfter.takeBackup),
  });
}

/**
 * POST /api/data/import?dryRun=…: the dry run returns the report and writes nothing; the real import
 * refreshes every list in the app, since it can touch them all.
 */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, dryRun }: { content: unknown; dryRun: boolean }) =>
      apiPost<ImportReport>(`/api/data/import?dryRun=${dryRun}`, content),
    onSuccess: (report) => {
      if (!report.dryRun) return refreshEverything(queryClient);
    },
  });
}
