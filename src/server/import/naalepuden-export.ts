/**
 * Our own export format (`format: 'naalepuden-export'`, versions 1 to 4; schemas in
 * src/shared/schemas/api-data.ts). Pure: reading a file back into import records, and recognising it.
 * The fields of version 2 and later (customers' contact details and archived state, orders' postage, the shop's
 * settings, the stock movements, the money) are checked with the API's own schemas: a bad value refuses its row
 * (reported with its id), or for the settings leaves the shop's settings as they are. The money's rows are read
 * in naalepuden-export-money.ts.
 */
import type { z } from 'zod';
import { DENMARK, type PostalAddress, parseFreeTextAddress } from '../../shared/domain/address.ts';
import { normalizeName } from '../../shared/domain/customer-name.ts';
import { MAX_POSTAGE_ORE } from '../../shared/domain/limits.ts';
import type { ImportIssue } from '../../shared/schemas/api-data.ts';
import {
  DATA_TABLES,
  EXPORT_FORMAT,
  type ExportFileV1,
  type ExportFileV2Read,
  exportFileV1Schema,
  exportFileV2ReadSchema,
  IMPORTABLE_EXPORT_VERSIONS,
  isReasonableInstant,
} from '../../shared/schemas/api-data.ts';
import { exportStockMovementSchema } from '../../shared/schemas/api-data-rows.ts';
import {
  customerAddressSchema,
  customerEmailSchema,
  customerPhoneSchema,
  postalAddressFieldsSchema,
} from '../../shared/schemas/customer.ts';
import { type ShopSettingsUpdate, shopSettingsUpdateSchema } from '../../shared/schemas/shop-settings.ts';
import { texts } from '../../shared/texts.ts';
import {
  ImportFileError,
  type ParsedImport,
  type SourceCustomer,
  type SourceOrder,
  type SourceStockMovement,
} from './import-records.ts';
import { readCreditNotes, readOrderMoney, readPayments } from './naalepuden-export-money.ts';

const r = texts.data.report;

export function isNaalepudenExport(input: unknown): boolean {
  return (
    typeof input === 'object' && input !== null && (input as { format?: unknown }).format === EXPORT_FORMAT
  );
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ImportFileError(texts.data.fileInvalid(first?.path.join('.') ?? '', first?.message ?? ''));
  }
  return parsed.data;
}

