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
import type { z } from 'zod';
import { fillPath, type PathParams, type QueryValue } from '../paths.ts';
import type { Contracts } from './contracts.ts';
import type { VersionedTable } from './tables.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes and gives; only types (the `types` field is never set at run time). */
export type RouteTypes = { query?: Record<string, QueryValue>; body?: unknown; answer: unknown };

/** A route as the table writes it: where it is, and what its answer reads. */
export type RouteEntry<M extends ApiMethod = ApiMethod, P extends string = string> = {
  readonly method: M;
  readonly path: P;
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
};

export type ApiRoute<
  M extends ApiMethod = ApiMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> = RouteEntry<M, P> & {
  /** Never present: carries the query, body and answer types (from the route's contract) to `call`. */
  readonly types?: T;
};

type RouteFacts = { reads?: readonly VersionedTable[]; etag?: false };

/** One route: `route('POST', '/api/…')`; a read from the tables says which: `route('GET', '/api/…', { reads })`. */
const route = <M extends ApiMethod, P extends `/api/${string}`>(
  method: M,
  path: P,
  facts: M extends 'GET' ? RouteFacts : { reads?: never; etag?: never } = {},
): RouteEntry<M, P> => ({ method, path, ...facts });

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

const table = {
  // The session and the one-time set-up (better-auth answers /api/auth/*).
  session: route('GET', '/api/auth/get-session'),
  signIn: route('POST', '/api/auth/sign-in/email'),
  signInSocial: route('POST', '/api/auth/sign-in/social'),
  signOut: route('POST', '/api/auth/sign-out'),
  setupStatus: route('GET', '/api/setup'),
  setup: route('POST', '/api/setup'),
  health: route('GET', '/api/health'),
  me: route('GET', '/api/me'),
  events: route('GET', '/api/events'),
  phone: route('GET', '/api/phone'),

  // Kunder.
  customers: route('GET', '/api/customers', {
    reads: ['customers'],
  }),
  addCustomer: route('POST', '/api/customers'),
  customer: route('GET', '/api/customers/:id', {
    reads: [...ORDER_READS, 'todos'],
  }),
  updateCustomer: route('PATCH', '/api/customers/:id'),
  deleteCustomer: route('DELETE', '/api/customers/:id'),
  archiveCustomer: route('POST', '/api/customers/:id/archive'),
  unarchiveCustomer: route('POST', '/api/customers/:id/unarchive'),
  activeOrder: route('POST', '/api/customers/:id/active-order'),
  addLine: route('POST', '/api/customers/:id/lines'),

  // Nåle.
  beads: route('GET', '/api/beads', {
    reads: ['beads', 'todos'],
  }),
  addBead: route('POST', '/api/beads'),
  bead: route('GET', '/api/beads/:id', {
    reads: ['beads', 'todos', 'stock_movements', 'customers', 'bead_photos'],
  }),
  updateBead: route('PATCH', '/api/beads/:id'),
  deleteBead: route('DELETE', '/api/beads/:id'),
  addBeadToCustomers: route('POST', '/api/beads/:id/add-to-customers'),
  // Fotos (decision 0016): the upload is multipart (lib/photo-upload.ts sends it), the photo URLs are images.
  addBeadPhotos: route('POST', '/api/beads/:id/photos'),
  orderBeadPhotos: route('PUT', '/api/beads/:id/photos'),
  deleteBeadPhoto: route('DELETE', '/api/beads/:id/photos/:photoId'),
  restoreBeadPhoto: route('POST', '/api/beads/:id/photos/:photoId/restore'),
  photo: route('GET', '/api/photos/:photoId/:size'),

  // Lager (docs/product/stock.md): her movements, a delivery that fills the waiting orders, 'Fortryd', and the
  // counting screen's facts and rounds.
  moveStock: route('POST', '/api/beads/:id/stock'),
  addDelivery: route('POST', '/api/beads/:id/deliveries'),
  undoStockMovement: route('POST', '/api/stock-movements/:id/undo'),
  stockCounts: route('GET', '/api/stock/counts', {
    reads: ['beads', 'shop_settings'],
  }),
  startCountRound: route('POST', '/api/stock/count-round'),

  // Ordrer.
  openOrders: route('GET', '/api/orders', {
    reads: ORDER_READS,
  }),
  shippedOrders: route('GET', '/api/orders/shipped', { reads: [...ORDER_READS, 'order_history'] }),
  order: route('GET', '/api/orders/:id', { reads: ORDER_READS }),
  updateOrder: route('PATCH', '/api/orders/:id'),
  billText: route('GET', '/api/orders/:id/bill-text', {
    reads: ORDER_READS,
    etag: false,
  }),
  orderHistory: route('GET', '/api/orders/:id/history', {
    reads: ['orders', 'order_history', 'customers'],
  }),
  deleteLine: route('DELETE', '/api/order-lines/:id'),

  // Penge (docs/product/money.md): the bill she sends, payments, credit notes, receipts and Regnskab.
  sendBill: route('POST', '/api/orders/:id/bill'),
  registerPayment: route('POST', '/api/orders/:id/payments'),
  deletePayment: route('DELETE', '/api/payments/:id'),
  restorePayment: route('POST', '/api/payments/:id/restore'),
  createCreditNote: route('POST', '/api/orders/:id/credit-notes'),
  receiptPdf: route('GET', '/api/orders/:id/receipt.pdf'),
  creditNotePdf: route('GET', '/api/credit-notes/:id/pdf'),
  books: route('GET', '/api/books', { reads: ORDER_READS }),
  booksCsv: route('GET', '/api/books.csv'),
  booksReceipts: route('GET', '/api/books/receipts.zip'),

  // Todo.
  todos: route('GET', '/api/todos', { reads: ['todos'] }),
  firstTodos: route('GET', '/api/todos/first', {
    reads: ['todos', 'beads', 'customers'],
  }),
  addTodo: route('POST', '/api/todos'),
  updateTodo: route('PATCH', '/api/todos/:id'),
  deleteTodo: route('DELETE', '/api/todos/:id'),
  completeTodo: route('POST', '/api/todos/:id/complete'),

  // Puden, Pakning, påmindelser, Salg.
  pillow: route('GET', '/api/pillow', { reads: ORDER_READS }),
  packingOrders: route('GET', '/api/packing/orders', {
    reads: ORDER_READS,
  }),
  pickList: route('GET', '/api/packing/pick-list', {
    reads: ['orders', 'order_lines', 'beads', 'customers'],
  }),
  linePacked: route('PUT', '/api/orders/:id/lines/:lineId/packed'),
  reminders: route('GET', '/api/reminders', {
    reads: [...ORDER_READS, 'order_history'],
    etag: false,
  }),
  reminderCopied: route('POST', '/api/orders/:id/reminder-copied'),
  sales: route('GET', '/api/sales', {
    reads: [...ORDER_READS, 'order_history'],
  }),

  // Pakker: labels, the shipping file, 'Markér som sendt'. The files are links (downloads).
  parcels: route('GET', '/api/parcels', {
    reads: ['orders', 'customers', 'shop_settings'],
  }),
  labelsPdf: route('GET', '/api/parcels/labels.pdf'),
  testSheetPdf: route('GET', '/api/parcels/test-sheet.pdf'),
  shippingCsv: route('GET', '/api/parcels/shipping.csv'),
  shipParcels: route('POST', '/api/parcels/ship'),
  undoShipment: route('POST', '/api/parcels/shipments/:id/undo'),
  salesCsv: route('GET', '/api/sales.csv'),

  // Indstillinger.
  shopSettings: route('GET', '/api/settings/shop', {
    reads: ['shop_settings'],
  }),
  updateShopSettings: route('PUT', '/api/settings/shop'),
  backups: route('GET', '/api/data/backups'),
  takeBackup: route('POST', '/api/data/backups'),
  importData: route('POST', '/api/data/import'),
  exportJson: route('GET', '/api/data/export.json'),
  /** The export with the bead photos (decision 0016), and its import (the zip's bytes as the body). */
  exportZip: route('GET', '/api/data/export.zip'),
  importZip: route('POST', '/api/data/import.zip'),
  exportCsv: route('GET', '/api/data/export.csv'),
} as const;

export type RouteName = keyof typeof table;

type Success = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * A query as the client writes it, for the URL that carries it as text: the schema's input, and its output
 * where the schema reads a number or a yes/no from the text (urlOf writes them back as text).
 */
type QueryValueOf<I, O> = unknown extends I ? O : I | (O extends number | boolean ? O : never);
type QueryOf<S> = {
  [K in keyof In<S>]: QueryValueOf<In<S>[K], K extends keyof Out<S> ? Out<S>[K] : never>;
};

/** A route's types, from its contract: what the client sends (the schemas' input) and gets (their output). */
export type ContractTypes<C> = {
  query: C extends { query: infer Q } ? QueryOf<Q> : undefined;
  body: C extends { body: infer B }
    ? In<B>
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
        ? [Extract<keyof A, Success>] extends [never]
          ? unknown
          : Out<A[Extract<keyof A, Success>]>
        : unknown;
};

/** The route table, each entry typed by its contract (the `types` field is never set at run time). */
export const apiRoutes: {
  readonly [K in RouteName]: (typeof table)[K] & { readonly types?: ContractTypes<Contracts[K]> };
} = table;

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
