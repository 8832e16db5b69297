/**
 * What the change log records and the live events carry. An entry names the kind of thing that
 * changed, its id and what happened; the client maps the kind to the caches to refresh (api/refresh.ts, through
 * shared/api/change-tables.ts).
 */

/** `stock`: a bead's count moved (its id is the bead's), or the counting screen's round started (no id). */
export const CHANGE_ENTITIES = ['customer', 'bead', 'todo', 'order', 'shop', 'stock'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/**
 * What happened. `shop` changes (an import) touch everything. Order history reads the `status`
 * and `home_delivery` entries, so pruning keeps them.
 */
export type ChangeAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'archive'
  | 'unarchive'
  | 'price'
  | 'status'
  | 'home_delivery'
  | 'lines_added'
  | 'line_deleted'
  | 'complete'
  | 'import'
  /** A payment reminder was copied for the order. */
  | 'reminder_copied'
  /** A line ticked or unticked on the packing screen. */
  | 'line_packed'
  /** A bead's photos were added, deleted, brought back or put in another order (decision 0016). */
  | 'photos'
  /** Stock (docs/product/stock.md): a movement made or undone, or a new counting round. */
  | 'moved'
  | 'undone'
  | 'round'
  /** The money (docs/product/money.md): billed (got or kept its number), 'Annulleret', a payment recorded or
   * deleted, a credit note made. */
  | 'billed'
  | 'bill_void'
  | 'payment'
  | 'payment_deleted'
  | 'credit_note';

/** The event names of GET /api/events. */
export const LIVE_EVENTS = {
  /** First event of every stream: its id is the newest change's sequence number. */
  hello: 'hello',
  /** One change; the id is its sequence number. */
  change: 'change',
  /** The client's last event is too old (pruned) or unknown (another database): refresh everything. */
  resync: 'resync',
} as const;

/** The data of a `change` event: ids only, never names or prices (the client refetches what it shows). */
export type LiveChange = {
  seq: number;
  entity: ChangeEntity;
  id: string | null;
  action: ChangeAction;
  /** The X-Client-Id (browser tab) that made the change, so that tab can skip its own events. */
  by: string | null;
};

/** A tab id as the client sends it in X-Client-Id: 8–64 letters, digits, '-' or '_'. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
