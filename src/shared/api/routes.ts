/**
 * The API's one route table: every route the client calls or the server registers under /api, by name, with
 * its method, its path and, for a GET that reads the shop's tables, which ones. What each route takes and
 * answers is in api/contracts.ts under the same name, as the zod schemas the server validates with; the types
 * here come from those schemas by `import type`, so this table carries no zod and the login page and the first
 * screen stay light. The server registers each route by its name (`serve(app, 'addCustomer', handler)`,
 * src/server/http/serve.ts), the client calls through it (`call(apiRoutes.customer, { params: { id } })`,
 * src/client/lib/api.ts): a path is written once, and a changed schema is a type error on both sides.
 * tests/api/route-table.test.ts reads Fastify's route table: every entry here is registered through serve()
 * with its method, and every /api route registered is here. Decision 0013.
 */
import { fillPath, type PathParams, type QueryValue } from '../paths.ts';
import type { CacheName } from './caches.ts';
import type { SchemaInput, SchemaOutput, SuccessStatus } from './contract-types.ts';
import type { Contracts } from './contracts.ts';
import { VERSIONED_TABLES, type VersionedTable } from './tables.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes and gives; only types (the `types` field is never set at run time). */
export type RouteTypes = { query?: Record<string, QueryValue>; body?: unknown; answer: unknown };

/** A route as the table writes it: where it is, and what its answer reads. */
export type RouteEntry<M extends ApiMethod = ApiMethod, P extends string = string> = {
  readonly method: M;
  readonly path: P;
  /** The route's name in the table (set by `apiRoutes`). */
  readonly name?: string;
  /**
   * A GET whose answer comes from the shop's tables: the versioned tables it reads (api/tables.ts). The server
   * makes the answer's ETag from their versions (304 and the body cache, http/list-cache.ts) and
   * tests/api/route-reads.test.ts records the tables each such route really queries and fails on one missing.
   */
  readonly reads?: readonly VersionedTable[];
  /**
   * false: no ETag although the answer reads the tables, since it depends on more than they hold (the clock,
   * the signed-in user); `reads` still says what it reads.
   */
  readonly etag?: false;
  /**
   * A GET the app keeps answers of: the cache it keeps them in (api/caches.ts). Its key, URL and fetch come from
   * this entry (client/api/query.ts), and a write of a table it `reads` refreshes it (client/api/refresh.ts).
   */
  readonly cache?: CacheName;
  /**
   * A write: the versioned tables it changes (every one whose version it raises; tests/api/live-events.test.ts
   * holds each route to the versions it really moves). The app refreshes every cache that reads one of them.
   */
  readonly writes?: readonly VersionedTable[];
  /** A write's caches that no table says (the session after a sign-in, the backups' list after a backup). */
  readonly refreshes?: readonly CacheName[];
};

export type ApiRoute<
  M extends ApiMethod = ApiMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> = RouteEntry<M, P> & {
  /** Never present: carries the query, body and answer types (from the route's contract) to `call`. */
  readonly types?: T;
};

type ReadFacts = { reads?: readonly VersionedTable[]; etag?: false; cache?: CacheName };
type WriteFacts = { writes?: readonly VersionedTable[]; refreshes?: readonly CacheName[] };

/**
 * One route: `route('POST', '/api/…', { writes })`; a read says what it reads and where the app keeps it:
 * `route('GET', '/api/…', { reads, cache })`.
 */
const route = <
  M extends ApiMethod,
  P extends `/api/${string}`,
  const F extends M extends 'GET' ? ReadFacts : WriteFacts = Record<never, never>,
>(
  method: M,
  path: P,
  facts: F = {} as F,
): RouteEntry<M, P> & F => ({ method, path, ...facts });

/** What the orders' answers read: an order's total follows the postage in the settings. */
const ORDER_READS = [
  'orders',
  'order_lines',
  'beads',
  'customers',
  'shop_settings',
  // An order's payments and credit notes (docs/product/money.md).
  'payments',
  'credit_notes',
] as const;

/** A line added to an order: the order (made when missing), the line, and a bead line's stock. */
const LINE_WRITES = ['orders', 'order_lines', 'beads', 'stock_movements'] as const;
/** A status change: the order, its bead lines' frozen prices, its history (docs/product/statuses.md). */
const STATUS_WRITES = ['orders', 'order_lines', 'order_history'] as const;
/**
 * Stock moved (docs/product/stock.md): the movement and the bead's count; a delivery also fills orders, and its
 * undo takes back an order it made (with that order's history).
 */
