/**
 * Our own export format (`format: 'naalepuden-export'`, `version: 1`; schema in
 * src/shared/schemas/api-data.ts). Pure: reading a file back into import records, and recognising it.
 */
import { normalizeName } from '../../shared/domain/customer-name.ts';
import type { ImportIssue } from '../../shared/schemas/api-data.ts';
import {
  DATA_TABLES,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportFileSchema,
} from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';

const r = texts.data.report;

import { ImportFileError, type ParsedImport } from './import-records.ts';

export function isNaalepudenExport(input: unknown): boolean {
  return (
    typeof input === 'object' && input !== null && (input as { format?: unknown }).format === EXPORT_FORMAT
  );
}

/** Reads our own export; refuses other versions and files that do not match the schema. */
export function parseNaalepudenExport(input: unknown): ParsedImport {
  if (!isNaalepudenExport(input)) throw new ImportFileError(texts.data.fileUnknownFormat);
  const version = (input as { version?: unknown }).version;
  if (version !== EXPORT_VERSION) throw new ImportFileError(texts.data.fileUnknownVersion(String(version)));
  const parsed = exportFileSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ImportFileError(texts.data.fileInvalid(first?.path.join('.') ?? '', first?.message ?? ''));
  }
  const file = parsed.data;
  for (const table of DATA_TABLES) {
    const seen = new Set<string>();
    for (const row of file[table]) {
      if (seen.has(row.id))
        throw new ImportFileError(texts.data.fileInvalid(table, texts.data.duplicateId(row.id)));
      seen.add(row.id);
    }
  }
  // Dates as ISO UTC instants, names cleaned like the API's; a name that cleans away is a row left out.
  const iso = (value: string) => new Date(value).toISOString();
  const issues: ImportIssue[] = [];
  const named = <T extends { id: string; name: string }>(rows: T[], table: 'customers' | 'beads') =>
    rows
      .map((row) => ({ ...row, name: normalizeName(row.name) }))
      .filter((row) => {
        if (row.name !== '') return true;
        const message = table === 'customers' ? r.customerNameMissing(row.id) : r.beadNameMissing(row.id);
        const code = table === 'customers' ? 'customerNameMissing' : 'beadNameMissing';
        issues.push({ code, table, ids: [row.id], message });
        return false;
      });
  return {
    source: 'naalepuden',
    customers: named(file.customers, 'customers').map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    beads: named(file.beads, 'beads').map((b) => ({ ...b, createdAt: iso(b.createdAt) })),
    todos: file.todos.map((t) => ({ ...t, createdAt: iso(t.createdAt) })),
    orders: file.orders.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    orderLines: file.orderLines.map((l) => ({ ...l, addedAt: iso(l.addedAt) })),
    issues,
  };
}
