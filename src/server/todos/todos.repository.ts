import { sql } from 'kysely';
import type { Db, TodoRow } from '../db/database.ts';

/** A todo joined with its bead and (optional) customer, as the todo screen needs it. */
export type TodoJoinedRow = TodoRow & {
  bead_name: string;
  bead_price_ore: number;
  bead_sale_type: string | null;
  bead_is_deleted: number | boolean;
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
export async function upsertTodoAddingAmount(db: Db, row: TodoRow): Promise<string> {
  const result = await db
    .insertInto('todos')
    .values(row)
    .onConflict((oc) =>
      oc
        .expression(sql`bead_id, coalesce(customer_id, '')`)
        .doUpdateSet({ amount: sql<number>`todos.amount + excluded.amount` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return result.id;
}

export async function insertTodos(db: Db, rows: readonly TodoRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('todos')
    .values([...rows])
    .execute();
}

export async function updateTodoAmount(db: Db, id: string, amount: number): Promise<boolean> {
  const result = await db.updateTable('todos').set({ amount }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes and returns the todo; undefined when it was already gone. Locks the row first on PostgreSQL. */
export function deleteTodoReturning(db: Db, id: string): Promise<TodoRow | undefined> {
  return db.deleteFrom('todos').where('id', '=', id).returningAll().executeTakeFirst();
}