const STOCK_WRITES = ['stock_movements', 'beads', 'todos', 'orders', 'order_lines', 'order_history'] as const;
/** A payment and what a full one moves (docs/product/money.md). */
const PAYMENT_WRITES = ['payments', ...STATUS_WRITES] as const;

const table = {
  // The session and the one-time set-up (better-auth answers /api/auth/*).
  session: route('GET', '/api/auth/get-session', { cache: 'session' }),
  signIn: route('POST', '/api/auth/sign-in/email', { refreshes: ['session'] }),
  signInSocial: route('POST', '/api/auth/sign-in/social', { refreshes: ['session'] }),
  signOut: route('POST', '/api/auth/sign-out', { refreshes: ['session'] }),
  setupStatus: route('GET', '/api/setup', { cache: 'setup' }),
  setup: route('POST', '/api/setup', { refreshes: ['setup', 'session'] }),
  health: route('GET', '/api/health'),
  me: route('GET', '/api/me'),
  events: route('GET', '/api/events'),
  phone: route('GET', '/api/phone', { cache: 'phone' }),
  /** The API described as OpenAPI 3.1, made from the contracts (docs/api.md). */
  openapi: route('GET', '/api/openapi.json'),

  // Kunder.
  customers: route('GET', '/api/customers', { reads: ['customers'], cache: 'customers' }),
  addCustomer: route('POST', '/api/customers', { writes: ['customers'] }),
  customer: route('GET', '/api/customers/:id', { reads: [...ORDER_READS, 'todos'], cache: 'customers' }),
  updateCustomer: route('PATCH', '/api/customers/:id', { writes: ['customers'] }),
  // Only a customer without orders and todos is deleted, but on PostgreSQL the foreign keys' ON DELETE actions run
  // as statements on orders and todos (with no rows), and their version triggers fire for each statement.
  deleteCustomer: route('DELETE', '/api/customers/:id', { writes: ['customers', 'orders', 'todos'] }),
  archiveCustomer: route('POST', '/api/customers/:id/archive', { writes: ['customers'] }),
  unarchiveCustomer: route('POST', '/api/customers/:id/unarchive', { writes: ['customers'] }),
  activeOrder: route('POST', '/api/customers/:id/active-order', { writes: ['orders'] }),
  addLine: route('POST', '/api/customers/:id/lines', { writes: LINE_WRITES }),
  // 'Indsæt besked' (docs/product/messages.md): its lines and todos in one step, and that step's 'Fortryd'.
  addMessageLines: route('POST', '/api/customers/:id/message-lines', { writes: [...LINE_WRITES, 'todos'] }),
  undoMessageLines: route('POST', '/api/customers/:id/message-lines/undo', {
    writes: [...LINE_WRITES, 'todos'],
  }),

  // Nåle.
  beads: route('GET', '/api/beads', { reads: ['beads', 'todos'], cache: 'beads' }),
  addBead: route('POST', '/api/beads', { writes: ['beads'] }),
  bead: route('GET', '/api/beads/:id', {
    reads: ['beads', 'todos', 'stock_movements', 'customers', 'bead_photos'],
    cache: 'beads',
  }),
  updateBead: route('PATCH', '/api/beads/:id', { writes: ['beads'] }),
  deleteBead: route('DELETE', '/api/beads/:id', { writes: ['beads', 'todos'] }),
  addBeadToCustomers: route('POST', '/api/beads/:id/add-to-customers', { writes: LINE_WRITES }),
  // Fotos (decision 0016): the upload is multipart (lib/photo-upload.ts sends it), the photo URLs are images.
  addBeadPhotos: route('POST', '/api/beads/:id/photos', { writes: ['bead_photos', 'beads'] }),
  orderBeadPhotos: route('PUT', '/api/beads/:id/photos', { writes: ['bead_photos', 'beads'] }),
  deleteBeadPhoto: route('DELETE', '/api/beads/:id/photos/:photoId', { writes: ['bead_photos', 'beads'] }),
  restoreBeadPhoto: route('POST', '/api/beads/:id/photos/:photoId/restore', {
    writes: ['bead_photos', 'beads'],
  }),
  photo: route('GET', '/api/photos/:photoId/:size'),

  // Lager (docs/product/stock.md): her movements, a delivery that fills the waiting orders, 'Fortryd', and the
  // counting screen's facts and rounds.
  moveStock: route('POST', '/api/beads/:id/stock', { writes: ['stock_movements', 'beads'] }),
  addDelivery: route('POST', '/api/beads/:id/deliveries', { writes: STOCK_WRITES }),
  undoStockMovement: route('POST', '/api/stock-movements/:id/undo', { writes: STOCK_WRITES }),
  stockCounts: route('GET', '/api/stock/counts', { reads: ['beads', 'shop_settings'], cache: 'stockCounts' }),
  startCountRound: route('POST', '/api/stock/count-round', { writes: ['shop_settings'] }),

  // Ordrer.
  openOrders: route('GET', '/api/orders', { reads: ORDER_READS, cache: 'orders' }),
  shippedOrders: route('GET', '/api/orders/shipped', {
    reads: [...ORDER_READS, 'order_history'],
    cache: 'orders',
  }),
  order: route('GET', '/api/orders/:id', { reads: ORDER_READS }),
  updateOrder: route('PATCH', '/api/orders/:id', { writes: STATUS_WRITES }),
  // 'Pakkenummer' (docs/product/messages.md#texts-that-go-out): also on a shipped order.
  setTrackingNumber: route('PUT', '/api/orders/:id/tracking-number', { writes: ['orders'] }),
  billText: route('GET', '/api/orders/:id/bill-text', { reads: ORDER_READS, etag: false, cache: 'orders' }),
  orderHistory: route('GET', '/api/orders/:id/history', {
    reads: ['orders', 'order_history', 'customers'],
    cache: 'orders',
  }),
  deleteLine: route('DELETE', '/api/order-lines/:id', { writes: LINE_WRITES }),

  // Penge (docs/product/money.md): the bill she sends, payments, credit notes, receipts and Regnskab.
  sendBill: route('POST', '/api/orders/:id/bill', { writes: ['orders'] }),
  registerPayment: route('POST', '/api/orders/:id/payments', { writes: PAYMENT_WRITES }),
  deletePayment: route('DELETE', '/api/payments/:id', { writes: PAYMENT_WRITES }),
  restorePayment: route('POST', '/api/payments/:id/restore', { writes: PAYMENT_WRITES }),
  createCreditNote: route('POST', '/api/orders/:id/credit-notes', { writes: ['credit_notes', 'payments'] }),
  receiptPdf: route('GET', '/api/orders/:id/receipt.pdf'),
  creditNotePdf: route('GET', '/api/credit-notes/:id/pdf'),
  books: route('GET', '/api/books', { reads: ORDER_READS, cache: 'books' }),
  booksCsv: route('GET', '/api/books.csv'),
  booksReceipts: route('GET', '/api/books/receipts.zip'),

  // Todo.
  todos: route('GET', '/api/todos', { reads: ['todos'], cache: 'todos' }),
  firstTodos: route('GET', '/api/todos/first', { reads: ['todos', 'beads', 'customers'], cache: 'todos' }),
  // A todo may create its bead at 0 kr.
  addTodo: route('POST', '/api/todos', { writes: ['todos', 'beads'] }),
  updateTodo: route('PATCH', '/api/todos/:id', { writes: ['todos'] }),
  deleteTodo: route('DELETE', '/api/todos/:id', { writes: ['todos'] }),
  // Completion may price the bead and adds its lines (and their stock) to the customer's active order.
  completeTodo: route('POST', '/api/todos/:id/complete', { writes: ['todos', ...LINE_WRITES] }),

  // Puden, Pakning, påmindelser, Salg.
  pillow: route('GET', '/api/pillow', { reads: ORDER_READS, cache: 'pillow' }),
  packingOrders: route('GET', '/api/packing/orders', { reads: ORDER_READS, cache: 'packing' }),
  pickList: route('GET', '/api/packing/pick-list', {
    reads: ['orders', 'order_lines', 'beads', 'customers'],
    cache: 'packing',
  }),
  linePacked: route('PUT', '/api/orders/:id/lines/:lineId/packed', { writes: ['order_lines'] }),
  reminders: route('GET', '/api/reminders', {
    reads: [...ORDER_READS, 'order_history'],
    etag: false,
    cache: 'reminders',
  }),
  reminderCopied: route('POST', '/api/orders/:id/reminder-copied', { writes: ['orders'] }),
  sales: route('GET', '/api/sales', { reads: [...ORDER_READS, 'order_history'], cache: 'sales' }),

  // Pakker: labels, the shipping file, 'Markér som sendt'. The files are links (downloads).
  parcels: route('GET', '/api/parcels', { reads: ['orders', 'customers', 'shop_settings'], cache: 'orders' }),
  labelsPdf: route('GET', '/api/parcels/labels.pdf'),
  testSheetPdf: route('GET', '/api/parcels/test-sheet.pdf'),
  shippingCsv: route('GET', '/api/parcels/shipping.csv'),
  shipParcels: route('POST', '/api/parcels/ship', { writes: STATUS_WRITES }),
  undoShipment: route('POST', '/api/parcels/shipments/:id/undo', { writes: STATUS_WRITES }),
  // The shipping service's export: Pakkenumre matched on our shipping file's reference.
  importTrackingNumbers: route('POST', '/api/parcels/tracking-numbers', { writes: ['orders'] }),
  salesCsv: route('GET', '/api/sales.csv'),

  // Indstillinger.
  shopSettings: route('GET', '/api/settings/shop', { reads: ['shop_settings'], cache: 'settings' }),
  updateShopSettings: route('PUT', '/api/settings/shop', { writes: ['shop_settings'] }),
  // Indstillinger → Beskeder: tracking links and the texts that go out (kept in the same row).
  messageSettings: route('GET', '/api/settings/messages', { reads: ['shop_settings'], cache: 'settings' }),
  updateMessageSettings: route('PUT', '/api/settings/messages', { writes: ['shop_settings'] }),
  backups: route('GET', '/api/data/backups', { cache: 'backups' }),
  takeBackup: route('POST', '/api/data/backups', { refreshes: ['backups'] }),
  // An import fills an empty shop: every table, and it takes a backup first.
  importData: route('POST', '/api/data/import', { writes: VERSIONED_TABLES, refreshes: ['backups'] }),
  exportJson: route('GET', '/api/data/export.json'),
  /** The export with the bead photos (decision 0016), and its import (the zip's bytes as the body). */
  exportZip: route('GET', '/api/data/export.zip'),
  importZip: route('POST', '/api/data/import.zip', { writes: VERSIONED_TABLES, refreshes: ['backups'] }),
  exportCsv: route('GET', '/api/data/export.csv'),
} as const;

