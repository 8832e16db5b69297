import { beadNameKey } from '../../shared/domain/bead-name.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import { MAX_IMPORT_DEPTH } from '../../shared/domain/limits.ts';
import type { ImportReport } from '../../shared/schemas/api-data.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { photoTexts } from '../../shared/texts/photos.ts';
import { texts } from '../../shared/texts.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, invalidError } from '../errors.ts';
import { numberBilledOrders } from '../orders/order-billing.service.ts';
import { freezeImportedOrderPrices } from '../orders/orders.service.ts';
import { importBeadPhotos, type PhotoManifest } from '../photos/photo-archive.service.ts';
import {
  getShopSettings,
  replaceShopSettingsForImport,
  sameShopSettings,
} from '../settings/settings.service.ts';
import { existingMovementIds, importStockMovements } from '../stock/stock.service.ts';
import {
  findCreditedLineIds,
  findExistingIds,
  findTakenNumbers,
  insertBeadRows,
  insertCreditNoteRows,
  insertCustomerRows,
  insertOrderLineRows,
  insertOrderRows,
  insertPaymentRows,
  insertTodoRows,
  listActiveOrderKeys,
  listBeadNamesWithIds,
  listCustomerKeys,
  listTodoKeys,
} from './import.repository.ts';
import { parseImportFile } from './import-file.ts';
import { planImport } from './import-plan.ts';
import { type CurrentState, type ImportRows, todoKey } from './import-plan-state.ts';
import { ImportFileError, type ParsedImport } from './import-records.ts';
import { nestsDeeperThan } from './json-depth.ts';

export type ImportOptions = {
  dryRun: boolean;
  clock?: () => Date;
  /** Test seam: runs after each table is written, inside the transaction (a throw rolls everything back). */
  afterTable?: (table: keyof ImportRows, trx: Db) => Promise<void> | void;
  /** The bead photos of an export zip (import-zip.ts): put back in the same transaction, after the beads. */
  photos?: {
    manifest: PhotoManifest;
    read: (id: string) => { display: Buffer; thumb: Buffer } | null;
  };
};

const ids = (...lists: Array<Iterable<string | null>>) => {
  const all: string[] = [];
  for (const list of lists) for (const id of list) if (id !== null) all.push(id);
  return all;
};

/** Reads what the plan needs to know about the database, limited to the ids the file mentions. */
async function loadCurrentState(db: Db, parsed: ParsedImport): Promise<CurrentState> {
  const creditNotes = parsed.creditNotes ?? [];
  const payments = parsed.payments ?? [];
  const [
    customerIds,
    beadIds,
    todoIds,
    orderIds,
    orderLineIds,
    customers,
    beads,
    todos,
    active,
    stockMovementIds,
    creditNoteIds,
    paymentIds,
    takenNumbers,
    creditedLineIds,
  ] = await Promise.all([
    findExistingIds(
      db,
      'customers',
      ids(
        parsed.customers.map((c) => c.id),
        parsed.todos.map((t) => t.customerId),
        parsed.orders.map((o) => o.customerId),
      ),
    ),
    findExistingIds(
      db,
      'beads',
      ids(
        parsed.beads.map((b) => b.id),
        parsed.todos.map((t) => t.beadId),
        parsed.orderLines.map((l) => l.beadId),
        parsed.stockMovements.map((m) => m.beadId),
      ),
    ),
    findExistingIds(
      db,
      'todos',
      parsed.todos.map((t) => t.id),
    ),
    findExistingIds(
      db,
      'orders',
      ids(
        parsed.orders.map((o) => o.id),
        parsed.orderLines.map((l) => l.orderId),
        creditNotes.map((n) => n.orderId),
        payments.map((p) => p.orderId),
      ),
    ),
    findExistingIds(
      db,
      'order_lines',
      parsed.orderLines.map((l) => l.id),
    ),
    listCustomerKeys(db),
    listBeadNamesWithIds(db),
    listTodoKeys(db),
    listActiveOrderKeys(db),
    existingMovementIds(
      db,
      parsed.stockMovements.map((m) => m.id),
    ),
    findExistingIds(
      db,
      'credit_notes',
      ids(
        creditNotes.map((n) => n.id),
        payments.map((p) => p.creditNoteId),
      ),
    ),
    findExistingIds(
      db,
      'payments',
      payments.map((p) => p.id),
    ),
    findTakenNumbers(
      db,
      ids(
        parsed.orders.map((o) => o.money?.number ?? null),
        creditNotes.map((n) => n.number),
      ),
    ),
    findCreditedLineIds(
      db,
      creditNotes.flatMap((n) => n.lines.map((line) => line.orderLineId)),
    ),
  ]);
  return {
    customerIds,
    customerIdByKey: new Map(customers.map((c) => [c.name_key, c.id])),
    beadIds,
    beadIdByName: new Map(beads.map((b) => [beadNameKey(b.name), b.id])),
    todoIds,
    todoIdByKey: new Map(todos.map((t) => [todoKey(t.bead_id, t.customer_id), t.id])),
    orderIds,
    activeOrderByCustomer: new Map(
      active.filter((o) => o.customer_id !== null).map((o) => [o.customer_id!, o.id]),
    ),
    orderLineIds,
    stockMovementIds,
    creditNoteIds,
    paymentIds,
    takenNumbers,
    creditedLineIds,
  };
}

