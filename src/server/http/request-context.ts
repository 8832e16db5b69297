import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/create-db.ts';
import type { DbKind } from '../db/database.ts';

/**
 * What the route plugins that need more than the request's `db` get (health, set-up, data): the engine, the
 * auth instance, the configuration and SQLite's raw connection. The database itself is not here: a route
 * reaches it only as serve()'s `db` (http/serve.ts).
 */
export type ApiContext = {
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
