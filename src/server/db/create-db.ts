import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database, DbKind } from './database.ts';

// COUNT(*) and SUM() come back as int8 strings from pg; our numbers are far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type DbHandle = {
  db: Kysely<Database>;
  kind: DbKind;
  /** The raw better-sqlite3 connection, for backups and pragmas; undefined on PostgreSQL. */
  sqlite?: SqliteDatabase.Database;
};

export function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

export function createDb(config: DatabaseConfig): DbHandle {
  if (config.kind === 'sqlite') {
    const sqlite = openSqlite(config.file);
    return {
      db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
      kind: 'sqlite',
      sqlite,
    };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // An idle client can lose its connection (server restart, admin command); without a listener the
  // pool's 'error' event would crash the process. The pool drops that client and connects anew.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL: an idle connection was closed (${error.message})`);
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
}
