import { createHash } from 'node:crypto';
import { nowIso } from '../../shared/domain/dates.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError } from '../errors.ts';
import {
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  insertIdempotencyKey,
  setIdempotencyResponse,
} from './idempotency.repository.ts';

/** Keys are kept this long; a retry after that runs again. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Pruning runs at most this often per database (at the first keyed request after start-up, then hourly). */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The answer of a create: its status and body, stored for a replay. */
export type IdempotentAnswer<S extends number, T> = { status: S; body: T };

/**
 * What the key was used for: the route, its params and a hash of the (parsed) body. The same key with
 * another route, id or body is refused with 409 IDEMPOTENCY_KEY_REUSED.
 */
export function idempotencyScope(route: string, params: unknown, body: unknown): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
  return `${route} ${JSON.stringify(params ?? {})} ${hash}`;
}

async function replay<S extends number, T>(
  db: Db,
  key: string,
  scope: string,
): Promise<IdempotentAnswer<S, T> | undefined> {
  const stored = await findIdempotencyKey(db, key);
  if (!stored || stored.response === '') return undefined;
  if (stored.scope !== scope) throw conflictError(apiErrors.idempotencyKeyReused);
  return JSON.parse(stored.response) as IdempotentAnswer<S, T>;
}

const lastPruned = new WeakMap<Db, number>();

/** Deletes keys older than IDEMPOTENCY_KEY_LIFETIME_MS; returns how many. */
export function pruneIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  lastPruned.set(db, now.getTime());
  return deleteIdempotencyKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString());
}

async function pruneWhenDue(db: Db, now: Date): Promise<void> {
  const last = lastPruned.get(db);
  if (last !== undefined && now.getTime() - last < PRUNE_INTERVAL_MS) return;
  // Pruning is housekeeping: a failure must not fail the request.
  await pruneIdempotencyKeys(db, now).catch(() => undefined);
}

/**
 * Runs a create at most once per idempotency key. Without a key `fn` runs as before. With a key: a stored
 * answer for the same scope is returned without writing; another scope answers 409; else ONE transaction
 * claims the key (primary key insert), runs `fn` in it and stores the answer. A concurrent request with the
 * same key waits on the key's row, fails with a unique violation once the first commits, and then replays
 * the first answer. A failing `fn` rolls back the claim, so a retry with the key runs again.
 */
export async function withIdempotency<S extends number, T>(
  db: Db,
  key: string | undefined,
  scope: string,
  fn: (trx: Db) => Promise<IdempotentAnswer<S, T>>,
  clock: () => Date = () => new Date(),
): Promise<IdempotentAnswer<S, T>> {
  // Without a key the write still runs in one transaction (all or nothing), just not deduplicated.
  if (key === undefined) return inTransaction(db, fn);
  await pruneWhenDue(db, clock());
  const earlier = await replay<S, T>(db, key, scope);
  if (earlier) return earlier;
  try {
    return await inTransaction(db, async (trx) => {
      await insertIdempotencyKey(trx, { key, scope, response: '', created_at: nowIso(clock) });
      const answer = await fn(trx);
      await setIdempotencyResponse(trx, key, JSON.stringify(answer));
      return answer;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await replay<S, T>(db, key, scope);
      if (first) return first;
    }
    throw error;
  }
}
