/**
 * Data ownership: our own versioned export format, the import report, the CSV tables and the
 * backup list. The export format is documented in docs/api.md; `import` reads it back, so an export
 * imported into an empty install reproduces the shop exactly.
 */
import { z } from 'zod';
import {
  MAX_LINE_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_POSTAGE_ORE,
  MAX_PRICE_ORE,
  MAX_TODO_AMOUNT,
} from '../domain/limits.ts';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { SALE_TYPES } from '../domain/sale-type.ts';
import { backupTexts } from '../texts/backups.ts';
import {
  exportCreditNoteSchema,
  exportIdSchema,
  exportInstantSchema,
  exportOrderMoneyFields,
  exportOrderMoneyUnread,
  exportPaymentSchema,
  exportStockMovementSchema,
  isReasonableInstant,
} from './api-data-rows.ts';

export { isReasonableInstant };

export const EXPORT_FORMAT = 'naalepuden-export';
/**
 * The version the export writes. Version 2 adds customers' contact details and archived state, and
 * the shop's settings; version 3 the stock movements (docs/product/stock.md) and 'Få tilbage'; version 4 the
 * money (docs/product/money.md, api-data-rows.ts): the orders' bills, the payments, the credit notes, and the
 * shop's address, CVR number and VAT registration. Older files still import: with no stock (versions 1 and 2),
 * and with their orders numbered as migration 0014 numbered the shop's own (versions 1 to 3).
 */
export const EXPORT_VERSION = 4;
/** Every version the import reads. */
export const IMPORTABLE_EXPORT_VERSIONS = [1, 2, 3, 4] as const;

/**
 * The export's tables, in the order they are written (foreign keys point backwards): one section of the file,
 * one CSV and one line in the import's report each. A credit note's rows travel inside it.
 */
export const DATA_TABLES = [
  'customers',
  'beads',
  'todos',
  'orders',
  'orderLines',
  'stockMovements',
  'creditNotes',
  'payments',
] as const;
export type DataTable = (typeof DATA_TABLES)[number];

/**
 * The shop's tables in the database since its first version (migration 0001): a file without them is not
 * Nålepuden's (a backup's check, a restore), their rows are counted in a backup against the live database, and
 * a shop with no row in them is empty (the seeds). Later tables stay out on purpose: a backup from before 0014
 * (no payments, credit_notes, credit_note_lines, number_series) must still restore, as the server migrates it;
 * the integrity check reads every table, and a payment or credit note belongs to a counted order.
 */
export const SHOP_TABLES = ['customers', 'beads', 'todos', 'orders', 'order_lines'] as const;
export type ShopTable = (typeof SHOP_TABLES)[number];

/** An object with one field per table, in the tables' order. */
function perTable<const T extends readonly string[], S extends z.ZodType>(tables: T, schema: S) {
  return z.object(Object.fromEntries(tables.map((table) => [table, schema])) as Record<T[number], S>);
}

const id = exportIdSchema;
const instant = exportInstantSchema;
const name = z.string().min(1).max(MAX_NAME_LENGTH);
const priceOre = z.int().min(0).max(MAX_PRICE_ORE);

/** Version 1's customer: only her name. */
export const exportCustomerV1Schema = z.object({ id, name, createdAt: instant });
/**
 * Version 2's customer: her contact details as stored (null = not known) and when she was archived (null =
 * she is in the lists). The import checks them with the API's own schemas (customer.ts), row by row. Since
 * migration 0010 the postal address is structured: `address` ('Adresse'), `address2`, `postcode`, `city`,
 * `countryCode` and `addressNeedsCheck`. A file written before has `address` only, as free text: the import
 * reads it into the fields as migration 0010 did.
 */
export const exportCustomerSchema = exportCustomerV1Schema.extend({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string(),
  addressNeedsCheck: z.boolean(),
  archivedAt: instant.nullable(),
});
export const exportBeadSchema = z.object({
  id,
  name,
  priceOre,
  saleType: z.enum(SALE_TYPES).nullable(),
  isDeleted: z.boolean(),
  createdAt: instant,
});
export const exportTodoSchema = z.object({
  id,
  beadId: id,
  customerId: id.nullable(),
  amount: z.int().min(1).max(MAX_TODO_AMOUNT),
  createdAt: instant,
});
const exportOrderV1Schema = z.object({
  id,
  customerId: id.nullable(),
  createdAt: instant,
  status: z.enum(ORDER_STATUSES),
  homeDelivery: z.boolean(),
  /**
   * The postage frozen into an order that left Aktiv; null while it is active. Files written before
   * postage was frozen have none: such orders get the shop's current postage when imported.
   */
  postageOre: z.int().min(0).max(MAX_POSTAGE_ORE).nullable().optional(),
});
/** An order with its money (version 4); the money is optional for files written before it. */
export const exportOrderSchema = exportOrderV1Schema.extend(exportOrderMoneyFields);
export const exportOrderLineSchema = z.object({
  id,
  orderId: id,
  beadId: id.nullable(),
  text: z.string().max(MAX_LINE_TEXT_LENGTH).nullable(),
  /** Free lines: their price. Bead lines: null while the order is active, the frozen price after. */
  priceOre: priceOre.nullable(),
  saleType: z.enum(SALE_TYPES).nullable(),
  addedAt: instant,
});
/**
 * The shop's settings as exported (version 2): GET /api/settings/shop without `updatedAt`. The import checks
 * them with the settings' own schema (PUT /api/settings/shop) before it applies them.
 */