/** Reads our own export (versions 1 to 4); refuses other versions and files that do not match the schema. */
export function parseNaalepudenExport(input: unknown): ParsedImport {
  if (!isNaalepudenExport(input)) throw new ImportFileError(texts.data.fileUnknownFormat);
  const version = (input as { version?: unknown }).version;
  if (!(IMPORTABLE_EXPORT_VERSIONS as readonly unknown[]).includes(version))
    throw new ImportFileError(texts.data.fileUnknownVersion(String(version)));
  const file: ExportFileV1 | ExportFileV2Read =
    version === 1 ? parseWith(exportFileV1Schema, input) : parseWith(exportFileV2ReadSchema, input);
  for (const table of DATA_TABLES) {
    const seen = new Set<string>();
    // Read row by row below.
    if (table === 'stockMovements' || table === 'payments' || table === 'creditNotes') continue;
    for (const row of file[table]) {
      if (seen.has(row.id))
        throw new ImportFileError(texts.data.fileInvalid(table, texts.data.duplicateId(row.id)));
      seen.add(row.id);
    }
  }
  // Dates as ISO UTC instants, names cleaned like the API's; a name that cleans away is a row left out.
  const iso = (value: string) => new Date(value).toISOString();
  const issues: ImportIssue[] = [];
  const named = <T extends { id: string; name: string }>(rows: T[], table: 'customers' | 'beads') =>
    rows
      .map((row) => ({ ...row, name: normalizeName(row.name) }))
      .filter((row) => {
        if (row.name !== '') return true;
        const message = table === 'customers' ? r.customerNameMissing(row.id) : r.beadNameMissing(row.id);
        const code = table === 'customers' ? 'customerNameMissing' : 'beadNameMissing';
        issues.push({ code, table, ids: [row.id], message });
        return false;
      });
  const base = {
    source: 'naalepuden' as const,
    beads: named(file.beads, 'beads').map((b) => ({ ...b, createdAt: iso(b.createdAt) })),
    todos: file.todos.map((t) => ({ ...t, createdAt: iso(t.createdAt) })),
    orderLines: file.orderLines.map((l) => ({ ...l, addedAt: iso(l.addedAt) })),
    stockMovements: file.version === 1 ? [] : readStockMovements(file.stockMovements ?? [], issues),
    issues,
  };
  if (file.version === 1) {
    return {
      ...base,
      customers: named(file.customers, 'customers').map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
      orders: file.orders.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    };
  }
  const customers: SourceCustomer[] = [];
  for (const customer of named(file.customers, 'customers')) {
    const read = readCustomerV2(customer);
    if ('problem' in read) {
      const message = r.customerFieldInvalid(customer.id, r.customerFields[read.field], read.problem);
      issues.push({ code: 'customerFieldInvalid', table: 'customers', ids: [customer.id], message });
    } else customers.push({ ...read, createdAt: iso(customer.createdAt) });
  }
  const orders: SourceOrder[] = [];
  for (const order of file.orders) {
    const postageOre = readPostage(order.postageOre);
    if (postageOre === false) {
      const message = r.orderPostageInvalid(order.id, shortValue(order.postageOre));
      issues.push({ code: 'orderPostageInvalid', table: 'orders', ids: [order.id], message });
      continue;
    }
    const { id, customerId, status, homeDelivery } = order;
    const read = { id, customerId, status, homeDelivery, postageOre, createdAt: iso(order.createdAt) };
    // Files before version 4 carry no money: their orders are numbered as migration 0014 numbered the shop's.
    if (file.version < 4) {
      orders.push(read);
      continue;
    }
    const money = readOrderMoney(order);
    if ('field' in money) {
      const message = r.orderMoneyInvalid(order.id, r.orderMoneyFields[money.field], shortValue(money.value));
      issues.push({ code: 'orderMoneyInvalid', table: 'orders', ids: [order.id], message });
    } else orders.push({ ...read, money: money.money });
  }
  const shopSettings = readShopSettings(file.shopSettings, issues);
  const money =
    file.version < 4
      ? {}
      : {
          creditNotes: readCreditNotes(file.creditNotes ?? [], issues),
          payments: readPayments(file.payments ?? [], issues),
        };
  return { ...base, customers, orders, ...money, ...(shopSettings ? { shopSettings } : {}) };
}

type CustomerField = keyof typeof r.customerFields;
type CustomerV2 = ExportFileV2Read['customers'][number];

/** A contact field as stored: cleaned by the API's schema, empty or null = not known (null). */
function readContact(
  schema: typeof customerPhoneSchema | typeof customerEmailSchema | typeof customerAddressSchema,
  value: unknown,
): { value: string | null } | { problem: string } {
  if (value === undefined || value === null) return { value: null };
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? texts.validation.invalid };
  return { value: parsed.data === '' ? null : parsed.data };
}

/** The fields an export with the structured address writes beside `address`; a file without any of them has free text. */
const STRUCTURED_ADDRESS = ['address2', 'postcode', 'city', 'countryCode', 'addressNeedsCheck'] as const;

const firstProblem = (error: z.ZodError) => error.issues[0]?.message ?? texts.validation.invalid;

/**
 * A version 2 customer's postal address. A file written before the structured address holds free text in `address`: it is
 * read into the fields as migration 0010 read the database's (`parseFreeTextAddress`), and what cannot be read
 * stays as it was, marked 'Tjek adressen'. A newer file's fields are checked like the edit form's; an old text
 * it still marks for a check is kept as it is.
 */
