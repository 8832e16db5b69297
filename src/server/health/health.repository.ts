import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The smallest round trip to the database; throws when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
