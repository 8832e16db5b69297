import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database, DbKind } from './database.ts';

// COUNT(*) and SUM() come back as int8 strings from pg; our numbers are far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Stops a LISTEN and closes its connection. */
export type StopListening = () => Promise<void>;

export type DbHandle = {
  db: Kysely<Database>;
  kind: DbKind;
  /** The raw better-sqlite3 connection, for backups and pragmas; undefined on PostgreSQL. */
  sqlite?: SqliteDatabase.Database;
  /**
   * PostgreSQL only: LISTENs on `channel` over one dedicated connection (not the pool's), calling `onNotify`
   * per notification and `onConnected` after every (re)connect, since notifications sent while it was
   * down are lost. Reconnects with a growing pause (up to 5 s) when the connection breaks.
   */
  listen?: (channel: string, onNotify: (payload: string) => void, onConnected: () => void) => StopListening;
};

const LISTEN_RETRY_MAX_MS = 5000;

function listenWith(url: string): NonNullable<DbHandle['listen']> {
  return (channel, onNotify, onConnected) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retryMs = 100;
    let timer: NodeJS.Timeout | undefined;
    const reconnectLater = () => {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    };
    const connect = async () => {
      const next = new pg.Client({ connectionString: url });
      client = next;
      next.on('notification', (message) => onNotify(message.payload ?? ''));
      next.on('error', (error) => {
        console.warn(`PostgreSQL LISTEN connection lost (${error.message}); reconnecting`);
        void next.end().catch(() => {});
        reconnectLater();
      });
      next.on('end', () => {
        if (client === next) reconnectLater();
      });
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (stopped) return void (await next.end().catch(() => {}));
        retryMs = 100;
        onConnected();
      } catch (error) {
        console.warn(`PostgreSQL LISTEN failed (${(error as Error).message}); retrying`);
        void next.end().catch(() => {});
        reconnectLater();
      }
    };
    void connect();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    };
  };
}

export function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/**
 * SQLite's dialect, with two differences:
 * - SQLite rolls a transaction back by itself after some errors (a full disk: SQLITE_FULL, an I/O error), and
 *   Kysely's ROLLBACK after it then failed with "cannot rollback - no transaction is active", which replaced
 *   the real error (a 500 instead of "the disk is full").
 * - A transaction takes the write lock when it begins (BEGIN IMMEDIATE). Within one process nothing changes
 *   (Kysely runs one transaction at a time on its one connection), but a second process on the same file (a
 *   command beside the server) then waits for it (busy_timeout) instead of failing with SQLITE_BUSY when its
 *   read turns into a write: two processes adding lines of one bead each get every line and every stock
 *   movement written (decision 0018). A transaction that asks for an isolation level (the export's consistent
 *   read) only reads, and begins as before.
 */
function sqliteDialect(sqlite: SqliteDatabase.Database): SqliteDialect {
  return new (class extends SqliteDialect {
    override createDriver() {
      const driver = super.createDriver();
      const rollback = driver.rollbackTransaction.bind(driver);
      driver.rollbackTransaction = async (connection) => {
        if (sqlite.inTransaction) await rollback(connection);
      };
      const begin = driver.beginTransaction.bind(driver);
      driver.beginTransaction = async (connection, settings) => {
        if (settings.isolationLevel !== undefined) return begin(connection, settings);
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      };
      return driver;
    }
  })({ database: sqlite });
}

export function createDb(config: DatabaseConfig): DbHandle {
  if (config.kind === 'sqlite') {
    const sqlite = openSqlite(config.file);
    return {
      db: new Kysely<Database>({ dialect: sqliteDialect(sqlite) }),
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
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    kind: 'postgres',
    listen: listenWith(config.url),
  };
}
