import type { DatabaseConfig } from '../config.ts';
import { createDb, type DbHandle } from './create-db.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * Opens the configured database and runs the migrations; a failed migration closes it again. How the server
 * (main.ts) and every command (cli/bootstrap.ts) open the shop's database.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DbHandle> {
  const database = createDb(config);
  try {
    await migrateToLatest(database.db as never);
  } catch (error) {
    await database.db.destroy().catch(() => {});
    throw error;
  }
  return database;
}
