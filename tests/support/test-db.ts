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

/** An empty database of its own, not migrated (a migration's test migrates it to the day it needs). */
export async function createEmptyDatabase(kind: DbKind): Promise<DbHandle & { drop: () => Promise<void> }> {
  const id = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
  if (kind === 'sqlite') {
    fs.mkdirSync(TMP_DIR, { recursive: true });
    const file = path.join(TMP_DIR, `migration-${id}.sqlite`);
    const handle = createDb({ kind: 'sqlite', file });
    return {
      ...handle,
      drop: async () => {
        await handle.db.destroy().catch(() => {});
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  // 'test_' so that the global setup's clean-up also finds it if this run is killed.
  const name = `test_migration_${id}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const handle = createDb({ kind: 'postgres', url: postgresUrl(name) });
  return {
    ...handle,
    drop: async () => {
      await handle.db.destroy().catch(() => {});
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
