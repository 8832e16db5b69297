import type { Db } from '../db/database.ts';

export function selectTableVersions(db: Db, tables: readonly string[]) {
  return db
    .selectFrom('table_versions')
    .select(['table_name', 'version'])
    .where('table_name', 'in', tables)
    .execute();
}
