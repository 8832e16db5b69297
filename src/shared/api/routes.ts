/**
 * The API's one route table: every route the client calls or the server registers under /api, by
 * name, with its method, its path, and the TypeScript types of its params (read from the path), query, body
 * and answer. The server registers each route from it (`serve(app, apiRoutes.customers, …)`,
 * src/server/http/serve.ts), the client calls through it (`call(apiRoutes.customer, { params: { id } })`,
 * src/client/lib/api.ts), so a path is written once and a renamed route or a changed body is a type error on
 * both sides.
 *
 * The zod schemas stay with the routes on the server (where Fastify validates with them); serve()'s types hold
 * them to this table's types in tsc, and `tests/api/route-table.test.ts` reads Fastify's route table: every
 * entry here is registered through serve() with its method, and every /api route registered is here. The
 * table itself carries no schema (and no zod)
 * so the login page and the first screen stay light; docs/decisions/0013-one-route-table.md.
 */
import type { LabelSheetId } from '../domain/label-sheets.ts';
import { fillPath, type PathParams, type QueryValue } from '../paths.ts';
import type { AddBeadToCustomersResult, Bead, BeadWithTodos } from '../schemas/api-beads.ts';
import type { Customer, CustomerDetail } from '../schemas/api-customers.ts';
import type { Backup, BackupList, DataTable, ImportReport } from '../schemas/api-data.ts';
import type { OrderHistory } from '../schemas/api-order-history.ts';
import type { BillText, Order } from '../schemas/api-orders.ts';
import type { LinePacked, LinePackedBody, PackingPage, PickList } from '../schemas/api-packing.ts';
import type { ParcelList, ParcelStatus, ShipBody, Shipment, ShipmentUndone } from '../schemas/api-parcels.ts';
import type { PhoneSetup } from '../schemas/api-phone.ts';
import type { BeadPhotos, PhotoOrder } from '../schemas/api-photos.ts';
import type { Pillow } from '../schemas/api-pillow.ts';
import type { PaymentReminderList, ReminderCopied } from '../schemas/api-reminders.ts';
import type { SalesOverview } from '../schemas/api-sales.ts';
import type { ShopSettings } from '../schemas/api-settings.ts';
import type {
  CountRound,
  DeliveryResult,
  StockCounts,
  StockMoveResult,
  StockUndoResult,
} from '../schemas/api-stock.ts';
import type {
  CompleteTodoResult,
  CreateTodoResult,
  Todo,
  TodoFirstScreen,
  TodoListItem,
} from '../schemas/api-todos.ts';
import type { LoginInput, OwnerSetupInput, SetupStatus } from '../schemas/auth.ts';
import type { BeadCreate, BeadUpdate } from '../schemas/bead.ts';
import type { CustomerCreate, CustomerUpdate } from '../schemas/customer.ts';
import type { OrderUpdate } from '../schemas/order.ts';
import type { AddBeadToCustomers, OrderLineCreate } from '../schemas/order-line.ts';
import type { ShopSettingsUpdate } from '../schemas/shop-settings.ts';
import type { Delivery, StockMove } from '../schemas/stock.ts';
import type { TodoComplete, TodoCreate, TodoUpdate } from '../schemas/todo.ts';
import type { VersionedTable } from './tables.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes and gives; only types (the `types` field is never set at run time). */
export type RouteTypes = { query?: Record<string, QueryValue>; body?: unknown; answer: unknown };

export type ApiRoute<
  M extends ApiMethod = ApiMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> = {
  readonly method: M;
  readonly path: P;
  /** Never present: carries the query, body and answer types to the client's `call`. */
  readonly types?: T;
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

type RouteFacts = { reads?: readonly VersionedTable[]; etag?: false };

/**
 * One route: `route<{ body: X; answer: Y }>()('POST', '/api/…')` (two calls so the path's literal type is kept);
 * a read from the tables says which: `route<{ answer: Y }>()('GET', '/api/…', { reads: ['customers'] })`.
 */
const route =
  <T extends RouteTypes>() =>
  <M extends ApiMethod, P extends `/api/${string}`>(
    method: M,
    path: P,
    facts: M extends 'GET' ? RouteFacts : { reads?: never; etag?: never } = {},
  ): ApiRoute<M, P, T> => ({ method, path, ...facts });

/** What the orders' answers read: an order's total follows the postage in the settings. */
const ORDER_READS = ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] as const;

/** The label links' query: the sheet, the offset in mm ('Justér') and, for the labels, the orders and 'Spring over'. */
type OffsetQuery = { sheet: LabelSheetId; right?: number; down?: number };
type LabelsLinkQuery = OffsetQuery & { orders: string; skip?: number };

/** The signed-in user as better-auth answers it (more fields come; these are the ones the app reads). */
type SessionUserAnswer = { id: string; name: string; email: string };

