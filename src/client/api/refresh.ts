import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeEntity } from '../../shared/domain/changes.ts';

/**
 * The first part of every query key, one per kind of data the client caches. Each api module builds its
 * keys from its own root, so a root refreshes every query of that kind (the list and each detail).
 */
export const keyRoots = {
  customers: ['customers'],
  beads: ['beads'],
  todos: ['todos'],
  orders: ['orders'],
  pillow: ['pillow'],
  settings: ['settings'],
  backups: ['data', 'backups'],
  session: ['session'],
  setup: ['setup'],
  /** Pakning: the orders to pack and the pick list. */
  packing: ['packing'],
  /** Betalingspåmindelser: orders waiting for payment too long. */
  reminders: ['reminders'],
  sales: ['sales'],
  /** Indstillinger → Telefon: how a phone reaches the app. */
  phone: ['phone'],
  /** The counting screen's latest counts and round (the stock itself rides on the beads). */
  stockCounts: ['stock', 'counts'],
  /** Regnskab (docs/product/money.md): the books of a period. */
  books: ['books'],
} as const satisfies Record<string, QueryKey>;

/** What can change on the server; a later "entity X changed" event names one of these. */
export type Change =
  | 'customers'
  | 'beads'
  | 'todos'
  | 'orders'
  | 'settings'
  | 'backups'
  | 'session'
  | 'setup'
  | 'reminders'
  | 'stock';

/**
 * Which caches show each kind of data, so a change of it refreshes them: the one list of what depends on
 * what. Customers' pages show their todos and orders, beads carry their todos, Puden shows the orders.
 */
export const refreshSets: Record<Change, readonly QueryKey[]> = {
  // Salg shows shipped orders, bead names and (for old orders) the settings' postage: it follows all three.
  customers: [keyRoots.customers],
  beads: [keyRoots.beads, keyRoots.sales],
  todos: [keyRoots.todos, keyRoots.beads, keyRoots.customers],
  /** Pakning, the payment reminders and Salg show orders too (a tick elsewhere is an order change: 'line_packed'). */
  orders: [
    keyRoots.orders,
    keyRoots.pillow,
    keyRoots.customers,
    keyRoots.packing,
    keyRoots.reminders,
    keyRoots.sales,
    keyRoots.books,
  ],
  /** The shop's name (app bar), postage (every active order's total) and the bill's texts. */
  settings: [keyRoots.settings, keyRoots.sales],
  backups: [keyRoots.backups],
  session: [keyRoots.session],
  setup: [keyRoots.setup],
  reminders: [keyRoots.reminders],
  /**
   * A bead's stock (docs/product/stock.md) shows in Nåle, the pickers, the bead's page and its history (under the
   * beads), the counting screen and Salg's stock value.
   */
  stock: [keyRoots.beads, keyRoots.stockCounts, keyRoots.sales],
};

/** What each write changes, by name: the only place that says what a mutation refreshes. */
export const refreshAfter = {
  addCustomer: ['customers'],
  /** A new name shows on orders and Puden too; contact details go into the bill text (under the orders). */
  updateCustomer: ['customers', 'orders'],
  /** An archived customer's active order leaves Puden. */
  archiveCustomer: ['customers', 'orders'],
  deleteCustomer: ['customers'],
  addBead: ['beads'],
  /** Active orders follow the bead's price, so their totals change too; todos show the price. */
  setBeadPrice: ['beads', 'todos', 'orders'],
  deleteBead: ['beads', 'todos'],
  /** A bead's photos (decision 0016): its cover shows in Nåle, the pickers and beside order lines. */
  changePhotos: ['beads', 'orders'],
  /** Each line sells one bead: its stock moves. */
  addBeadToCustomers: ['orders', 'stock'],
  /** Status, home delivery, adding and deleting a line (a bead line moves its bead's stock). */
  changeOrder: ['orders', 'stock'],
  /** Sending a bill gives the order its number (docs/product/money.md). */
  sendBill: ['orders'],
  /** A credit note: the order's credit notes, the books. */
  creditNote: ['orders'],
  /** 'Markér som sendt' and its 'Fortryd': many orders' status at once. */
  shipParcels: ['orders'],
  /** A todo may create its bead (at 0 kr). */
  addTodo: ['todos', 'beads'],
  /** Completion adds the bead's lines to the customer's active order and may set the bead's price. */
  completeTodo: ['todos', 'beads', 'orders', 'stock'],
  deleteTodo: ['todos'],
  /** A todo that is already gone (completed or deleted elsewhere): show what became of it. */
  todoGone: ['todos', 'beads', 'orders', 'stock'],
  /** Optælling, Modtaget, Ret and their 'Fortryd'. */
  moveStock: ['stock'],
  /** A delivery that filled the waiting orders, or its 'Fortryd': todos, orders and stock all change. */
  deliver: ['stock', 'todos', 'orders'],
  /** A new counting round. */
  startCountRound: ['stock'],
  /** Postage changes every active order's total (and the bill texts, kept under the orders). */
  saveShopSettings: ['settings', 'orders'],
  /** A copied payment reminder shows its time on the reminders list only. */
  copyReminder: ['reminders'],
  takeBackup: ['backups'],
  signIn: ['session'],
  setUp: ['setup'],
} as const satisfies Record<string, readonly Change[]>;

/**
 * What a change made elsewhere (a live event, api/live.ts) refreshes, by the kind of thing that changed:
 * the one mapping from the server's change log to the caches. refresh.test.ts holds it to the route table's
 * `reads`: every cached answer that reads a table the change writes is refreshed. A bead's name and price show in todos and
 * in the active orders' totals; `shop` (an import) touches everything.
 */
export const refreshOnChange: Record<ChangeEntity, readonly Change[] | 'everything'> = {
  /**
   * A name shows on orders and Puden (an archived customer leaves Puden), on the todos and in a bead's stock
   * history (under the beads, which 'todos' refreshes).
   */
  customer: ['customers', 'orders', 'todos'],
  /** A bead's name and cover show on the counting screen too ('stock'). */
  bead: ['beads', 'todos', 'orders', 'stock'],
  todo: ['todos'],
  /** An order's status, lines or last copied reminder ('reminder_copied'): 'orders' refreshes the reminders too. */
  order: ['orders'],
  shop: 'everything',
  stock: ['stock'],
};

/** The caches that `changes` touch, each key once. */
export function keysToRefresh(changes: readonly Change[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const change of changes) {
    for (const key of refreshSets[change]) keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}

/** Marks every cache that `changes` touch as stale and refetches those on screen. */
export function refresh(queryClient: QueryClient, changes: readonly Change[]): Promise<void> {
  return Promise.all(
    keysToRefresh(changes).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** An import can touch everything, the backups included (it takes one first). */
export function refreshEverything(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