export type RouteName = keyof typeof table;

/**
 * A query as the client writes it, for the URL that carries it as text: the schema's input, and its output
 * where the schema reads a number or a yes/no from the text (urlOf writes them back as text).
 */
type QueryValueOf<I, O> = unknown extends I ? O : I | (O extends number | boolean ? O : never);
type QueryOf<S> = {
  [K in keyof SchemaInput<S>]: QueryValueOf<
    SchemaInput<S>[K],
    K extends keyof SchemaOutput<S> ? SchemaOutput<S>[K] : never
  >;
};

/** A route's types, from its contract: what the client sends (the schemas' input) and gets (their output). */
export type ContractTypes<C> = {
  query: C extends { query: infer Q } ? QueryOf<Q> : undefined;
  body: C extends { body: infer B }
    ? SchemaInput<B>
    : C extends { upload: 'form-data' }
      ? FormData
      : C extends { upload: 'bytes' }
        ? Blob
        : undefined;
  answer: C extends { file: 'text' }
    ? string
    : C extends { file: 'bytes' }
      ? Blob
      : C extends { answers: infer A }
        ? [Extract<keyof A, SuccessStatus>] extends [never]
          ? unknown
          : SchemaOutput<A[Extract<keyof A, SuccessStatus>]>
        : unknown;
};

