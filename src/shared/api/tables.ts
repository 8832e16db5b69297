/**
 * The shop's versioned tables (migration 0003): the database raises a number per table on every write, so an
 * answer that reads tables A and B is the same as long as their versions are. The route table names, per GET
 * route, the ones its answer reads (`reads` in api/routes.ts); the server makes the ETag from them
 * (http/list-cache.ts) and the client's refresh sets are checked against them. Plain data, no zod: the route
 * table that imports it sits on the login page and the first screen.
 *
 * shop_settings joined in migration 0005 (order totals follow its postage), stock_movements in 0011 (a bead's
 * stock history), bead_photos and order_history in 0013 (a bead's photos, an order's history and the sales).
 */
export const VERSIONED_TABLES = [
  'customers',
  'beads',
  'todos',
  'orders',
  'order_lines',
  'shop_settings',
  'stock_movements',
  'bead_photos',
  'order_history',
  'payments',
  'credit_notes',
] as const;

export type VersionedTable = (typeof VERSIONED_TABLES)[number];
