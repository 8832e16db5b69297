/**
 * What each route of the route table (api/routes.ts) takes and answers, as zod schemas, by the same names:
 * its params (when they are more than ids), query, body and answers by status, and how a POST behaves on a
 * repeated tap. The server validates and serializes with these very schemas (`serve(app, 'addCustomer',
 * handler)`, src/server/http/serve.ts); the client's types come from them (`import type`, so zod stays out of
 * the first load): a changed schema is a type error in every handler and every call. Decision 0013.
 */
import { z } from 'zod';
import {
  addBeadToCustomersResultSchema,
  beadListQuerySchema,
  beadListSchema,
  beadSchema,
  beadWithTodosSchema,
} from '../schemas/api-beads.ts';
import { booksQuerySchema, booksSchema } from '../schemas/api-books.ts';
import { apiErrorSchema } from '../schemas/api-common.ts';
import { customerDetailSchema, customerListSchema, customerSchema } from '../schemas/api-customers.ts';
import {
  backupListSchema,
  backupSchema,
  csvQuerySchema,
  importBodySchema,
  importQuerySchema,
  importReportSchema,
} from '../schemas/api-data.ts';
import { orderHistorySchema, shippedOrdersQuerySchema } from '../schemas/api-order-history.ts';
import {
  billTextSchema,
  creditNoteMadeSchema,
  orderListSchema,
  orderSchema,
  paymentResultSchema,
} from '../schemas/api-orders.ts';
import {
  linePackedBodySchema,
  linePackedSchema,
  packingOrdersQuerySchema,
  packingPageSchema,
  pickListSchema,
} from '../schemas/api-packing.ts';
import {
  labelsQuerySchema,
  parcelListSchema,
  parcelsQuerySchema,
  shipBodySchema,
  shipmentSchema,
  shipmentUndoneSchema,
  shippingCsvQuerySchema,
  testSheetQuerySchema,
} from '../schemas/api-parcels.ts';
import { phoneSetupSchema } from '../schemas/api-phone.ts';
import {
  beadPhotoParamsSchema,
  beadPhotosSchema,
  photoFileParamsSchema,
  photoOrderSchema,
} from '../schemas/api-photos.ts';
import { pillowSchema } from '../schemas/api-pillow.ts';
import {
  paymentReminderListSchema,
  reminderCopiedBodySchema,
  reminderCopiedSchema,
  reminderListQuerySchema,
} from '../schemas/api-reminders.ts';
import { salesOverviewSchema, salesQuerySchema } from '../schemas/api-sales.ts';
import { shopSettingsSchema } from '../schemas/api-settings.ts';
import {
  countRoundSchema,
  deliveryResultSchema,
  stockCountsSchema,
  stockMoveResultSchema,
  stockUndoResultSchema,
} from '../schemas/api-stock.ts';
import {
  healthSchema,
  sessionAnswerSchema,
  sessionUserSchema,
  signInAnswerSchema,
  signInBodySchema,
  signOutBodySchema,
  sinceQuerySchema,
  socialSignInAnswerSchema,
  socialSignInBodySchema,
} from '../schemas/api-system.ts';
import {
  completeTodoResultSchema,
  createTodoResultSchema,
  todoFirstScreenQuerySchema,
  todoFirstScreenSchema,
  todoListSchema,
  todoSchema,
} from '../schemas/api-todos.ts';
import { ownerSetupSchema, setupStatusSchema } from '../schemas/auth.ts';
import { beadCreateSchema, beadUpdateSchema } from '../schemas/bead.ts';
import { customerCreateSchema, customerListQuerySchema, customerUpdateSchema } from '../schemas/customer.ts';
import {
  messageLinesCreateSchema,
  messageLinesResultSchema,
  messageLinesUndoResultSchema,
  messageLinesUndoSchema,
} from '../schemas/message-lines.ts';
import { orderUpdateSchema } from '../schemas/order.ts';
import { addBeadToCustomersSchema, orderLineCreateSchema } from '../schemas/order-line.ts';
import {
  messageSettingsSchema,
  messageSettingsUpdateSchema,
  trackingCsvBodySchema,
  trackingCsvResultSchema,
  trackingNumberBodySchema,
} from '../schemas/outgoing.ts';
import { creditNoteCreateSchema, paymentCreateSchema } from '../schemas/payment.ts';
import { shopSettingsUpdateSchema } from '../schemas/shop-settings.ts';
import { deliverySchema, stockMoveSchema } from '../schemas/stock.ts';
import { todoCompleteSchema, todoCreateSchema, todoUpdateSchema } from '../schemas/todo.ts';
import type { IdempotentMode } from './contract-types.ts';

