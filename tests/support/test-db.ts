import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '../../src/server/db/create-db.ts';
import type { DbKind } from '../../src/server/db/database.ts';

export const TMP_DIR = path.resolve('tests/.tmp');
export const SQLITE_TEMPLATE = path.join(TMP_DIR, 'template.sqlite');
export const PG_TEMPLATE = 'naalepuden_template';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server (Kysely's DIALECTS habit). */
export const dialects: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export function postgresUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

export type TestDatabase = DbHandle & { url: string; drop: () => Promise<void> };

/** A fresh, migrated database of its own for one test file (copied from a template migrated once). */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  const id = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
  if (kind === 'sqlite') {
    const file = path.join(TMP_DIR, `test-${id}.sqlite`);
    fs.copyFileSync(SQLITE_TEMPLATE, file);
    const handle = createDb({ kind: 'sqlite', file });
    return {
      ...handle,
      url: `file:${file}`,
      drop: async () => {
        await handle.db.destroy().catch(() => {});
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  const name = `test_${id}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${PG_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = postgresUrl(name);
  const handle = createDb({ kind: 'postgres', url });
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy().catch(() => {});
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      // pg's Pool.end() resolves before its sockets have closed; forcing the drop while they are still
      // closing makes the server kill them (57P01), which surfaces as an unhandled error in the test run.
      for (let i = 0; i < 50; i++) {
        const open = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
