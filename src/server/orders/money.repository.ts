import { PostgresAdapter, sql, type Updateable } from 'kysely';
import type {
  CreditNoteLineRow,
  CreditNoteRow,
  Db,
  OrdersTable,
  PaymentInsert,
  PaymentRow,
} from '../db/database.ts';
import { type OrderWithCustomerRow, selectOrdersWithCustomer } from './orders.repository.ts';

/**
 * The money's rows (docs/product/money.md): the bills' numbers and their series, payments and credit notes.
 */

/** Ids per statement: well below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

async function inChunks<T>(ids: readonly string[], read: (chunk: readonly string[]) => Promise<T[]>) {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK)
    for (const row of await read(ids.slice(i, i + CHUNK))) rows.push(row);
  return rows;
}

/** The payments of these orders that are not deleted, refunds included, oldest first. */
export function listPaymentsOfOrders(db: Db, orderIds: readonly string[]): Promise<PaymentRow[]> {
  return inChunks(orderIds, (chunk) =>
    db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', 'in', chunk)
      .where('deleted_at', 'is', null)
      .orderBy('paid_on')
      .orderBy('recorded_at')
      .orderBy('id')
      .execute(),
  );
}

export function listCreditNotesOfOrders(db: Db, orderIds: readonly string[]): Promise<CreditNoteRow[]> {
  return inChunks(orderIds, (chunk) =>
    db
      .selectFrom('credit_notes')
      .selectAll()
      .where('order_id', 'in', chunk)
      .orderBy('created_at')
      .orderBy('number')
      .execute(),
  );
}

/** The credit notes made in [from, until), oldest first. */
export function listCreditNotesMadeBetween(db: Db, from: string, until: string): Promise<CreditNoteRow[]> {
  return db
    .selectFrom('credit_notes')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .orderBy('created_at')
    .orderBy('number')
    .execute();
}

export function listCreditNoteLines(db: Db, creditNoteIds: readonly string[]): Promise<CreditNoteLineRow[]> {
  return inChunks(creditNoteIds, (chunk) =>
    db
      .selectFrom('credit_note_lines')
      .selectAll()
      .where('credit_note_id', 'in', chunk)
      .orderBy('credit_note_id')
      .orderBy('position')
      .execute(),
  );
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPayment(db: Db, row: PaymentInsert): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

/** Marks the payment deleted (at) or not (null); returns whether it changed. */
export async function setPaymentDeleted(db: Db, id: string, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findCreditNote(db: Db, id: string): Promise<CreditNoteRow | undefined> {
  return db.selectFrom('credit_notes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCreditNote(
  db: Db,
  note: CreditNoteRow,
  lines: readonly CreditNoteLineRow[],
): Promise<void> {
  await db.insertInto('credit_notes').values(note).execute();
  for (let i = 0; i < lines.length; i += CHUNK)
    await db
      .insertInto('credit_note_lines')
      .values(lines.slice(i, i + CHUNK))
      .execute();
}

/** SQLite: one writer at a time, so a transaction keeps no lock order (PostgreSQL's rows are locked one by one). */
export function hasOneWriter(db: Db): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter);
}

/**
 * The next number of the year's series: the series' row is created or raised and locked until the transaction
 * ends, so a second transaction that bills waits for this one and then counts on from its number (PostgreSQL),
 * or never runs beside it (SQLite's one writer). A transaction that rolls back takes its number back with it:
 * no gap, and no number twice.
 */
export async function takeNextNumber(db: Db, year: number): Promise<number> {
  const row = await db
    .insertInto('number_series')
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last_number: sql`number_series.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Makes each year's series continue after the highest number it holds (an import of numbered data). */
export async function raiseSeriesTo(db: Db, lastByYear: ReadonlyMap<number, number>): Promise<void> {
  for (const [year, last] of lastByYear) {
    await db
      .insertInto('number_series')
      .values({ year, last_number: last })
      .onConflict((oc) =>
        oc.column('year').doUpdateSet({
          last_number: sql`case when number_series.last_number > ${last} then number_series.last_number else ${last} end`,
        }),
      )
      .execute();
  }
}

/** Sets the order's bill: its number and date when it gets them, whether it is void, and its VAT. */
export async function updateOrderBilling(
  db: Db,
  id: string,
  patch: Pick<Updateable<OrdersTable>, 'number' | 'billed_at' | 'bill_void' | 'vat_registered'>,
): Promise<void> {
  await db.updateTable('orders').set(patch).where('id', '=', id).execute();
}

/** Numbered orders whose bill is dated in [from, until), with their customer, by date then number. */
export function listOrdersBilledBetween(
  db: Db,
  from: string,
  until: string,
): Promise<OrderWithCustomerRow[]> {
  return selectOrdersWithCustomer(db)
    .where('orders.billed_at', '>=', from)
    .where('orders.billed_at', '<', until)
    .where('orders.number', 'is not', null)
    .orderBy('orders.billed_at')
    .orderBy('orders.id')
    .execute();
}

/** Orders that left Aktiv without a number (an import of older data, the seeds), with their start. */
export function listUnnumberedBilledOrders(db: Db): Promise<Array<{ id: string; created_at: string }>> {
  return db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('number', 'is', null)
    .where('status', '<>', 'active')
    .execute();
}

/** Gives many orders their numbers at once (an import, the seeds): the number and the bill's date. */
export async function setOrderNumbers(
  db: Db,
  rows: ReadonlyArray<{ id: string; number: string; billed_at: string }>,
): Promise<void> {
  for (const row of rows)
    await db
      .updateTable('orders')
      .set({ number: row.number, billed_at: row.billed_at })
      .where('id', '=', row.id)
      .execute();
}

/** The highest number given in each year among the orders and credit notes. */
export async function lastNumbersByYear(db: Db): Promise<Map<number, number>> {
  const numbers = [
    ...(await db.selectFrom('orders').select('number').where('number', 'is not', null).execute()),
    ...(await db.selectFrom('credit_notes').select('number').execute()),
  ];
  const last = new Map<number, number>();
  for (const { number } of numbers) {
    const match = /^(\d{4})-(\d+)$/.exec(number ?? '');
    if (!match) continue;
    const year = Number(match[1]);
    last.set(year, Math.max(last.get(year) ?? 0, Number(match[2])));
  }
  return last;
}

/** The earliest bill date, or null. */
export async function findFirstBillDate(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min('billed_at').as('first'))
    .where('billed_at', 'is not', null)
    .executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}
