import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/create-db.ts';
import type { Db, DbKind } from '../db/database.ts';

/** What every route plugin gets: the database and the auth instance. */
export type ApiContext = {
  db: Db;
  kind: DbKind;
  auth: Auth;
  config: Config;
  /** The raw SQLite connection (online backups); undefined on PostgreSQL. */
  sqlite?: DbHandle['sqlite'];
};

export type SessionUser = { id: string; name: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
