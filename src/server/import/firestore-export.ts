/**
 * Reads a JSON export of the old app's Firestore collections (customers, beads, todos, orders, order_lines)
 * in the two shapes common export tools write:
 *   (a) { "__collections__": { "customers": { "<docId>": { …fields…, "__collections__": {} } }, … } }
 *       with timestamps as { "__datatype__": "timestamp", "value": { "_seconds": N, "_nanoseconds": N } };
 *   (b) { "customers": { "<docId>": { …fields… } }, … }
 *       with timestamps as { "_seconds": N, "_nanoseconds": N } or ISO strings.
 * Pure: values are normalized (kr → øre, instants → ISO UTC, references → ids) and every value that had to
 * be changed is reported. Relations and uniqueness are the plan's job (import-plan.ts).
 */
import { HIDDEN_CUSTOMER_NAME, normalizeName } from '../../shared/domain/customer-name.ts';
import {
  MAX_NAME_LENGTH,
  MAX_PRICE_ORE,
  MAX_TODO_AMOUNT,
  MIN_TODO_AMOUNT,
} from '../../shared/domain/limits.ts';
import { krToOre, parseKr } from '../../shared/domain/money.ts';
import { isOrderStatus, type OrderStatus } from '../../shared/domain/order-status.ts';
import { isSaleType, type SaleType } from '../../shared/domain/sale-type.ts';
import { type DataTable, type ImportIssue, isReasonableInstant } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import {
  ImportFileError,
  type ParsedImport,
  type SourceBead,
  type SourceCustomer,
  type SourceOrder,
  type SourceOrderLine,
  type SourceTodo,
} from './import-records.ts';

const r = texts.data.report;

/** The old app's collection names and the tables they fill. */
export const FIRESTORE_COLLECTIONS = {
  customers: 'customers',
  beads: 'beads',
  todos: 'todos',
  orders: 'orders',
  order_lines: 'orderLines',
} as const satisfies Record<string, DataTable>;
type CollectionName = keyof typeof FIRESTORE_COLLECTIONS;

type Doc = Record<string, unknown>;
type Collections = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Format (a) has a top-level `__collections__`; format (b) has at least one known collection at the top. */
export function isFirestoreExport(input: unknown): boolean {
  if (!isObject(input)) return false;
  if (isObject(input.__collections__)) return true;
  return Object.keys(FIRESTORE_COLLECTIONS).some((name) => isObject(input[name]));
}

/**
 * A Firestore timestamp in any of the shapes the export tools write, as an ISO UTC string;
 * null when absent or not a valid instant.
 */
export function firestoreInstant(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    return isReasonableInstant(value) ? new Date(value).toISOString() : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? safeIso(value) : null;
  if (!isObject(value)) return null;
  if (value.__datatype__ === 'timestamp') return firestoreInstant(value.value);
  const seconds = value._seconds ?? value.seconds;
  const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
  if (typeof seconds !== 'number' || typeof nanos !== 'number') return null;
  return safeIso(seconds * 1000 + Math.floor(nanos / 1_000_000));
}

function safeIso(ms: number): string | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) || !isReasonableInstant(date.toISOString()) ? null : date.toISOString();
}

/**
 * A reference to another document as its id: a plain id, a path ('customers/abc'; Firestore ids cannot
 * contain '/'), or a documentReference value. Null when empty.
 */
