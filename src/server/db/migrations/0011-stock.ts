// Frozen in time: never import application code here.
//
// Stock per bead (decision 0018-stock, docs/product/stock.md). The count is what its movements say; the
// database keeps both in the transaction that moves it.
//
//   stock_movements  one row per movement: `kind` count (quantity = the number on the shelf), received,
//                    adjust (with a reason), sale (bead lines added, quantity negative), return (a line deleted
//                    from an active order), todo (a todo without a customer completed). `at` is its moment on
//                    the shelf (a count's is when she typed it), `recorded_at` when the server wrote it.
//                    order_id/customer_id name a sale's or return's order (no foreign keys: the history stays
//                    when an order or customer goes); delivery_id ties the sales of 'Læg i kundernes ordrer'
//                    to their delivery, whose `data` keeps what its 'Fortryd' needs.
//   beads.stock      the count by the rule (null: never counted), kept by the service in the same
//                    transaction; the lists read it without a join, and its update bumps the beads table's
//                    version (migration 0003), so every list answer that shows stock gets a new ETag.
//   beads.stock_counted_at, stock_last_count   the latest count's moment and number (the counting screen).
//   shop_settings.low_stock_threshold   'Få tilbage' (0–999, default 2).
//   shop_settings.count_round_started_at   when the counting screen's current round started (null: the first).
//
// The limits repeat src/shared/domain/limits.ts as it was when this was written: quantities of her own
// movements at most 99.999, a reason at most 80 characters. SQLite cannot add a CHECK that spans columns to a
// table with rows, so the three stock columns' "all or none" is a trigger there, a CHECK on PostgreSQL.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const MAX_QUANTITY = 99_999;
const MAX_REASON_LENGTH = 80;
const MAX_THRESHOLD = 999;
const DEFAULT_THRESHOLD = 2;
const KINDS = "('count', 'received', 'adjust', 'sale', 'return', 'todo')";

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql
    .raw(
      `create table stock_movements (
        id text primary key,
        bead_id text not null references beads(id),
        kind text not null check (kind in ${KINDS}),
        quantity integer not null,
        at text not null,
        recorded_at text not null,
        reason text check (reason is null or length(reason) between 1 and ${MAX_REASON_LENGTH}),
        order_id text,
        customer_id text,
        delivery_id text,
        data text,
        check (kind <> 'count' or quantity between 0 and ${MAX_QUANTITY}),
        check (kind <> 'received' or quantity between 1 and ${MAX_QUANTITY}),
        check (kind <> 'adjust' or (quantity between -${MAX_QUANTITY} and ${MAX_QUANTITY} and quantity <> 0 and reason is not null)),
        check (kind not in ('sale', 'todo') or quantity < 0),
        check (kind <> 'return' or quantity > 0)
      )`,
    )
    .execute(db);
  // The rule reads a bead's movements from its latest count on; the history its newest first.
  await sql`create index stock_movements_bead_idx on stock_movements (bead_id, at)`.execute(db);
  await sql`create index stock_movements_delivery_idx on stock_movements (delivery_id)`.execute(db);

  await sql`alter table beads add column stock integer`.execute(db);
  await sql`alter table beads add column stock_counted_at text`.execute(db);
  await sql`alter table beads add column stock_last_count integer`.execute(db);
  await sql
    .raw(
      `alter table shop_settings add column low_stock_threshold integer not null default ${DEFAULT_THRESHOLD} ` +
        `check (low_stock_threshold between 0 and ${MAX_THRESHOLD})`,
    )
    .execute(db);
  await sql`alter table shop_settings add column count_round_started_at text`.execute(db);

  // The table's version for the list answers' ETags (migration 0003).
  await sql`insert into table_versions (table_name, version) values ('stock_movements', 0)`.execute(db);

  const allOrNone =
    '(stock is null and stock_counted_at is null and stock_last_count is null) or ' +
    '(stock is not null and stock_counted_at is not null and stock_last_count is not null)';
  if (postgres) {
    await sql
      .raw(`alter table beads add constraint beads_stock_all_or_none check (${allOrNone})`)
      .execute(db);
    await sql
      .raw(
        'create trigger stock_movements_version after insert or update or delete or truncate on stock_movements ' +
          'for each statement execute function bump_table_version()',
      )
      .execute(db);
    return;
  }
  const violated = `not ((new.stock is null and new.stock_counted_at is null and new.stock_last_count is null) or (new.stock is not null and new.stock_counted_at is not null and new.stock_last_count is not null))`;
  for (const event of ['insert', 'update'] as const) {
    await sql
      .raw(
        `create trigger beads_stock_all_or_none_${event} before ${event} on beads when ${violated} ` +
          `begin select raise(abort, 'CHECK constraint failed: beads_stock_all_or_none'); end`,
      )
      .execute(db);
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(
        `create trigger stock_movements_version_${event} after ${event} on stock_movements begin ` +
          `update table_versions set version = version + 1 where table_name = 'stock_movements'; end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists stock_movements_version on stock_movements`.execute(db);
    await sql`alter table beads drop constraint beads_stock_all_or_none`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists stock_movements_version_${event}`).execute(db);
    for (const event of ['insert', 'update'])
      await sql.raw(`drop trigger if exists beads_stock_all_or_none_${event}`).execute(db);
  }
  await sql`delete from table_versions where table_name = 'stock_movements'`.execute(db);
  await db.schema.alterTable('shop_settings').dropColumn('count_round_started_at').execute();
  await db.schema.alterTable('shop_settings').dropColumn('low_stock_threshold').execute();
  await db.schema.alterTable('beads').dropColumn('stock_last_count').execute();
  await db.schema.alterTable('beads').dropColumn('stock_counted_at').execute();
  await db.schema.alterTable('beads').dropColumn('stock').execute();
  await db.schema.dropTable('stock_movements').execute();
}
