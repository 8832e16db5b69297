import { shortIdList } from '../../shared/domain/id-list.ts';
import { DATA_TABLES, type ImportReport } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';

/** The Danish report as plain text: summary, counts per table, then every conflict and how it was resolved. */
export function formatImportReport(report: ImportReport): string {
  const t = texts.data;
  const lines = [report.dryRun ? t.dryRunTitle : t.doneTitle, report.summary, ''];
  const h = t.countsHeader;
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(14) : cell.padStart(14))).join('');
  lines.push(row([h.table, h.inFile, h.added, h.alreadyPresent, h.skipped]));
  for (const table of DATA_TABLES) {
    const c = report.counts[table];
    lines.push(row([t.tables[table].title, ...[c.inFile, c.added, c.alreadyPresent, c.skipped].map(String)]));
  }
  lines.push('', t.issuesTitle);
  if (report.issues.length === 0) lines.push(`  ${t.noIssues}`);
  for (const issue of report.issues) {
    lines.push(`- ${issue.message}`);
    if (issue.code === 'alreadyPresent') lines.push(`  ${t.idsLabel(shortIdList(issue.ids))}`);
  }
  return lines.join('\n');
}