function readAddressV2(customer: CustomerV2): { value: PostalAddress | null } | { problem: string } {
  if (STRUCTURED_ADDRESS.every((key) => customer[key] === undefined)) {
    const text = readContact(customerAddressSchema, customer.address);
    if ('problem' in text) return text;
    return { value: text.value === null ? null : parseFreeTextAddress(text.value) };
  }
  const countryCode = customer.countryCode ?? DENMARK;
  if (customer.addressNeedsCheck === true) {
    const text = readContact(customerAddressSchema, customer.address);
    if ('problem' in text) return text;
    if (text.value === null) return { value: null };
    const value: PostalAddress = {
      address: text.value,
      address2: null,
      postcode: null,
      city: null,
      countryCode: DENMARK,
      needsCheck: true,
    };
    return { value };
  }
  if (customer.addressNeedsCheck !== undefined && customer.addressNeedsCheck !== false)
    return { problem: texts.validation.invalid };
  const parsed = postalAddressFieldsSchema.safeParse({
    address: customer.address ?? '',
    address2: customer.address2 ?? '',
    postcode: customer.postcode ?? '',
    city: customer.city ?? '',
    countryCode,
  });
  if (!parsed.success) return { problem: firstProblem(parsed.error) };
  const { address, address2, postcode, city } = parsed.data;
  if (!address && !address2 && !postcode && !city) return { value: null };
  return {
    value: {
      address,
      address2: address2 || null,
      postcode: postcode || null,
      city,
      countryCode: parsed.data.countryCode,
      needsCheck: false,
    },
  };
}

/** A version 2 customer's contact details and archived state, or the first field that cannot be used. */
export function readCustomerV2(
  customer: CustomerV2,
): Omit<SourceCustomer, 'createdAt'> | { field: CustomerField; problem: string } {
  const contact: Pick<SourceCustomer, 'phone' | 'email'> = {};
  const schemas = { phone: customerPhoneSchema, email: customerEmailSchema };
  for (const field of ['phone', 'email'] as const) {
    const read = readContact(schemas[field], customer[field]);
    if ('problem' in read) return { field, problem: read.problem };
    contact[field] = read.value;
  }
  const address = readAddressV2(customer);
  if ('problem' in address) return { field: 'address', problem: address.problem };
  const archived = customer.archivedAt;
  let archivedAt: string | null = null;
  if (archived !== undefined && archived !== null) {
    if (typeof archived !== 'string' || !isReasonableInstant(archived))
      return { field: 'archivedAt', problem: r.archivedAtInvalid };
    archivedAt = new Date(archived).toISOString();
  }
  return { id: customer.id, name: customer.name, ...contact, address: address.value, archivedAt };
}

/** An order's frozen postage: null or missing = none; false = not a postage (0–1.000 kr in whole øre). */
export function readPostage(value: unknown): number | null | undefined | false {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_POSTAGE_ORE)
    return false;
  return value;
}

/** The settings in the file, checked like PUT /api/settings/shop; a bad one is reported and not applied. */
function readShopSettings(value: unknown, issues: ImportIssue[]): ShopSettingsUpdate | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = shopSettingsUpdateSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const isObject = typeof value === 'object' && !Array.isArray(value);
  const problem = (isObject && parsed.error.issues[0]?.message) || texts.validation.invalid;
  issues.push({ code: 'shopSettingsInvalid', table: null, ids: [], message: r.shopSettingsInvalid(problem) });
  return undefined;
}

/**
 * Version 3's stock movements, each checked by the export's schema: one that cannot be read is left out and
 * reported with its id, and so is a second row with an id already read.
 */
function readStockMovements(rows: readonly unknown[], issues: ImportIssue[]): SourceStockMovement[] {
  const read: SourceStockMovement[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const parsed = exportStockMovementSchema.safeParse(row);
    if (!parsed.success || seen.has(parsed.data.id)) {
      const id = typeof row === 'object' && row !== null ? String((row as { id?: unknown }).id ?? '') : '';
      issues.push({
        code: 'stockMovementInvalid',
        table: 'stockMovements',
        ids: id ? [id] : [],
        message: r.stockMovementInvalid(id),
      });
      continue;
    }
    seen.add(parsed.data.id);
    const iso = (value: string) => new Date(value).toISOString();
    read.push({ ...parsed.data, at: iso(parsed.data.at), recordedAt: iso(parsed.data.recordedAt) });
  }
  return read;
}

/** A value for a report line, never longer than a few words. */
function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