async function writeRows(trx: Db, rows: ImportRows, options: ImportOptions): Promise<void> {
  await insertCustomerRows(trx, rows.customers);
  await options.afterTable?.('customers', trx);
  await insertBeadRows(trx, rows.beads);
  await options.afterTable?.('beads', trx);
  await insertTodoRows(trx, rows.todos);
  await options.afterTable?.('todos', trx);
  await insertOrderRows(trx, rows.orders);
  await options.afterTable?.('orders', trx);
  await insertOrderLineRows(trx, rows.orderLines);
  // The old app kept no price on bead lines: orders that are no longer active get them frozen now.
  await freezeImportedOrderPrices(
    trx,
    rows.orders.filter((order) => order.status !== 'active').map((order) => order.id),
    { onlyUnpriced: true },
  );
  await options.afterTable?.('orderLines', trx);
  // The money (version 4) as it was: a refund points at its credit note.
  await insertCreditNoteRows(trx, rows.creditNotes);
  await options.afterTable?.('creditNotes', trx);
  await insertPaymentRows(trx, rows.payments);
  await options.afterTable?.('payments', trx);
  // Now that the file's numbers are written: orders that left Aktiv without one (an older file) get theirs, as
  // migration 0014 numbered the shop's own, and each year's series continues after the highest number it holds
  // (docs/product/money.md).
  await numberBilledOrders(trx);
  await importStockMovements(trx, rows.stockMovements);
  await options.afterTable?.('stockMovements', trx);
}

/** The report's lines about an export zip's photos: how many were put back, and which beads' were not. */
function addPhotoIssues(
  report: Pick<ImportReport, 'issues'>,
  result: { photos: number; beads: number; leftOut: string[] },
  dryRun: boolean,
): void {
  const t = photoTexts.archive;
  if (result.photos > 0) {
    report.issues.push({
      code: 'photosImported',
      table: 'beads',
      ids: [],
      message: t.photosImported(result.photos, result.beads, dryRun),
    });
  }
  if (result.leftOut.length > 0) {
    report.issues.push({
      code: 'photosLeftOut',
      table: 'beads',
      ids: result.leftOut,
      message: t.photosLeftOut(result.leftOut.length),
    });
  }
}

/**
 * Imports an export (the old app's Firestore JSON in either shape, or our own) in ONE transaction: it fully
 * succeeds or changes nothing. A dry run plans the same way and returns the same report without writing.
 */
export async function importData(db: Db, input: unknown, options: ImportOptions): Promise<ImportReport> {
  // Before anything recursive looks at the file (a deeply nested one would overflow the stack: 500).
  if (nestsDeeperThan(input, MAX_IMPORT_DEPTH)) {
    throw invalidError({ code: 'IMPORT_FILE_INVALID', message: texts.data.fileTooDeep(MAX_IMPORT_DEPTH) });
  }
  let parsed: ParsedImport;
  try {
    parsed = parseImportFile(input);
  } catch (error) {
    if (error instanceof ImportFileError)
      throw invalidError({ code: 'IMPORT_FILE_INVALID', message: error.message });
    throw error;
  }
  const now = nowIso(options.clock);
  try {
    const report = await inTransaction(db, async (trx) => {
      const plan = planImport(parsed, await loadCurrentState(trx, parsed), now);
      // The shop's settings in the file (version 2) replace hers, before the orders: an order that left
      // Aktiv without a frozen postage gets the postage of the settings it arrives with.
      const settings = parsed.shopSettings;
      const settingsChange =
        settings !== undefined && !sameShopSettings(await getShopSettings(trx), settings);
      if (settings !== undefined) {
        const code = settingsChange ? 'shopSettingsImported' : 'shopSettingsUnchanged';
        plan.report.issues.push({ code, table: null, ids: [], message: texts.data.report[code] });
      }
      if (!options.dryRun) {
        if (settings !== undefined && settingsChange) await replaceShopSettingsForImport(trx, settings);
        await writeRows(trx, plan.rows, options);
        if (options.photos)
          addPhotoIssues(
            plan.report,
            await importBeadPhotos(trx, options.photos.manifest, options.photos.read, now),
            false,
          );
        // One entry for the whole import: every open app refreshes everything.
        recordChange(trx, { entity: 'shop', id: null, action: 'import' });
      } else if (options.photos) {
        const { beads } = options.photos.manifest;
        const photos = Object.values(beads).reduce((sum, ids) => sum + ids.length, 0);
        addPhotoIssues(plan.report, { photos, beads: Object.keys(beads).length, leftOut: [] }, true);
      }
      return plan.report;
    });
    const total = (key: 'added' | 'alreadyPresent' | 'skipped') =>
      Object.values(report.counts).reduce((sum, counts) => sum + counts[key], 0);
    return {
      ...report,
      dryRun: options.dryRun,
      summary: texts.data.summary(options.dryRun, total('added'), total('alreadyPresent'), total('skipped')),
    };
  } catch (error) {
    // Someone added a customer or bead with one of the planned names while the import ran: nothing was written.
    if (isUniqueViolation(error)) throw conflictError(apiErrors.importRaced);
    throw error;
  }
}