export function firestoreRef(value: unknown): string | null {
  if (isObject(value) && '__datatype__' in value) return firestoreRef(value.value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const id = value.split('/').filter(Boolean).at(-1)?.trim();
  return id ? id : null;
}

/** A number, or a number written as text ('45', '12,50'); null otherwise. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const ore = parseKr(value);
    return ore === null ? null : ore / 100;
  }
  return null;
}

function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === 'true';
}

function toText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const show = (value: unknown): string => (value === undefined ? 'mangler' : JSON.stringify(value));

class FirestoreReader {
  readonly issues: ImportIssue[] = [];

  issue(code: ImportIssue['code'], table: DataTable | null, ids: string[], message: string) {
    this.issues.push({ code, table, ids, message });
  }

  /** The documents of one collection, in file order, reporting sub-collections and non-objects. */
  documents(collections: Collections, name: CollectionName): Array<[string, Doc]> {
    const collection = collections[name];
    if (!isObject(collection)) return [];
    const table = FIRESTORE_COLLECTIONS[name];
    const docs: Array<[string, Doc]> = [];
    for (const [id, doc] of Object.entries(collection)) {
      if (!isObject(doc)) {
        this.issue('documentInvalid', table, [id], r.documentInvalid(name, id));
        continue;
      }
      const sub = isObject(doc.__collections__) ? doc.__collections__ : {};
      const nonEmpty = Object.entries(sub)
        .filter(([, value]) => isObject(value) && Object.keys(value).length > 0)
        .map(([key]) => key);
      if (nonEmpty.length > 0) {
        this.issue(
          'subcollectionIgnored',
          table,
          [id],
          r.subcollectionIgnored(name, id, nonEmpty.join(', ')),
        );
      }
      docs.push([id, doc]);
    }
    return docs;
  }

  /** A cleaned name within MAX_NAME_LENGTH, or null with a report line (the row is left out). */
  name(collection: CollectionName, id: string, doc: Doc): string | null {
    const name = normalizeName(toText(doc.name) ?? '');
    const table = FIRESTORE_COLLECTIONS[collection];
    if (!name) {
      if (collection === 'customers')
        this.issue('customerNameMissing', table, [id], r.customerNameMissing(id));
      else this.issue('beadNameMissing', table, [id], r.beadNameMissing(id));
      return null;
    }
    if (name.length > MAX_NAME_LENGTH) {
      this.issue('nameTooLong', table, [id], r.nameTooLong(collection, id, name.length));
      return null;
    }
    return name;
  }

  /** An instant, reporting a value that is present but not a reasonable date (null then). */
  instant(collection: CollectionName, id: string, value: unknown): string | null {
    const instant = firestoreInstant(value);
    if (instant === null && value !== null && value !== undefined && value !== '') {
      this.issue(
        'dateInvalid',
        FIRESTORE_COLLECTIONS[collection],
        [id],
        r.dateInvalid(collection, id, show(value)),
      );
    }
    return instant;
  }

  customer(id: string, doc: Doc): SourceCustomer | null {
    const name = this.name('customers', id, doc);
    if (name === null) return null;
    return { id, name, createdAt: this.instant('customers', id, doc.createdAt) };
  }

  bead(id: string, doc: Doc): SourceBead | null {
    const name = this.name('beads', id, doc);
    if (name === null) return null;
    const kr = toNumber(doc.price);
    let priceOre = kr === null ? null : krToOre(kr);
    if (priceOre === null || priceOre < 0 || priceOre > MAX_PRICE_ORE) {
      this.issue('beadPriceInvalid', 'beads', [id], r.beadPriceInvalid(id, show(doc.price)));
      priceOre = 0;
    }
    let saleType: SaleType | null = null;
    if (isSaleType(doc.saleType)) saleType = doc.saleType;
    else if (doc.saleType !== null && doc.saleType !== undefined && doc.saleType !== '') {
      this.issue('beadSaleTypeUnknown', 'beads', [id], r.beadSaleTypeUnknown(id, String(doc.saleType)));
    }
    return {
      id,
      name,
      priceOre,
      saleType,
      isDeleted: toBoolean(doc.isDeleted),
      createdAt: this.instant('beads', id, doc.createdAt),
    };
  }

  todo(id: string, doc: Doc): SourceTodo | null {
    const amount = toNumber(doc.amount);
    if (
      amount === null ||
      !Number.isInteger(amount) ||
      amount < MIN_TODO_AMOUNT ||
      amount > MAX_TODO_AMOUNT
    ) {
      this.issue('todoAmountInvalid', 'todos', [id], r.todoAmountInvalid(id, show(doc.amount)));
      return null;
    }
    return {
      id,
      beadId: firestoreRef(doc.beadId),
      customerId: firestoreRef(doc.customerId),
      amount,
      createdAt: this.instant('todos', id, doc.createdAt),
    };
  }

  order(id: string, doc: Doc): SourceOrder {
    let status: OrderStatus = 'invoiced';
    if (isOrderStatus(doc.status)) status = doc.status;
    else {
      const shown = doc.status === undefined || doc.status === null ? '' : String(doc.status);
      this.issue('orderStatusUnknown', 'orders', [id], r.orderStatusUnknown(id, shown));
    }
    return {
      id,
      customerId: firestoreRef(doc.customerId),
      createdAt: firestoreInstant(doc.date ?? doc.createdAt),
      status,
      homeDelivery: toBoolean(doc.homeDelivery),
    };
  }

  /** Bead lines keep only their bead (the old app priced them from the bead); free lines keep text and price. */
  orderLine(id: string, doc: Doc): SourceOrderLine {
    const beadId = firestoreRef(doc.beadId);
    const text = toText(doc.text);
    let priceOre: number | null = null;
    if (beadId === null && doc.price !== null && doc.price !== undefined) {
      const kr = toNumber(doc.price);
      priceOre = kr === null ? null : krToOre(kr);
      if (priceOre === null || priceOre < 0 || priceOre > MAX_PRICE_ORE) {
        this.issue('linePriceInvalid', 'orderLines', [id], r.linePriceInvalid(id, show(doc.price)));
        priceOre = 0;
      }
    }
    return {
      id,
      orderId: firestoreRef(doc.orderId),
      beadId,
      text: beadId === null ? text : null,
      priceOre: beadId === null ? priceOre : null,
      saleType: null,
      addedAt: firestoreInstant(doc.addedDate ?? doc.addedAt ?? doc.date),
    };
  }
}

