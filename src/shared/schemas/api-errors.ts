import { MAX_IMPORT_DEPTH, MAX_IMPORT_ZIP_BYTES } from '../domain/limits.ts';
import { errorTexts } from '../texts/errors.ts';
import { photoTexts } from '../texts/photos.ts';
import { texts } from '../texts.ts';

/**
 * Errors the shop API answers with, as `{ message, code }` (docs/product/texts-and-errors.md). Codes are
 * stable and meant for code (`if (error.code === 'ACTIVE_ORDER_EXISTS')`); messages are Danish and meant for
 * the toast. Messages come from texts.ts where it has them; the last few are only used by the API.
 */
export const apiErrors = {
  customerNameTaken: { code: 'CUSTOMER_NAME_TAKEN', message: texts.customers.duplicateName },
  beadNameTaken: { code: 'BEAD_NAME_TAKEN', message: texts.beads.duplicateName },
  newBeadNameTaken: { code: 'BEAD_NAME_TAKEN', message: texts.beads.duplicateNameTodo },
  activeOrderExists: { code: 'ACTIVE_ORDER_EXISTS', message: texts.orders.activeExists },
  orderShipped: { code: 'ORDER_SHIPPED', message: texts.orders.shippedReadOnly },
  priceRequired: { code: 'PRICE_REQUIRED', message: texts.validation.pricePositive },
  customerNotFound: { code: 'CUSTOMER_NOT_FOUND', message: texts.customers.notFound },
  customerHasOrders: { code: 'CUSTOMER_HAS_ORDERS', message: texts.customers.care.deleteRefusedOrders },
  customerHasTodos: { code: 'CUSTOMER_HAS_TODOS', message: texts.customers.care.deleteRefusedTodos },
  customerArchived: { code: 'CUSTOMER_ARCHIVED', message: texts.customers.care.archivedRefused },
  beadNotFound: { code: 'BEAD_NOT_FOUND', message: texts.beads.beadNotFoundError },
  // Bead photos (decision 0016).
  photoNotPhoto: { code: 'PHOTO_NOT_PHOTO', message: photoTexts.refused.notPhoto },
  photoHeic: { code: 'PHOTO_HEIC', message: photoTexts.refused.heic },
  photoTooManyPixels: { code: 'PHOTO_TOO_MANY_PIXELS', message: photoTexts.refused.tooManyPixels },
  photoBroken: { code: 'PHOTO_BROKEN', message: photoTexts.refused.broken },
  photoBeadFull: { code: 'PHOTO_BEAD_FULL', message: photoTexts.refused.beadFull },
  photoNoFile: { code: 'PHOTO_NO_FILE', message: photoTexts.refused.noFile },
  photoNotFound: { code: 'PHOTO_NOT_FOUND', message: photoTexts.refused.notFound },
  photoNotOnBead: { code: 'PHOTO_NOT_ON_BEAD', message: photoTexts.refused.notOnBead },
  photoBadOrder: { code: 'PHOTO_BAD_ORDER', message: photoTexts.refused.badOrder },
  todoNotFound: { code: 'TODO_NOT_FOUND', message: texts.todos.notFound },
  orderNotFound: { code: 'ORDER_NOT_FOUND', message: texts.orders.notFound },
  orderNotActive: { code: 'ORDER_NOT_ACTIVE', message: 'Fejl: Linjer kan kun ændres på en aktiv ordre' },
  orderLineNotFound: { code: 'ORDER_LINE_NOT_FOUND', message: 'Linjen findes ikke' },
  orderTooManyLines: { code: 'ORDER_TOO_MANY_LINES', message: texts.orders.tooManyLines },
  /** The message names the amount the todo already has: see texts.todos.amountMaxMerged. */
  todoAmountTooHigh: { code: 'TODO_AMOUNT_TOO_HIGH', message: texts.todos.amountMax },
  /** Payment reminders: a reminder is kept only for an order in Afventer betaling. */
  orderNotInvoiced: { code: 'ORDER_NOT_INVOICED', message: texts.reminders.notInvoiced },
  idempotencyKeyReused: {
    code: 'IDEMPOTENCY_KEY_REUSED',
    message: 'Fejl: Forespørgslen er allerede brugt til en anden handling',
  },
  // 'Indsæt besked' (docs/product/messages.md): the message names the bead, see texts.paste.needsTodo.
  beadNeedsTodo: { code: 'BEAD_NEEDS_TODO', message: texts.paste.needsTodo('Perlen') },
  messageUndoGone: { code: 'ORDER_NOT_ACTIVE', message: texts.paste.undoGone },
  // Pakning.
  packingOrderNotPaid: { code: 'ORDER_NOT_TO_PACK', message: texts.packing.notPaid },
  packingBadCursor: { code: 'BAD_CURSOR', message: texts.packing.badCursor },
  // parcels.
  parcelsNoLabels: { code: 'NO_LABELS', message: texts.parcels.noLabels },
  orderNotReadyToShip: { code: 'ORDER_NOT_READY_TO_SHIP', message: texts.parcels.notReady },
  shipmentUndoExpired: { code: 'SHIPMENT_UNDO_EXPIRED', message: texts.parcels.undoExpired },
  // Texts that go out: a Pakkenummer, typed or read from the shipping service's file (the row's message names it).
  trackingNotReady: { code: 'TRACKING_NOT_READY', message: texts.outgoing.errors.trackingNotReady },
  trackingCsvInvalid: { code: 'TRACKING_CSV_INVALID', message: texts.outgoing.errors.csvNoReference },
  // Stock (docs/product/stock.md).
  stockMovementNotFound: { code: 'STOCK_MOVEMENT_NOT_FOUND', message: texts.stock.errors.movementNotFound },
  stockNotOwn: { code: 'STOCK_NOT_OWN', message: texts.stock.errors.notOwn },
  stockNotLatest: { code: 'STOCK_NOT_LATEST', message: texts.stock.errors.notLatest },
  stockDeliveryChanged: { code: 'STOCK_DELIVERY_CHANGED', message: texts.stock.errors.deliveryChanged },
  stockTodoNotWaiting: { code: 'STOCK_TODO_NOT_WAITING', message: texts.stock.errors.todoNotWaiting },
  // The shop's money (docs/product/money.md).
  orderNotNumbered: { code: 'ORDER_NOT_NUMBERED', message: texts.money.errors.notNumbered },
  orderCancelled: { code: 'ORDER_CANCELLED', message: texts.money.errors.cancelledOrder },
  paymentNotFound: { code: 'PAYMENT_NOT_FOUND', message: texts.money.errors.paymentNotFound },
  paymentOfCredit: { code: 'PAYMENT_OF_CREDIT', message: texts.money.errors.paymentOfCredit },
  orderNotPaid: { code: 'ORDER_NOT_PAID', message: texts.money.errors.notPaid },
  discountTooLarge: { code: 'DISCOUNT_TOO_LARGE', message: texts.money.discountTooLarge },
  discountNotActive: { code: 'ORDER_NOT_ACTIVE', message: 'Fejl: Rabat kan kun ændres på en aktiv ordre' },
  creditNotShipped: { code: 'CREDIT_NOT_SHIPPED', message: texts.money.errors.creditNotShipped },
  creditLineUnknown: { code: 'CREDIT_LINE_UNKNOWN', message: texts.money.errors.creditLineUnknown },
  creditLineTwice: { code: 'CREDIT_LINE_TWICE', message: texts.money.errors.creditLineTwice },
  creditPostageTwice: { code: 'CREDIT_POSTAGE_TWICE', message: texts.money.errors.creditPostageTwice },
  creditNothing: { code: 'CREDIT_NOTHING', message: texts.money.creditNothing },
  creditNoteNotFound: { code: 'CREDIT_NOTE_NOT_FOUND', message: texts.money.errors.creditNoteNotFound },
  // Set-up, backups and import.
  setupClosed: { code: 'SETUP_CLOSED', message: texts.auth.setupClosed },
  backupsSqliteOnly: { code: 'BACKUPS_SQLITE_ONLY', message: texts.data.backupsOnlySqlite },
  importRaced: { code: 'IMPORT_RACED', message: texts.data.importRaced },
  // Refusals of the HTTP glue (a session, an Origin, a body, an upload or an import file, before any service).
  unauthorized: { code: 'UNAUTHORIZED', message: texts.auth.unauthorized },
  forbiddenOrigin: { code: 'FORBIDDEN_ORIGIN', message: texts.auth.forbiddenOrigin },
  /** The message names the depth: see errorTexts.bodyTooDeep, or the route's own. */
  bodyTooDeep: { code: 'BODY_TOO_DEEP', message: errorTexts.bodyTooDeep(MAX_IMPORT_DEPTH) },
  photoTooLarge: { code: 'PHOTO_TOO_LARGE', message: photoTexts.refused.tooLarge },
  photoTooManyFiles: { code: 'PHOTO_TOO_MANY_FILES', message: photoTexts.refused.tooManyFiles },
  photoTooManyParts: { code: 'PHOTO_TOO_MANY_PARTS', message: photoTexts.refused.tooManyFiles },
  photoNotMultipart: { code: 'PHOTO_NOT_MULTIPART', message: photoTexts.refused.notMultipart },
  importFileInvalid: { code: 'IMPORT_FILE_INVALID', message: photoTexts.archive.notZip },
  /** The message names the limit: see photoTexts.archive.tooLarge. */
  importTooLarge: {
    code: 'IMPORT_TOO_LARGE',
    message: photoTexts.archive.tooLarge(MAX_IMPORT_ZIP_BYTES / 1024 / 1024),
  },
} as const satisfies Record<string, { code: string; message: string }>;

export type ApiErrorCode = (typeof apiErrors)[keyof typeof apiErrors]['code'] | 'VALIDATION' | 'UNAUTHORIZED';
