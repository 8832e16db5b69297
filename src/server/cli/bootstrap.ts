/**
 * How every command starts (docs/conventions.md: the CLIs run over one bootstrap): .env honoured, the
 * configuration checked once, the database `npm start` would use opened and migrated, and closed at the end.
 * A configuration problem or a refusal of a service (DomainError) is printed as its message and exits 1.
 */
import { type Config, ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.ts';
import { createDb, type DbHandle } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DomainError } from '../errors.ts';

export type Shop = { config: Config; database: DbHandle };

/** The configuration from the environment and .env (DATA_DIR, DATABASE_URL, …); throws ConfigError. */
export function loadCommandConfig(): Config {
  loadEnvFileIfPresent();
  return loadConfig();
}

/** Opens the configured database and runs the migrations; a failed migration closes it again. */
export async function openDatabase(config: Config): Promise<DbHandle> {
  const database = createDb(config.database);
  try {
    await migrateToLatest(database.db as never);
  } catch (error) {
    await database.db.destroy().catch(() => {});
    throw error;
  }
  return database;
}

/** Runs `work` on the configured, migrated database and closes it afterwards, whatever happens. */
export async function withShop<T>(work: (shop: Shop) => Promise<T>): Promise<T> {
  const config = loadCommandConfig();
  const database = await openDatabase(config);
  try {
    return await work({ config, database });
  } finally {
    await database.db.destroy();
  }
}

/** Runs a command and sets its exit code: what `run` returns, or 1 after printing what went wrong. */
export async function runCommand(run: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run();
  } catch (error) {
    const expected = error instanceof ConfigError || error instanceof DomainError;
    console.error(expected ? error.message : error);
    process.exitCode = 1;
  }
}
