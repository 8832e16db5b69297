// Frozen in time: never import application code here.
//
// An order's history as rows of its own: each status change and each change of home delivery, with its time, and
// for a status change made by 'Markér som sendt' the shipment it belongs to (or the shipment whose 'Fortryd' it
// is). Written by the orders module in the transaction that makes the change. Until now this lived in the
// change log's JSON (read back with LIKE '%…%' and kept by its pruning); the log goes back to being the live feed
// and the audit trail. The existing entries are copied over, oldest first, on both engines.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const STATUSES = ['active', 'invoiced', 'paid', 'packed', 'shipped'];
const BATCH = 500;

type LogRow = {
  seq: number | string;
  at: string;
  entity_id: string | null;
  action: string;
  data: string | null;
};

/** A log entry's from/to as the history keeps them: a status as it is, home delivery as 'true'/'false'. */
function historyValue(action: string, value: unknown): string | null {
  if (action === 'home_delivery') return typeof value === 'boolean' ? String(value) : null;
  return typeof value === 'string' && STATUSES.includes(value) ? value : null;
}

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const statusList = STATUSES.map((status) => `'${status}'`).join(', ');
  await sql
    .raw(
      `create table order_history (
        seq ${pg ? 'bigserial primary key' : 'integer primary key autoincrement'},
        order_id text not null references orders(id) on delete cascade,
        at text not null,
        kind text not null check (kind in ('status', 'home_delivery')),
        from_value text not null,
        to_value text not null,
        shipment_id text,
        undo_of text,
        check (kind <> 'status' or (from_value in (${statusList}) and to_value in (${statusList}))),
        check (kind <> 'home_delivery' or (from_value in ('true', 'false') and to_value in ('true', 'false'))),
        check (shipment_id is null or undo_of is null)
      )`,
    )
    .execute(db);
  await db.schema
    .createIndex('order_history_order_idx')
    .on('order_history')
    .columns(['order_id', 'seq'])
    .execute();
  // The orders that reached a status in a period (Afsendt i denne måned, Salg's year, when a bill went out).
  await db.schema
    .createIndex('order_history_to_idx')
    .on('order_history')
    .columns(['kind', 'to_value', 'at'])
    .execute();
  await sql`create index order_history_shipment_idx on order_history (shipment_id) where shipment_id is not null`.execute(
    db,
  );
  await sql`create index order_history_undo_idx on order_history (undo_of) where undo_of is not null`.execute(
    db,
  );

  // The history the change log holds today, in the order it was recorded.
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('change_log')
      .select(['seq', 'at', 'entity_id', 'action', 'data'])
      .where('entity', '=', 'order')
      .where('action', 'in', ['status', 'home_delivery'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(BATCH)
      .execute()) as LogRow[];
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]?.seq);
    const orderIds = [...new Set(rows.flatMap((row) => (row.entity_id ? [row.entity_id] : [])))];
    const existing = new Set(
      orderIds.length === 0
        ? []
        : (
            (await db.selectFrom('orders').select('id').where('id', 'in', orderIds).execute()) as Array<{
              id: string;
            }>
          ).map((order) => order.id),
    );
    const history = rows.flatMap((row) => {
      let data: Record<string, unknown> = {};
      try {
        data = row.data ? (JSON.parse(row.data) as Record<string, unknown>) : {};
      } catch {
        return [];
      }
      const from = historyValue(row.action, data.from);
      const to = historyValue(row.action, data.to);
      if (!row.entity_id || !existing.has(row.entity_id) || from === null || to === null) return [];
      const shipment = typeof data.shipment === 'string' ? data.shipment : null;
      const undoOf = typeof data.undoOf === 'string' && !shipment ? data.undoOf : null;
      return [
        {
          order_id: row.entity_id,
          at: row.at,
          kind: row.action,
          from_value: from,
          to_value: to,
          shipment_id: shipment,
          undo_of: undoOf,
        },
      ];
    });
    if (history.length > 0) await db.insertInto('order_history').values(history).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_history').execute();
}
