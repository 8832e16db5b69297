/**
 * Database access for the export: whole tables, oldest first (ties by id), so that two exports of one shop are
 * identical.
 */
import type { Db } from '../db/database.ts';

export function selectAllCustomers(db: Db) {
  return db.selectFrom('customers').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function selectAllBeads(db: Db) {
  return db.selectFrom('beads').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function selectAllTodos(db: Db) {
  return db.selectFrom('todos').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function selectAllOrders(db: Db) {
  return db.selectFrom('orders').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function selectAllOrderLines(db: Db) {
  return db.selectFrom('order_lines').selectAll().orderBy('added_at').orderBy('id').execute();
}

/** Every payment, deleted ones and refunds included, in the order they were recorded. */
export function selectAllPayments(db: Db) {
  return db.selectFrom('payments').selectAll().orderBy('recorded_at').orderBy('id').execute();
}

export function selectAllCreditNotes(db: Db) {
  return db.selectFrom('credit_notes').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function selectAllCreditNoteLines(db: Db) {
  return db
    .selectFrom('credit_note_lines')
    .selectAll()
    .orderBy('credit_note_id')
    .orderBy('position')
    .orderBy('order_line_id')
    .execute();
}
