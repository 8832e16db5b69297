// Frozen in time: never import application code here.
//
// Pakning: a tick per order line while the order is packed, kept on the server so the laptop and
// the phone agree. packed_at is when the line was ticked (an ISO-8601 UTC instant, as every timestamp here),
// null while it is not. Nullable with a CHECK on its own column: SQLite can add such a column to a table with
// rows (all NULL at that moment), so both engines take the same statement and no trigger is needed.
//
// The paid orders of the packing screen are read oldest first through orders_open_idx (status, created_at) of
// 0001 and their lines through order_lines_order_idx: no new index.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table order_lines add column packed_at text check (packed_at is null or length(packed_at) between 20 and 40)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('packed_at').execute();
}
