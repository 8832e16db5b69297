/**
 * Data ownership (issue 7): our own versioned export format, the import report, the CSV tables and the
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

export const EXPORT_FORMAT = 'naalepuden-export';
export const EXPORT_VERSION = 1;

/** The shop's tables, in the order they are written (foreign keys point backwards). */
export const DATA_TABLES = ['customers', 'beads', 'todos', 'orders', 'orderLines'] as const;
export type DataTable = (typeof DATA_TABLES)[number];

const id = z.string().min(1).max(200);
/** A parseable instant between 1970 and 9999 (four-digit years keep ISO strings in time order). */
export function isReasonableInstant(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1970 && year <= 9999;
}
const instant = z.string().refine(isReasonableInstant, 'ugyldig dato');
const name = z.string().min(1).max(MAX_NAME_LENGTH);
const priceOre = z.int().min(0).max(MAX_PRICE_ORE);

export const exportCustomerSchema = z.object({ id, name, createdAt: instant });
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
export const exportOrderSchema = z.object({
  id,
  customerId: id.nullable(),
  createdAt: instant,
  status: z.enum(ORDER_STATUSES),
  homeDelivery: z.boolean(),
  /**
   * The postage frozen into an order that left Aktiv (issue 14); null while it is active. Files written before
   * issue 14 have none: such orders get the shop's current postage when imported.
   */
  postageOre: z.int().min(0).max(MAX_POSTAGE_ORE).nullable().optional(),
});
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

/** `{ format: 'naalepuden-export', version: 1, exportedAt, customers, beads, todos, orders, orderLines }` */
export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: instant,
  customers: z.array(exportCustomerSchema),
  beads: z.array(exportBeadSchema),
  todos: z.array(exportTodoSchema),
  orders: z.array(exportOrderSchema),
  orderLines: z.array(exportOrderLineSchema),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

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
  counts: z.object({
    customers: importTableCountsSchema,
    beads: importTableCountsSchema,
    todos: importTableCountsSchema,
    orders: importTableCountsSchema,
    orderLines: importTableCountsSchema,
  }),
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
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  /** False on PostgreSQL: use pg_dump there. */
  enabled: z.boolean(),
  engine: z.enum(['sqlite', 'postgres']),
  directory: z.string().nullable(),
  /** How many backups of each kind are kept (the newest of each kind). */
  keep: z.object({ start: z.int(), nightly: z.int(), manual: z.int(), beforeRestore: z.int() }),
  nextRunAt: z.string().nullable(),
  backups: z.array(backupSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;
