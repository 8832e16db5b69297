// Frozen in time: never import application code here.
//
// Issue 15 "Salg": two small partial indexes so the sales overview of a year reads that year, not the shop's
// whole history (docs/performance.md, "Salg").
//   - change_log_shipped_idx: the order status entries into 'shipped' (kept by pruning), by order and time. The
//     sales query finds an order's newest such entry, and whether it has one, from the index alone.
//   - orders_shipped_idx: shipped orders by created_at, for orders sold on their own date (no entry) and the
//     first year with sales.
// The predicates repeat the queries' terms literally (the change log's data is JSON text written as
// {"from":…,"to":"shipped"}), so both engines can prove that a query's rows are in the index.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index change_log_shipped_idx on change_log (entity_id, at) where entity = 'order' and action = 'status' and data like '%"to":"shipped"%'`.execute(
    db,
  );
  await sql`create index orders_shipped_idx on orders (created_at) where status = 'shipped'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_shipped_idx`.execute(db);
  await sql`drop index change_log_shipped_idx`.execute(db);
}
