import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import type { DataTable } from '../../shared/schemas/api-data.ts';
import { call } from '../lib/api.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter, refreshEverything } from './refresh.ts';

/** Indstillinger's data module (apiRoutes.importData, exportJson, exportCsv, backups, takeBackup). */
export const dataKeys = { backups: keyOf(apiRoutes.backups) };

/** The exports are links (a download), not calls. */
export const exportJsonUrl = urlOf(apiRoutes.exportJson);
/** The export with the bead photos (decision 0016). */
export const exportZipUrl = urlOf(apiRoutes.exportZip);
export const exportCsvUrl = (table: DataTable) => urlOf(apiRoutes.exportCsv, { query: { table } });

/** apiRoutes.backups: the SQLite backups (or `enabled: false` on PostgreSQL). */
export function useBackups() {
  return useQuery(queryOf(apiRoutes.backups));
}

/**
 * What the banner warns about: the second copy failing or older than 2 days, the disk nearly full.
 * The same answer as Indstillinger's list; asked for by the shell once the first screen has settled
 * (`enabled`), and again every 10 minutes while the app is open.
 */
export function useBackupWarnings({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: dataKeys.backups,
    queryFn: () => call(apiRoutes.backups),
    enabled,
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
    select: (list) => ({
      copy: list.health.copy.needsAttention ? list.health.copy : null,
      diskLowBytes: list.health.disk.low ? list.health.disk.freeBytes : null,
    }),
  });
}

/** apiRoutes.takeBackup: takes a backup now. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(apiRoutes.takeBackup),
    onSuccess: () => refreshAfter(queryClient, apiRoutes.takeBackup),
  });
}

/**
 * apiRoutes.importData (`?dryRun=…`): the dry run returns the report and writes nothing; the real import
 * refreshes every list in the app, since it can touch them all.
 */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    // The export with photos (a zip) goes as its bytes to its own route; a JSON file as its content.
    mutationFn: ({ content, dryRun }: { content: unknown; dryRun: boolean }) =>
      content instanceof Blob
        ? call(apiRoutes.importZip, {
            query: { dryRun },
            body: new Blob([content], { type: 'application/zip' }),
          })
        : // A file that is not a shop's export (not even an object) is refused by the server, in Danish.
          call(apiRoutes.importData, { query: { dryRun }, body: content as Record<string, unknown> }),
    onSuccess: (report) => {
      if (!report.dryRun) return refreshEverything(queryClient);
    },
  });
}