export const exportShopSettingsSchema = z.object({
  shopName: z.string(),
  postageOre: z.int(),
  postageHomeOre: z.int(),
  mobilePayNumber: z.string().nullable(),
  mobilePayBox: z.string().nullable(),
  bankReg: z.string().nullable(),
  bankAccount: z.string().nullable(),
  billGreeting: z.string().nullable(),
  billClosing: z.string().nullable(),
  /** Payment reminders; files written before it have none and import as 7 days. */
  reminderDays: z.int(),
  /** 'Få tilbage' (version 3); files written before it have none and import as 2. */
  lowStockThreshold: z.int(),
  /** The shop's address, CVR number and VAT registration (version 4); older files import as null, null, false. */
  address: z.string().nullable(),
  cvr: z.string().nullable(),
  vatRegistered: z.boolean(),
});
export type ExportShopSettings = z.infer<typeof exportShopSettingsSchema>;

const fileTables = {
  exportedAt: instant,
  beads: z.array(exportBeadSchema),
  todos: z.array(exportTodoSchema),
  orderLines: z.array(exportOrderLineSchema),
};

/** Version 1: `{ format, version: 1, exportedAt, customers, beads, todos, orders, orderLines }`. */
export const exportFileV1Schema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  ...fileTables,
  customers: z.array(exportCustomerV1Schema),
  orders: z.array(exportOrderV1Schema),
});
export type ExportFileV1 = z.infer<typeof exportFileV1Schema>;

/**
 * What the export writes (version 4): `{ format, version: 4, exportedAt, shopSettings, customers, beads,
 * todos, orders, orderLines, stockMovements, payments, creditNotes }`, every order with its money.
 */
export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  ...fileTables,
  shopSettings: exportShopSettingsSchema,
  customers: z.array(exportCustomerSchema),
  orders: z.array(exportOrderSchema.required()),
  stockMovements: z.array(exportStockMovementSchema),
  payments: z.array(exportPaymentSchema),
  creditNotes: z.array(exportCreditNoteSchema),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

/**
 * How the import reads a file of version 2 to 4: the tables' shape as in version 1, while the fields the later
 * versions added (contact details, archivedAt, postageOre, the settings, the orders' money, payments and credit
 * notes) are left to the row-by-row checks, so that a bad value refuses only its row (reported with its id), not
 * the whole file.
 */
export const exportFileV2ReadSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  ...fileTables,
  shopSettings: z.unknown().optional(),
  customers: z.array(
    exportCustomerV1Schema.extend({
      phone: z.unknown().optional(),
      email: z.unknown().optional(),
      address: z.unknown().optional(),
      address2: z.unknown().optional(),
      postcode: z.unknown().optional(),
      city: z.unknown().optional(),
      countryCode: z.unknown().optional(),
      addressNeedsCheck: z.unknown().optional(),
      archivedAt: z.unknown().optional(),
    }),
  ),
  orders: z.array(
    exportOrderV1Schema.extend({
      postageOre: z.unknown().optional(),
      ...exportOrderMoneyUnread,
    }),
  ),
  /** Version 3's movements, each checked on its own (a bad one is left out and reported). */
  stockMovements: z.array(z.unknown()).optional(),
  /** Version 4's payments and credit notes, each checked on its own too. */
  payments: z.array(z.unknown()).optional(),
  creditNotes: z.array(z.unknown()).optional(),
});
export type ExportFileV2Read = z.infer<typeof exportFileV2ReadSchema>;

export const IMPORT_ISSUE_CODES = [
  'alreadyPresent',
  'collectionIgnored',
  'subcollectionIgnored',
  'documentInvalid',
  'customerNameMissing',
  'customerNameDuplicate',
  'hiddenCustomerMerged',
  'beadNameMissing',
  'beadNameDuplicate',
  'beadPriceInvalid',
  'beadSaleTypeUnknown',
  'todoBeadMissing',
  'todoCustomerMissing',
  'todoAmountInvalid',
  'todoMerged',
  'todoExists',
  'orderCustomerMissing',
  'orderStatusUnknown',
  'orderDateMissing',
  'orderActiveDuplicate',
  'orderActiveExisting',
  'lineOrderMissing',
  'lineBeadMissing',
  'lineIncomplete',
  'linePriceInvalid',
  'lineDateMissing',
  'nameTooLong',
  'todoMergeTooLarge',
  'dateInvalid',
  'customerFieldInvalid',
  'orderPostageInvalid',
  'shopSettingsImported',
  'shopSettingsUnchanged',
  'shopSettingsInvalid',
  // Bead photos from an export zip (decision 0016).
  'photosImported',
  'photosLeftOut',
  // Stock movements (version 3, docs/product/stock.md).
  'stockMovementInvalid',
  'stockMovementBeadMissing',
  // The money (version 4, docs/product/money.md).
  'orderMoneyInvalid',
  'orderNumberTaken',
  'creditNoteInvalid',
  'creditNoteOrderMissing',
  'creditNoteNumberTaken',
  'creditNoteLineTaken',
  'paymentInvalid',
  'paymentOrderMissing',
  'paymentCreditNoteMissing',
] as const;
export type ImportIssueCode = (typeof IMPORT_ISSUE_CODES)[number];

