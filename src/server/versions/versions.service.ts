/**
 * Table versions (migration 0003): a number per shop table that the database raises on every write. A list
 * answer that reads tables A and B is the same as long as their versions are: its ETag is built from them.
 */
import type { VersionedTable } from '../../shared/api/tables.ts';
import type { Db } from '../db/database.ts';
import { selectTableVersions } from './versions.repository.ts';

/** The tables' versions joined in the given order, e.g. '12.40.7'. */
export async function versionStamp(db: Db, tables: readonly VersionedTable[]): Promise<string> {
  const rows = await selectTableVersions(db, tables);
  const byName = new Map(rows.map((row) => [row.table_name, String(row.version)]));
  return tables.map((table) => byName.get(table) ?? '0').join('.');
}