export const apiRoutes = {
  // The session and the one-time set-up (better-auth answers /api/auth/*).
  session: route<{ answer: { user: SessionUserAnswer } | null }>()('GET', '/api/auth/get-session'),
  signIn: route<{ body: LoginInput & { rememberMe?: boolean }; answer: { user: SessionUserAnswer } }>()(
    'POST',
    '/api/auth/sign-in/email',
  ),
  signInSocial: route<{
    body: { provider: string; callbackURL: string; errorCallbackURL?: string };
    answer: { url?: string };
  }>()('POST', '/api/auth/sign-in/social'),
  signOut: route<{ body: Record<never, never>; answer: unknown }>()('POST', '/api/auth/sign-out'),
  setupStatus: route<{ answer: SetupStatus }>()('GET', '/api/setup'),
  setup: route<{ body: OwnerSetupInput; answer: { id: string; name: string; email: string } }>()(
    'POST',
    '/api/setup',
  ),
  health: route<{ answer: unknown }>()('GET', '/api/health'),
  me: route<{ answer: unknown }>()('GET', '/api/me'),
  events: route<{ query: { since?: string }; answer: unknown }>()('GET', '/api/events'),
  phone: route<{ answer: PhoneSetup }>()('GET', '/api/phone'),

  // Kunder.
  customers: route<{ query: { archived?: 'true' }; answer: Customer[] }>()('GET', '/api/customers', {
    reads: ['customers'],
  }),
  addCustomer: route<{ body: CustomerCreate; answer: Customer }>()('POST', '/api/customers'),
  customer: route<{ answer: CustomerDetail }>()('GET', '/api/customers/:id', {
    reads: ['customers', 'orders', 'order_lines', 'beads', 'todos', 'shop_settings'],
  }),
  updateCustomer: route<{ body: CustomerUpdate; answer: Customer }>()('PATCH', '/api/customers/:id'),
  deleteCustomer: route<{ answer: null }>()('DELETE', '/api/customers/:id'),
  archiveCustomer: route<{ answer: Customer }>()('POST', '/api/customers/:id/archive'),
  unarchiveCustomer: route<{ answer: Customer }>()('POST', '/api/customers/:id/unarchive'),
  activeOrder: route<{ answer: Order }>()('POST', '/api/customers/:id/active-order'),
  addLine: route<{ body: OrderLineCreate; answer: Order }>()('POST', '/api/customers/:id/lines'),

  // Nåle.
  beads: route<{ query: { includeDeleted?: 'true' }; answer: Bead[] }>()('GET', '/api/beads', {
    reads: ['beads', 'todos'],
  }),
  addBead: route<{ body: BeadCreate; answer: Bead }>()('POST', '/api/beads'),
  bead: route<{ answer: BeadWithTodos }>()('GET', '/api/beads/:id', {
    reads: ['beads', 'todos', 'stock_movements', 'customers', 'bead_photos'],
  }),
  updateBead: route<{ body: BeadUpdate; answer: Bead }>()('PATCH', '/api/beads/:id'),
  deleteBead: route<{ answer: null }>()('DELETE', '/api/beads/:id'),
  addBeadToCustomers: route<{ body: AddBeadToCustomers; answer: AddBeadToCustomersResult }>()(
    'POST',
    '/api/beads/:id/add-to-customers',
  ),
  // Fotos (decision 0016): the upload is multipart (lib/photo-upload.ts sends it), the photo URLs are images.
  addBeadPhotos: route<{ body: FormData; answer: BeadPhotos }>()('POST', '/api/beads/:id/photos'),
  orderBeadPhotos: route<{ body: PhotoOrder; answer: BeadPhotos }>()('PUT', '/api/beads/:id/photos'),
  deleteBeadPhoto: route<{ answer: BeadPhotos }>()('DELETE', '/api/beads/:id/photos/:photoId'),
  restoreBeadPhoto: route<{ answer: BeadPhotos }>()('POST', '/api/beads/:id/photos/:photoId/restore'),
  photo: route<{ answer: Blob }>()('GET', '/api/photos/:photoId/:size'),

  // Lager (docs/product/stock.md): her movements, a delivery that fills the waiting orders, 'Fortryd', and the
  // counting screen's facts and rounds.
  moveStock: route<{ body: StockMove; answer: StockMoveResult }>()('POST', '/api/beads/:id/stock'),
  addDelivery: route<{ body: Delivery; answer: DeliveryResult }>()('POST', '/api/beads/:id/deliveries'),
  undoStockMovement: route<{ answer: StockUndoResult }>()('POST', '/api/stock-movements/:id/undo'),
  stockCounts: route<{ answer: StockCounts }>()('GET', '/api/stock/counts', {
    reads: ['beads', 'shop_settings'],
  }),
  startCountRound: route<{ answer: CountRound }>()('POST', '/api/stock/count-round'),

  // Ordrer.
  openOrders: route<{ query: { open?: 'true' }; answer: Order[] }>()('GET', '/api/orders', {
    reads: ORDER_READS,
  }),
  shippedOrders: route<{ query: { from: string; until: string }; answer: Order[] }>()(
    'GET',
    '/api/orders/shipped',
    { reads: [...ORDER_READS, 'order_history'] },
  ),
  order: route<{ answer: Order }>()('GET', '/api/orders/:id', { reads: ORDER_READS }),
  updateOrder: route<{ body: OrderUpdate; answer: Order }>()('PATCH', '/api/orders/:id'),
  billText: route<{ answer: BillText }>()('GET', '/api/orders/:id/bill-text', {
    reads: ORDER_READS,
    etag: false,
  }),
  orderHistory: route<{ answer: OrderHistory }>()('GET', '/api/orders/:id/history', {
    reads: ['orders', 'order_history', 'customers'],
  }),
  deleteLine: route<{ answer: Order }>()('DELETE', '/api/order-lines/:id'),

  // Todo.
  todos: route<{ answer: TodoListItem[] }>()('GET', '/api/todos', { reads: ['todos'] }),
  firstTodos: route<{ query: { limit?: number }; answer: TodoFirstScreen }>()('GET', '/api/todos/first', {
    reads: ['todos', 'beads', 'customers'],
  }),
  addTodo: route<{ body: TodoCreate; answer: CreateTodoResult }>()('POST', '/api/todos'),
  updateTodo: route<{ body: TodoUpdate; answer: Todo }>()('PATCH', '/api/todos/:id'),
  deleteTodo: route<{ answer: null }>()('DELETE', '/api/todos/:id'),
  completeTodo: route<{ body: TodoComplete; answer: CompleteTodoResult }>()(
    'POST',
    '/api/todos/:id/complete',
  ),

  // Puden, Pakning, påmindelser, Salg.
  pillow: route<{ answer: Pillow }>()('GET', '/api/pillow', { reads: ORDER_READS }),
  packingOrders: route<{ query: { after?: string }; answer: PackingPage }>()('GET', '/api/packing/orders', {
    reads: ORDER_READS,
  }),
  pickList: route<{ answer: PickList }>()('GET', '/api/packing/pick-list', {
    reads: ['orders', 'order_lines', 'beads', 'customers'],
  }),
  linePacked: route<{ body: LinePackedBody; answer: LinePacked }>()(
    'PUT',
    '/api/orders/:id/lines/:lineId/packed',
  ),
  reminders: route<{
    query: { limit?: number; afterSince?: string; afterId?: string };
    answer: PaymentReminderList;
  }>()('GET', '/api/reminders', {
    reads: [...ORDER_READS, 'order_history'],
    etag: false,
  }),
  reminderCopied: route<{ body: { copiedAt?: string }; answer: ReminderCopied }>()(
    'POST',
    '/api/orders/:id/reminder-copied',
  ),
  sales: route<{ query: { year: number }; answer: SalesOverview }>()('GET', '/api/sales', {
    reads: [...ORDER_READS, 'order_history'],
  }),

  // Pakker: labels, the shipping file, 'Markér som sendt'. The files are links (downloads).
  parcels: route<{ query: { status: ParcelStatus }; answer: ParcelList }>()('GET', '/api/parcels', {
    reads: ['orders', 'customers', 'shop_settings'],
  }),
  labelsPdf: route<{ query: LabelsLinkQuery; answer: string }>()('GET', '/api/parcels/labels.pdf'),
  testSheetPdf: route<{ query: OffsetQuery; answer: string }>()('GET', '/api/parcels/test-sheet.pdf'),
  shippingCsv: route<{ query: { orders: string }; answer: string }>()('GET', '/api/parcels/shipping.csv'),
  shipParcels: route<{ body: ShipBody; answer: Shipment }>()('POST', '/api/parcels/ship'),
  undoShipment: route<{ answer: ShipmentUndone }>()('POST', '/api/parcels/shipments/:id/undo'),
  salesCsv: route<{ query: { year: number }; answer: string }>()('GET', '/api/sales.csv'),

  // Indstillinger.
  shopSettings: route<{ answer: ShopSettings }>()('GET', '/api/settings/shop', {
    reads: ['shop_settings'],
  }),
  updateShopSettings: route<{ body: ShopSettingsUpdate; answer: ShopSettings }>()(
    'PUT',
    '/api/settings/shop',
  ),
  backups: route<{ answer: BackupList }>()('GET', '/api/data/backups'),
  takeBackup: route<{ answer: Backup }>()('POST', '/api/data/backups'),
  importData: route<{ query: { dryRun: boolean }; body: unknown; answer: ImportReport }>()(
    'POST',
    '/api/data/import',
  ),
  exportJson: route<{ answer: unknown }>()('GET', '/api/data/export.json'),
  /** The export with the bead photos (decision 0016), and its import (the zip's bytes as the body). */
  exportZip: route<{ answer: Blob }>()('GET', '/api/data/export.zip'),
  importZip: route<{ query: { dryRun: boolean }; body: Blob; answer: ImportReport }>()(
    'POST',
    '/api/data/import.zip',
  ),
  exportCsv: route<{ query: { table: DataTable }; answer: string }>()('GET', '/api/data/export.csv'),
} as const;

export type ApiRoutes = typeof apiRoutes;

type TypesOf<R> = R extends ApiRoute<ApiMethod, string, infer T> ? T : never;
export type RouteQuery<R> = TypesOf<R> extends { query: infer Q } ? Q : undefined;
export type RouteBody<R> = TypesOf<R> extends { body: infer B } ? B : undefined;
export type RouteAnswer<R> = TypesOf<R>['answer'];

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
