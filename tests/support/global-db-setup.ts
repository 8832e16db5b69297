import fs from 'node:fs';
import pg from 'pg';
import { createDb } from '../../src/server/db/create-db.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { PG_TEMPLATE, postgresUrl, SQLITE_TEMPLATE, TMP_DIR } from './test-db.ts';

/** Migrates one template database per engine; every test file copies it (Epic Stack's db-setup habit). */
export default async function setup() {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_TEMPLATE}${suffix}`, { force: true });
  const sqlite = createDb({ kind: 'sqlite', file: SQLITE_TEMPLATE });
  await migrateToLatest(sqlite.db as never);
  // Fold the WAL back into the file so a plain copy is complete.
  sqlite.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.sqlite?.pragma('journal_mode = DELETE');
  await sqlite.db.destroy();

  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const stale = await admin.query(
      `select datname from pg_database where datname like 'test\\_%' or datname = $1`,
      [PG_TEMPLATE],
    );
    for (const row of stale.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    await admin.end();
    const template = createDb({ kind: 'postgres', url: postgresUrl(PG_TEMPLATE) });
    await migrateToLatest(template.db as never);
    await template.db.destroy();
  }
}
