/**
 * Per kind of change (domain/changes.ts), the versioned tables it writes. Here, beside the tables, because the
 * domain does not know the route table's facts (the folders depend one way: api → schemas → domain).
 */
import type { ChangeEntity } from '../domain/changes.ts';
import type { VersionedTable } from './tables.ts';

/**
 * The tables a change of each kind writes (the service that records it, in the same transaction): a live event
 * of that kind refreshes every cache that reads one of them (client/api/refresh.ts). `shop` (an import, the
 * settings) may touch any table. tests/api/live-events.test.ts holds each to the versions it really moves.
 */
export const CHANGE_TABLES: Readonly<Record<ChangeEntity, readonly VersionedTable[] | 'everything'>> = {
  /**
   * A customer; deleting one (only one without orders and todos) moves the orders' and todos' versions on
   * PostgreSQL too: the foreign keys' ON DELETE actions run as statements there, and the version triggers fire per
   * statement. Their caches then answer 304 to the refresh where nothing changed.
   */
  customer: ['customers', 'orders', 'todos'],
  /** A bead's name, price, deletion, and its photos (photos.service records them as the bead's). */
  bead: ['beads', 'bead_photos', 'todos'],
  todo: ['todos'],
  /**
   * An order, its lines and history, its payments and credit notes (docs/product/money.md), and the stock a bead
   * line sells or gives back (docs/product/stock.md: its movement, and the bead's count).
   */
  order: ['orders', 'order_lines', 'order_history', 'payments', 'credit_notes', 'stock_movements', 'beads'],
  /** A movement, and the bead's count it moves (beads.stock), or a counting round (shop_settings). */
  stock: ['stock_movements', 'beads', 'shop_settings'],
  shop: 'everything',
};
