/**
 * How every command starts (docs/conventions.md: the CLIs run over one bootstrap): .env honoured, the
 * configuration checked once, the database `npm start` would use opened and migrated, and closed at the end.
 * A configuration problem or a refusal of a service (DomainError) is printed as its message and exits 1.
 */
import { type Config, ConfigError, loadCommandConfig } from '../config.ts';
import type { DbHandle } from '../db/create-db.ts';
import { openDatabase } from '../db/open-database.ts';
import { DomainError } from '../errors.ts';

export type Shop = { config: Config; database: DbHandle };

/** Runs `work` on the configured, migrated database and closes it afterwards, whatever happens. */
export async function withShop<T>(work: (shop: Shop) => Promise<T>): Promise<T> {
  const config = loadCommandConfig();
  const database = await openDatabase(config.database);
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
