/**
 * Database access for the import: existence checks for the ids and numbers a file mentions, and chunked bulk
 * inserts (well below SQLite's and PostgreSQL's parameter limits).
 */
import { beadNameKey } from '../../shared/domain/bead-name.ts';
import type { CustomerRow, Db, OrderLineRow, PaymentInsert, TodoRow } from '../db/database.ts';
import type { PlannedBead, PlannedCreditNote, PlannedOrder } from './import-plan-state.ts';

const CHUNK = 500;

/** The tables whose rows a file names by id. */
type TableWithIds = 'customers' | 'beads' | 'todos' | 'orders' | 'order_lines' | 'credit_notes' | 'payments';

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/** Which of the given ids exist in the table. */
export async function findExistingIds(
  db: Db,
  table: TableWithIds,
  ids: Iterable<string>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await db.selectFrom(table).select('id').where('id', 'in', chunk).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** Which of the given bill numbers the shop has given, to an order or a credit note. */
export async function findTakenNumbers(db: Db, numbers: Iterable<string>): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(numbers)])) {
    const orders = await db.selectFrom('orders').select('number').where('number', 'in', chunk).execute();
    const notes = await db.selectFrom('credit_notes').select('number').where('number', 'in', chunk).execute();
    for (const row of [...orders, ...notes]) if (row.number !== null) found.add(row.number);
  }
  return found;
}

/** Which of the given order lines a credit note refunds already. */
export async function findCreditedLineIds(db: Db, lineIds: Iterable<string>): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(lineIds)])) {
    const rows = await db
      .selectFrom('credit_note_lines')
      .select('order_line_id')
      .where('order_line_id', 'in', chunk)
      .execute();
    for (const row of rows) found.add(row.order_line_id);
  }
  return found;
}

export function listCustomerKeys(db: Db): Promise<Array<{ id: string; name_key: string }>> {
  return db.selectFrom('customers').select(['id', 'name_key']).execute();
}

export function listBeadNamesWithIds(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('beads').select(['id', 'name']).execute();
}

export function listTodoKeys(
  db: Db,
): Promise<Array<{ id: string; bead_id: string; customer_id: string | null }>> {
  return db.selectFrom('todos').select(['id', 'bead_id', 'customer_id']).execute();
}

export function listActiveOrderKeys(db: Db): Promise<Array<{ id: string; customer_id: string | null }>> {
  return db.selectFrom('orders').select(['id', 'customer_id']).where('status', '=', 'active').execute();
}

export async function insertCustomerRows(db: Db, rows: readonly CustomerRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('customers').values(chunk).execute();
}

export async function insertBeadRows(db: Db, rows: readonly PlannedBead[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const keyed = chunk.map((row) => ({ ...row, name_key: beadNameKey(row.name) }));
    await db.insertInto('beads').values(keyed).execute();
  }
}

export async function insertTodoRows(db: Db, rows: readonly TodoRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('todos').values(chunk).execute();
}

/** The money of an order an older file had none for: the columns' own defaults, spelled out for every row. */
const NO_MONEY = {
  number: null,
  billed_at: null,
  bill_void: 0,
  vat_registered: 0,
  settled_at: null,
  pickup: 0,
  discount_kind: null,
  discount_value: null,
} as const;

export async function insertOrderRows(db: Db, rows: readonly PlannedOrder[]): Promise<void> {
  // Every row names the same columns: a statement's rows cannot mix given and default values on SQLite.
  for (const chunk of chunks(rows))
    await db
      .insertInto('orders')
      .values(chunk.map((row) => ({ ...NO_MONEY, ...row })))
      .execute();
}

export async function insertOrderLineRows(db: Db, rows: readonly OrderLineRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('order_lines').values(chunk).execute();
}

/** Credit notes with their rows: every note first, as the rows point at them. */
export async function insertCreditNoteRows(db: Db, notes: readonly PlannedCreditNote[]): Promise<void> {
  for (const chunk of chunks(notes))
    await db
      .insertInto('credit_notes')
      .values(chunk.map((planned) => planned.note))
      .execute();
  for (const chunk of chunks(notes.flatMap((planned) => planned.lines)))
    await db.insertInto('credit_note_lines').values(chunk).execute();
}

export async function insertPaymentRows(db: Db, rows: readonly PaymentInsert[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('payments').values(chunk).execute();
}