/** One conflict or oddity of the imported data: what it was, which document ids, and how it was resolved. */
export const importIssueSchema = z.object({
  code: z.enum(IMPORT_ISSUE_CODES),
  table: z.enum(DATA_TABLES).nullable(),
  ids: z.array(z.string()),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importTableCountsSchema = z.object({
  /** Rows of this table the file holds (the old app's hidden test orders and their lines not counted). */
  inFile: z.int(),
  added: z.int(),
  alreadyPresent: z.int(),
  skipped: z.int(),
});
export type ImportTableCounts = z.infer<typeof importTableCountsSchema>;

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  source: z.enum(['firestore', 'naalepuden']),
  counts: perTable(DATA_TABLES, importTableCountsSchema),
  issues: z.array(importIssueSchema),
  summary: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** `?dryRun=true` (the default: nothing is written) or `?dryRun=false`. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** The body of an import: any JSON object; the import itself recognises the format. */
export const importBodySchema = z.record(z.string(), z.unknown());

export const csvQuerySchema = z.object({ table: z.enum(DATA_TABLES) });

export const BACKUP_KINDS = ['start', 'nightly', 'manual', 'beforeRestore'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const backupSchema = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  createdAt: z.string(),
  sizeBytes: z.int(),
  /** How many photo pictures it names are missing or damaged in the shared folder: it cannot be restored. */
  brokenPictures: z.int().optional(),
});
export type Backup = z.infer<typeof backupSchema>;

export const COPY_FAILURE_REASONS = [
  'missing',
  'notFolder',
  'noAccess',
  'full',
  'unverified',
  'other',
] as const;
export type CopyFailure = (typeof COPY_FAILURE_REASONS)[number];
// Every reason has its words for the owner, checked here since the texts import no schema (no folder cycle).
backupTexts.reasons satisfies Record<CopyFailure, string>;

const rowCountsSchema = perTable(SHOP_TABLES, z.int());
// Every table has its name in the restore drill's list (texts/backups.ts), checked here as the reasons are.
backupTexts.cli.tables satisfies Record<ShopTable, string>;

export const backupHealthSchema = z.object({
  copy: z.object({
    /** BACKUP_COPY_DIR, or null when no second folder is set. */
    directory: z.string().nullable(),
    lastCopyAt: z.string().nullable(),
    lastCopyName: z.string().nullable(),
    /** The newest failure, kept until a copy succeeds again. */
    lastFailure: z.object({ at: z.string(), reason: z.enum(COPY_FAILURE_REASONS) }).nullable(),
    /** Set and either failing or older than 2 days: the banner says so. */
    needsAttention: z.boolean(),
  }),
  /** The newest backup checked when written (integrity, row counts against the live database). */
  lastVerified: z.object({ at: z.string(), name: z.string(), counts: rowCountsSchema }).nullable(),
  lastVerifyFailure: z.object({ at: z.string(), detail: z.string() }).nullable(),
  /** The newest restore drill: a backup restored into a temporary file and read (nightly, or npm run restore -- --check). */
  lastCheck: z.object({ at: z.string(), name: z.string(), counts: rowCountsSchema }).nullable(),
  /**
   * The free space under the shop's data. On PostgreSQL the database's disk is on its own server, which this
   * server cannot measure: freeBytes is null there, and databaseBytes (pg_database_size) says how much it holds.
   */
  disk: z.object({
    freeBytes: z.number().nullable(),
    low: z.boolean(),
    databaseBytes: z.number().nullable(),
  }),
});
export type BackupHealth = z.infer<typeof backupHealthSchema>;

export const backupListSchema = z.object({
  /** False on PostgreSQL: use pg_dump there. */
  enabled: z.boolean(),
  engine: z.enum(['sqlite', 'postgres']),
  directory: z.string().nullable(),
  /** How many backups of each kind are kept (the newest of each kind). */
  keep: z.object({ start: z.int(), nightly: z.int(), manual: z.int(), beforeRestore: z.int() }),
  nextRunAt: z.string().nullable(),
  backups: z.array(backupSchema),
  /** The second copy, the checks and the disk, for Indstillinger and the banner. */
  health: backupHealthSchema,
});
export type BackupList = z.infer<typeof backupListSchema>;
