// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The change log: one row per change the shop's services make, written in the write's own
 * transaction. `seq` orders the changes as they were committed (appends are serialised: SQLite has one
 * writer, PostgreSQL takes an advisory lock right before commit), so it is the live events' id and the point
 * a reconnecting client resumes from. Pruned by age, except the order history (status, home delivery).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('change_log')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('data', 'text')
    .execute();
  await db.schema.createIndex('change_log_at_idx').on('change_log').column('at').execute();
  await db.schema
    .createIndex('change_log_entity_idx')
    .on('change_log')
    .columns(['entity', 'entity_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_log').execute();
}