type Schema = z.ZodType;

export type Contract = {
  /** The path's params; without it, each `:name` of the path is an id (apiIdSchema). */
  readonly params?: z.ZodObject;
  readonly query?: Schema;
  readonly body?: Schema;
  /** A body that is not JSON, read by the route itself: the photos' multipart form, the zip's bytes. */
  readonly upload?: 'form-data' | 'bytes';
  /** The answers by status: the 2xx ones are the route's answer, the others its refusals. */
  readonly answers?: { readonly [status: number]: Schema };
  /** An answer that is a file rather than JSON: text (PDF, CSV, the JSON export) or bytes (a photo, a zip). */
  readonly file?: 'text' | 'bytes';
  /**
   * How a POST behaves when a tap is repeated or an answer lost (src/server/http/idempotent-routes.ts): once
   * per `Idempotency-Key` header ('header'), per the body's `idempotencyKey` ('body'), or not a create (false).
   */
  readonly idempotent?: IdempotentMode;
};

/** The Danish refusals a route answers with, by status: `{ message, code, field? }` each. */
const refusals = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S]: typeof apiErrorSchema;
  };

const photoAnswers = { 200: beadPhotosSchema, ...refusals(400, 404, 409) };

export const contracts = {
  // The session and the one-time set-up (better-auth answers /api/auth/* and validates them itself).
  session: { answers: { 200: sessionAnswerSchema } },
  signIn: { body: signInBodySchema, answers: { 200: signInAnswerSchema } },
  signInSocial: { body: socialSignInBodySchema, answers: { 200: socialSignInAnswerSchema } },
  signOut: { body: signOutBodySchema },
  setupStatus: { answers: { 200: setupStatusSchema } },
  setup: { body: ownerSetupSchema, answers: { 201: sessionUserSchema, ...refusals(409) } },
  health: { answers: { 200: healthSchema, 503: healthSchema } },
  me: { answers: { 200: sessionUserSchema } },
  // A stream of server-sent events (api/live.ts on the client), not a JSON answer.
  events: { query: sinceQuerySchema, answers: refusals(400) },
  phone: { answers: { 200: phoneSetupSchema } },
  // The OpenAPI document (JSON), made from these contracts.
  openapi: { file: 'text' },

  // Kunder.
  customers: { query: customerListQuerySchema, answers: { 200: customerListSchema, ...refusals(400) } },
  addCustomer: {
    idempotent: 'header',
    body: customerCreateSchema,
    answers: { 201: customerSchema, ...refusals(400, 409) },
  },
  customer: { answers: { 200: customerDetailSchema, ...refusals(404) } },
  updateCustomer: {
    body: customerUpdateSchema,
    answers: { 200: customerSchema, ...refusals(400, 404, 409) },
  },
  deleteCustomer: { answers: { 204: z.null(), ...refusals(404, 409) } },
  archiveCustomer: { idempotent: false, answers: { 200: customerSchema, ...refusals(404) } },
  unarchiveCustomer: { idempotent: false, answers: { 200: customerSchema, ...refusals(404) } },
  activeOrder: { idempotent: 'header', answers: { 200: orderSchema, 201: orderSchema, ...refusals(404) } },
  addLine: {
    idempotent: 'header',
    body: orderLineCreateSchema,
    answers: { 201: orderSchema, ...refusals(400, 404) },
  },
  addMessageLines: {
    idempotent: 'header',
    body: messageLinesCreateSchema,
    answers: { 201: messageLinesResultSchema, ...refusals(400, 404, 409) },
  },
  // A repeat with the same key gets the first answer: the amounts are taken off once.
  undoMessageLines: {
    idempotent: 'header',
    body: messageLinesUndoSchema,
    answers: { 200: messageLinesUndoResultSchema, ...refusals(400, 404, 409) },
  },

  // Nåle.
  beads: { query: beadListQuerySchema, answers: { 200: beadListSchema } },
  addBead: {
    idempotent: 'header',
    body: beadCreateSchema,
    answers: { 201: beadSchema, ...refusals(400, 409) },
  },
  bead: { answers: { 200: beadWithTodosSchema, ...refusals(404) } },
  updateBead: { body: beadUpdateSchema, answers: { 200: beadSchema, ...refusals(400, 404) } },
  deleteBead: { answers: { 204: z.null(), ...refusals(404) } },
  addBeadToCustomers: {
    idempotent: 'header',
    body: addBeadToCustomersSchema,
    answers: { 201: addBeadToCustomersResultSchema, ...refusals(400, 404) },
  },
  // Fotos (decision 0016): the upload is a multipart form, read by the route's prepare step.
  addBeadPhotos: {
    idempotent: 'header',
    upload: 'form-data',
    answers: { ...photoAnswers, 201: beadPhotosSchema, ...refusals(413) },
  },
  orderBeadPhotos: { body: photoOrderSchema, answers: photoAnswers },
  deleteBeadPhoto: { params: beadPhotoParamsSchema, answers: photoAnswers },
  // Not a create: it sets the photo back on the bead, and a repeat finds it there.
  restoreBeadPhoto: { idempotent: false, params: beadPhotoParamsSchema, answers: photoAnswers },
  photo: { params: photoFileParamsSchema, file: 'bytes' },

  // Lager (docs/product/stock.md).
  moveStock: {
    idempotent: 'header',
    body: stockMoveSchema,
    answers: { 201: stockMoveResultSchema, ...refusals(400, 404) },
  },
  addDelivery: {
    idempotent: 'header',
    body: deliverySchema,
    answers: { 201: deliveryResultSchema, ...refusals(400, 404, 409) },
  },
  undoStockMovement: { idempotent: 'header', answers: { 200: stockUndoResultSchema, ...refusals(404, 409) } },
  stockCounts: { answers: { 200: stockCountsSchema } },
  startCountRound: { idempotent: false, answers: { 200: countRoundSchema } },

  // Ordrer.
  openOrders: { answers: { 200: orderListSchema } },
  shippedOrders: { query: shippedOrdersQuerySchema, answers: { 200: orderListSchema, ...refusals(400) } },
  order: { answers: { 200: orderSchema, ...refusals(404) } },
  updateOrder: { body: orderUpdateSchema, answers: { 200: orderSchema, ...refusals(400, 404, 409) } },
  setTrackingNumber: {
    body: trackingNumberBodySchema,
    answers: { 200: orderSchema, ...refusals(400, 404, 409) },
  },
  billText: { answers: { 200: billTextSchema, ...refusals(404) } },
  orderHistory: { answers: { 200: orderHistorySchema, ...refusals(404) } },
  deleteLine: { answers: { 200: orderSchema, ...refusals(404, 409) } },

  // Penge (docs/product/money.md).
  // Not a create: sending bills the order once (its number never changes), and a repeat finds it billed.
  sendBill: { idempotent: false, answers: { 200: billTextSchema, ...refusals(404) } },
  registerPayment: {
    idempotent: 'header',
    body: paymentCreateSchema,
    answers: { 201: paymentResultSchema, ...refusals(400, 404, 409) },
  },
  deletePayment: { answers: { 200: paymentResultSchema, ...refusals(404, 409) } },
  // Not a create: it makes a deleted payment count again, and a repeat finds it counting.
  restorePayment: { idempotent: false, answers: { 200: paymentResultSchema, ...refusals(404, 409) } },
  createCreditNote: {
    idempotent: 'header',
    body: creditNoteCreateSchema,
    answers: { 201: creditNoteMadeSchema, ...refusals(400, 404, 409) },
  },
  receiptPdf: { file: 'bytes' },
  creditNotePdf: { file: 'bytes' },
  books: { query: booksQuerySchema, answers: { 200: booksSchema, ...refusals(400) } },
  booksCsv: { query: booksQuerySchema, file: 'text' },
  booksReceipts: { query: booksQuerySchema, file: 'bytes' },

  // Todo.
  todos: { answers: { 200: todoListSchema } },
  firstTodos: {
    query: todoFirstScreenQuerySchema,
    answers: { 200: todoFirstScreenSchema, ...refusals(400) },
  },
  addTodo: {
    idempotent: 'header',
    body: todoCreateSchema,
    answers: { 201: createTodoResultSchema, ...refusals(400, 404, 409) },
  },
  updateTodo: { body: todoUpdateSchema, answers: { 200: todoSchema, ...refusals(400, 404) } },
  deleteTodo: { answers: { 204: z.null(), ...refusals(404) } },
  // The key is in the body (required); an Idempotency-Key header, when sent too, must be the same key.
  completeTodo: {
    idempotent: 'body',
    body: todoCompleteSchema,
    answers: { 200: completeTodoResultSchema, ...refusals(400, 404, 409) },
  },

  // Puden, Pakning, påmindelser, Salg.
  pillow: { answers: { 200: pillowSchema } },
  packingOrders: { query: packingOrdersQuerySchema, answers: { 200: packingPageSchema, ...refusals(400) } },
  pickList: { answers: { 200: pickListSchema } },
  linePacked: { body: linePackedBodySchema, answers: { 200: linePackedSchema, ...refusals(400, 404, 409) } },
  reminders: {
    query: reminderListQuerySchema,
    answers: { 200: paymentReminderListSchema, ...refusals(400) },
  },
  reminderCopied: {
    idempotent: 'header',
    body: reminderCopiedBodySchema,
    answers: { 200: reminderCopiedSchema, ...refusals(400, 404, 409) },
  },
  sales: { query: salesQuerySchema, answers: { 200: salesOverviewSchema, ...refusals(400) } },

  // Pakker: labels, the shipping file, 'Markér som sendt'. The files are links (downloads).
  parcels: { query: parcelsQuerySchema, answers: { 200: parcelListSchema, ...refusals(400) } },
  labelsPdf: { query: labelsQuerySchema, file: 'text' },
  testSheetPdf: { query: testSheetQuerySchema, file: 'text' },
  shippingCsv: { query: shippingCsvQuerySchema, file: 'text' },
  shipParcels: {
    idempotent: 'header',
    body: shipBodySchema,
    answers: { 200: shipmentSchema, ...refusals(400, 404, 409) },
  },
  undoShipment: {
    idempotent: false,
    params: z.object({ id: z.string().max(100) }),
    answers: { 200: shipmentUndoneSchema, ...refusals(409) },
  },
  // Not a create: it sets each order's Pakkenummer to the file's, and a repeat sets the same again.
  importTrackingNumbers: {
    idempotent: false,
    body: trackingCsvBodySchema,
    answers: { 200: trackingCsvResultSchema, ...refusals(400, 404, 409) },
  },
  salesCsv: { query: salesQuerySchema, file: 'text' },

  // Indstillinger.
  shopSettings: { answers: { 200: shopSettingsSchema } },
  updateShopSettings: {
    body: shopSettingsUpdateSchema,
    answers: { 200: shopSettingsSchema, ...refusals(400) },
  },
  messageSettings: { answers: { 200: messageSettingsSchema } },
  updateMessageSettings: {
    body: messageSettingsUpdateSchema,
    answers: { 200: messageSettingsSchema, ...refusals(400) },
  },
  backups: { answers: { 200: backupListSchema } },
  // A repeated tap takes another backup, which is harmless (the folder is pruned per kind).
  takeBackup: { idempotent: false, answers: { 201: backupSchema, ...refusals(409) } },
  // Not a create: the import refuses a shop that is not empty and reports what it read (dry run too).
  importData: {
    idempotent: false,
    query: importQuerySchema,
    body: importBodySchema,
    answers: { 200: importReportSchema, ...refusals(400, 409) },
  },
  exportJson: { file: 'text' },
  /** The export with the bead photos (decision 0016), and its import (the zip's bytes as the body). */
  exportZip: { file: 'bytes' },
  importZip: {
    idempotent: false,
    query: importQuerySchema,
    upload: 'bytes',
    answers: { 200: importReportSchema, ...refusals(400, 409, 413) },
  },
  exportCsv: { query: csvQuerySchema, file: 'text' },
} as const satisfies { readonly [name: string]: Contract };

export type Contracts = typeof contracts;
