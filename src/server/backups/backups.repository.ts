import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** PostgreSQL only: how many bytes the shop's database takes on its server's disk. */
export async function postgresDatabaseBytes(db: Db): Promise<number> {
  const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(
    db,
  );
  return Number(rows[0]?.bytes ?? 0);
}
