/**
 * The client's caches, by name: each GET route the app keeps an answer of says under which one (`cache` in
 * api/routes.ts), and each cache says whether its answers are kept for offline use (IndexedDB, client/lib/persist.ts).
 * A cache is refreshed when a table that one of its routes reads is written (api/routes.ts `reads` and `writes`,
 * client/api/refresh.ts): there is no second list of what shows what. Plain data, no zod: the route table that
 * imports it sits on the login page and the first screen.
 */
export const CACHES = {
  pillow: { offline: true },
  customers: { offline: true },
  beads: { offline: true },
  orders: { offline: true },
  todos: { offline: true },
  /** The shop's name in the app bar, and the postage an order changed offline shows. */
  settings: { offline: true },
  /** Pakning, the payment reminders and Salg open offline with their last answers too. */
  packing: { offline: true },
  reminders: { offline: true },
  sales: { offline: true },
  /** The counting screen counts offline (docs/product/stock.md). */
  stockCounts: { offline: true },
  /** Regnskab (docs/product/money.md): read where there is a connection, for the accountant. */
  books: { offline: false },
  /** What belongs to the server's present, never kept: the session, the set-up, the backups, the phone's set-up. */
  session: { offline: false },
  setup: { offline: false },
  backups: { offline: false },
  phone: { offline: false },
} as const satisfies Record<string, { offline: boolean }>;

export type CacheName = keyof typeof CACHES;

export const CACHE_NAMES = Object.keys(CACHES) as CacheName[];
