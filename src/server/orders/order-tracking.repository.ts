import type { Db } from '../db/database.ts';

/** Sets the order's Pakkenummer (migration 0015); null removes it. */
export async function setTrackingNumberRow(
  db: Db,
  orderId: string,
  trackingNumber: string | null,
): Promise<void> {
  await db.updateTable('orders').set({ tracking_number: trackingNumber }).where('id', '=', orderId).execute();
}

/** References per statement: well below both engines' bound-parameter limits. */
const CHUNK = 200;

/**
 * The orders whose id begins with one of the `prefixes` (letters and digits only, so no LIKE wildcard; in any case,
 * since a shipping service may write them in capitals), with their status: the candidates for a shipping file's
 * references.
 */
export async function listOrdersByIdPrefixes(
  db: Db,
  prefixes: readonly string[],
): Promise<Array<{ id: string; status: string }>> {
  const rows: Array<{ id: string; status: string }> = [];
  for (let start = 0; start < prefixes.length; start += CHUNK) {
    const chunk = prefixes.slice(start, start + CHUNK).filter((prefix) => /^[A-Za-z0-9]+$/.test(prefix));
    if (chunk.length === 0) continue;
    rows.push(
      ...(await db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where((eb) =>
          eb.or(chunk.map((prefix) => eb(eb.fn('lower', ['id']), 'like', `${prefix.toLowerCase()}%`))),
        )
        .execute()),
    );
  }
  return rows;
}
