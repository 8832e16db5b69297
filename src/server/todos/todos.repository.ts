import { sql } from 'kysely';
import { MAX_TODO_AMOUNT } from '../../shared/domain/limits.ts';
import type { Db, TodoRow } from '../db/database.ts';

/** A todo joined with its bead and (optional) customer, as the todo screen needs it. */
export type TodoJoinedRow = TodoRow & {
  bead_name: string;
  bead_price_ore: number;
  bead_sale_type: string | null;
  bead_is_deleted: number | boolean;
  bead_photo_id: string | null;
  bead_stock: number | null;
  customer_name: string | null;
};

function selectTodosJoined(db: Db) {
  return db
    .selectFrom('todos')
    .innerJoin('beads', 'beads.id', 'todos.bead_id')
    .leftJoin('customers', 'customers.id', 'todos.customer_id')
    .select([
      'todos.id',
      'todos.bead_id',
      'todos.customer_id',
      'todos.amount',
      'todos.created_at',
      'beads.name as bead_name',
      'beads.price_ore as bead_price_ore',
      'beads.sale_type as bead_sale_type',
      'beads.is_deleted as bead_is_deleted',
      'beads.photo_id as bead_photo_id',
      'beads.stock as bead_stock',
      'customers.name as customer_name',
    ]);
}

export function listTodosJoined(db: Db, filter: { customerId?: string } = {}): Promise<TodoJoinedRow[]> {
  return selectTodosJoined(db)
    .$if(filter.customerId !== undefined, (qb) => qb.where('todos.customer_id', '=', filter.customerId!))
    .orderBy('todos.created_at')
    .orderBy('todos.id')
    .execute();
}

/** The first `limit` todos with bead and customer, in the order of the whole list (listTodosOfBeads). */
export function listFirstTodosJoined(db: Db, limit: number): Promise<TodoJoinedRow[]> {
  return selectTodosJoined(db).orderBy('todos.created_at').orderBy('todos.id').limit(limit).execute();
}

export async function countTodos(db: Db): Promise<number> {
  const row = await db
    .selectFrom('todos')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findTodoJoined(db: Db, id: string): Promise<TodoJoinedRow | undefined> {
  return selectTodosJoined(db).where('todos.id', '=', id).executeTakeFirst();
}

/** Todos of the given beads (for the bead list); all todos when beadIds is undefined. */
export function listTodosOfBeads(db: Db, beadIds?: readonly string[]): Promise<TodoRow[]> {
  if (beadIds?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('todos')
    .selectAll()
    .$if(beadIds !== undefined, (qb) => qb.where('bead_id', 'in', beadIds!))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Inserts a todo, or adds its amount to the existing todo of the same bead and customer (the unique index
 * todos_bead_customer_uq decides, so two racing requests still end with one todo). Returns the id of the
 * todo that now holds the amount.
 */
export async function upsertTodoAddingAmount(db: Db, row: TodoRow): Promise<string | undefined> {
  const result = await db
    .insertInto('todos')
    .values(row)
    .onConflict((oc) =>
      oc
        .expression(sql`bead_id, coalesce(customer_id, '')`)
        .doUpdateSet({ amount: sql<number>`todos.amount + excluded.amount` })
        // Atomic ceiling: beyond it the conflicting row is left alone and no row is returned.
        .where(sql<boolean>`todos.amount + excluded.amount <= ${sql.lit(MAX_TODO_AMOUNT)}`),
    )
    .returning('id')
    .executeTakeFirst();
  return result?.id;
}

/** The todo of this bead and customer (or of no customer), as the unique index todos_bead_customer_uq sees it. */
export function findTodoOfBeadAndCustomer(
  db: Db,
  beadId: string,
  customerId: string | null,
): Promise<TodoRow | undefined> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('bead_id', '=', beadId)
    .$if(customerId === null, (qb) => qb.where('customer_id', 'is', null))
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId!))
    .executeTakeFirst();
}

export async function insertTodos(db: Db, rows: readonly TodoRow[]): Promise<void> {
  // Chunked: SQLite limits the bound parameters of one statement.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('todos')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export async function updateTodoAmount(db: Db, id: string, amount: number): Promise<boolean> {
  const result = await db.updateTable('todos').set({ amount }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes and returns the todo; undefined when it was already gone. Locks the row first on PostgreSQL. */
export function deleteTodoReturning(db: Db, id: string): Promise<TodoRow | undefined> {
  return db.deleteFrom('todos').where('id', '=', id).returningAll().executeTakeFirst();
}