/**
 * The route table, each entry with its name (a cached answer's key names its route: client/api/query.ts) and
 * typed by its contract (the `types` field is never set at run time).
 */
export const apiRoutes: {
  readonly [K in RouteName]: (typeof table)[K] & {
    readonly name: K;
    readonly types?: ContractTypes<Contracts[K]>;
  };
} = Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, { ...entry, name }])) as never;

export type ApiRoutes = typeof apiRoutes;

type TypesOf<R> = R extends { readonly types?: infer T } ? NonNullable<T> : never;
export type RouteQuery<R> = TypesOf<R> extends { query: infer Q } ? Q : undefined;
export type RouteBody<R> = TypesOf<R> extends { body: infer B } ? B : undefined;
export type RouteAnswer<R> = TypesOf<R> extends { answer: infer A } ? A : unknown;

/** What a call of route R needs: its path's params, and its query and body where it has them. */
export type RouteInput<R extends ApiRoute> = (keyof PathParams<R['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<R['path']> }) &
  (RouteQuery<R> extends undefined ? { query?: undefined } : { query?: RouteQuery<R> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

/**
 * The URL of a route: its params put into the path (each encoded), and its query where given (undefined
 * values left out), e.g. urlOf(apiRoutes.sales, { query: { year: 2026 } }) → '/api/sales?year=2026'.
 */
export function urlOf<R extends ApiRoute>(
  route: R,
  input: { params?: Record<string, string>; query?: Record<string, QueryValue> } = {},
): string {
  return fillPath(route.path, input.params, input.query);
}