/** True for the old app's test orders, which it skipped on load (their stored name is the marker). */
function isTestOrder(doc: Doc): boolean {
  return typeof doc.name === 'string' && normalizeName(doc.name) === HIDDEN_CUSTOMER_NAME;
}

/** Parses format (a) or (b). Throws ImportFileError when the input is neither. */
export function parseFirestoreExport(input: unknown): ParsedImport {
  if (!isFirestoreExport(input) || !isObject(input)) throw new ImportFileError(texts.data.fileUnknownFormat);
  const collections: Collections = isObject(input.__collections__) ? input.__collections__ : input;
  const reader = new FirestoreReader();

  for (const [name, value] of Object.entries(collections)) {
    if (name in FIRESTORE_COLLECTIONS || !isObject(value)) continue;
    reader.issue('collectionIgnored', null, [], r.collectionIgnored(name, Object.keys(value).length));
  }

  const keep = <T>(value: T | null): value is T => value !== null;
  const customers = reader
    .documents(collections, 'customers')
    .map(([id, doc]) => reader.customer(id, doc))
    .filter(keep);
  const beads = reader
    .documents(collections, 'beads')
    .map(([id, doc]) => reader.bead(id, doc))
    .filter(keep);
  const todos = reader
    .documents(collections, 'todos')
    .map(([id, doc]) => reader.todo(id, doc))
    .filter(keep);

  // The old app skipped test orders on load; so do we, silently, with their lines.
  const orderDocs = reader.documents(collections, 'orders');
  const testOrderIds = new Set(orderDocs.filter(([, doc]) => isTestOrder(doc)).map(([id]) => id));
  const orders = orderDocs.filter(([id]) => !testOrderIds.has(id)).map(([id, doc]) => reader.order(id, doc));
  const orderLines = reader
    .documents(collections, 'order_lines')
    .filter(([, doc]) => !testOrderIds.has(firestoreRef(doc.orderId) ?? ''))
    .map(([id, doc]) => reader.orderLine(id, doc));

  return {
    source: 'firestore',
    customers,
    beads,
    todos,
    orders,
    orderLines,
    stockMovements: [],
    issues: reader.issues,
  };
}
