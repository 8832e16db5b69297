import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  SqliteAdapter,
  sql,
} from 'kysely';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-limits-and-bead-name-key.ts';
import * as m0003 from './migrations/0003-table-versions.ts';
import * as m0004 from './migrations/0004-change-log.ts';
import * as m0005 from './migrations/0005-shop-settings.ts';
import * as m0006 from './migrations/0006-customer-contact.ts';
import * as m0007 from './migrations/0007-packing.ts';
import * as m0008 from './migrations/0008-payment-reminders.ts';
import * as m0009 from './migrations/0009-bead-photos.ts';
import * as m0010 from './migrations/0010-customer-address.ts';
import * as m0011 from './migrations/0011-stock.ts';
import * as m0012 from './migrations/0012-order-history.ts';
import * as m0013 from './migrations/0013-photo-and-history-versions.ts';
import * as m0014 from './migrations/0014-money.ts';
import * as m0015 from './migrations/0015-texts-that-go-out.ts';

// Migrations are listed here (not read from disk) so that they work the same from tsx, a bundle or tests.
const migrations = {
  '0001-initial': m0001,
  '0002-limits-and-bead-name-key': m0002,
  '0003-table-versions': m0003,
  '0004-change-log': m0004,
  '0005-shop-settings': m0005,
  '0006-customer-contact': m0006,
  '0007-packing': m0007,
  '0008-payment-reminders': m0008,
  '0009-bead-photos': m0009,
  '0010-customer-address': m0010,
  '0011-stock': m0011,
  '0012-order-history': m0012,
  '0013-photo-and-history-versions': m0013,
  '0014-money': m0014,
  '0015-texts-that-go-out': m0015,
} satisfies Record<string, Migration>;

export type MigrationName = keyof typeof migrations;

const provider: MigrationProvider = { getMigrations: async () => migrations };

function throwIfFailed({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** SQLite may have rolled back already (e.g. disk full); the migration's own error is the one to report. */
const rollback = (db: Kysely<unknown>) => sql`rollback`.execute(db).catch(() => {});

/**
 * Kysely runs each migration in a transaction only where it believes DDL is transactional, and its SQLite
 * adapter says no (although SQLite's DDL is). Without one, a migration that fails or is killed half-way
 * (0002 renames rows in two passes after adding a column) would leave a half-migrated file that the next start
 * cannot migrate ("duplicate column name"). So on SQLite all pending migrations and their records run in one
 * transaction of their own: all or nothing. (A migration must then not open a transaction itself.)
 * PostgreSQL keeps Kysely's transaction per migration.
 */
async function run(db: Kysely<unknown>, migrate: (migrator: Migrator) => Promise<MigrationResultSet>) {
  const migrator = new Migrator({ db, provider });
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return throwIfFailed(await migrate(migrator));
  await sql`begin immediate`.execute(db);
  let result: MigrationResultSet;
  try {
    result = await migrate(migrator);
  } catch (error) {
    await rollback(db);
    throw error;
  }
  if (result.error !== undefined || result.results?.some((r) => r.status === 'Error')) await rollback(db);
  else await sql`commit`.execute(db);
  throwIfFailed(result);
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  await run(db, (migrator) => migrator.migrateToLatest());
}

/** Migrates up (or down) to the named migration: for tests that need the schema of an older day. */
export async function migrateTo(db: Kysely<unknown>, name: MigrationName): Promise<void> {
  await run(db, (migrator) => migrator.migrateTo(name));
}
