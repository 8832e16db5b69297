import type { Db } from '../db/database.ts';

export type IdempotencyRecord = { key: string; scope: string; response: string };

export function findIdempotencyKey(db: Db, key: string): Promise<IdempotencyRecord | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['key', 'scope', 'response'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Claims a key inside the caller's transaction. The primary key makes a concurrent claim of the same key
 * wait for this transaction and then fail with a unique violation.
 */
export async function insertIdempotencyKey(
  db: Db,
  record: IdempotencyRecord & { created_at: string },
): Promise<void> {
  await db.insertInto('idempotency_keys').values(record).execute();
}

export async function setIdempotencyResponse(db: Db, key: string, response: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response }).where('key', '=', key).execute();
}

/** Deletes the keys created before the given instant; returns how many. */
export async function deleteIdempotencyKeysBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
