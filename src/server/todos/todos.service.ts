import { nowIso } from '../../shared/domain/dates.ts';
import { MAX_TODO_AMOUNT } from '../../shared/domain/limits.ts';
import { isSaleType } from '../../shared/domain/sale-type.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { CompleteTodoResult, CreateTodoResult, Todo } from '../../shared/schemas/api-todos.ts';
import type { TodoComplete, TodoCreate } from '../../shared/schemas/todo.ts';
import { texts } from '../../shared/texts.ts';
import { findBeadById, updateBead } from '../beads/beads.repository.ts';
import { getBeadRow, takeNewBeadNameForTodo, toBead } from '../beads/beads.service.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { apiError } from '../http/api-errors.ts';
import { AppError } from '../http/errors.ts';
import { idempotencyScope, withIdempotency } from '../idempotency/idempotency.service.ts';
import { insertOrderLines } from '../orders/orders.repository.ts';
import { assertRoomForLines, getOrCreateActiveOrderRow } from '../orders/orders.service.ts';
import {
  deleteTodoReturning,
  findTodoJoined,
  findTodoOfBeadAndCustomer,
  listTodosJoined,
  type TodoJoinedRow,
  updateTodoAmount,
  upsertTodoAddingAmount,
} from './todos.repository.ts';

export function toTodo(row: TodoJoinedRow): Todo {
  return {
    id: row.id,
    beadId: row.bead_id,
    customerId: row.customer_id,
    amount: row.amount,
    createdAt: row.created_at,
    bead: {
      id: row.bead_id,
      name: row.bead_name,
      priceOre: row.bead_price_ore,
      saleType: isSaleType(row.bead_sale_type) ? row.bead_sale_type : null,
      isDeleted: Boolean(row.bead_is_deleted),
    },
    customer:
      row.customer_id !== null && row.customer_name !== null
        ? { id: row.customer_id, name: row.customer_name }
        : null,
  };
}

export async function listTodos(db: Db, filter: { customerId?: string } = {}): Promise<Todo[]> {
  return (await listTodosJoined(db, filter)).map(toTodo);
}

async function getTodo(db: Db, id: string): Promise<Todo> {
  const row = await findTodoJoined(db, id);
  if (!row) throw apiError(404, apiErrors.todoNotFound);
  return toTodo(row);
}

/**
 * Adds a todo, or adds the amount to the existing todo of the same bead and customer (SPEC §4). With a new
 * bead name, first creates that bead at 0 kr; the name must not match any bead's name ignoring case.
 * One transaction: a refused todo leaves no new bead behind.
 */
export async function createTodo(db: Db, input: TodoCreate): Promise<CreateTodoResult> {
  const newId = crypto.randomUUID();
  const { todoId, createdBead } = await inTransaction(db, async (trx) => {
    if (input.customerId !== null && !(await findCustomerById(trx, input.customerId))) {
      throw apiError(404, apiErrors.customerNotFound);
    }
    let beadId: string;
    let created: CreateTodoResult['createdBead'] = null;
    if (input.bead.kind === 'new') {
      ({ beadId, created } = await takeNewBeadNameForTodo(trx, input.bead.name));
    } else {
      if (!(await findBeadById(trx, input.bead.beadId))) throw apiError(404, apiErrors.beadNotFound);
      beadId = input.bead.beadId;
    }
    const id = await upsertTodoAddingAmount(trx, {
      id: newId,
      bead_id: beadId,
      customer_id: input.customerId,
      amount: input.amount,
      created_at: nowIso(),
    });
    if (id === undefined) {
      // The merge would pass MAX_TODO_AMOUNT: the upsert changed nothing, and the throw rolls back a new bead.
      const current = await findTodoOfBeadAndCustomer(trx, beadId, input.customerId);
      throw new AppError(
        409,
        apiErrors.todoAmountTooHigh.code,
        texts.todos.amountMaxMerged(current?.amount ?? MAX_TODO_AMOUNT),
      );
    }
    return { todoId: id, createdBead: created };
  });
  return { todo: await getTodo(db, todoId), merged: todoId !== newId, createdBead };
}

export async function updateTodo(db: Db, id: string, patch: { amount: number }): Promise<Todo> {
  if (!(await updateTodoAmount(db, id, patch.amount))) throw apiError(404, apiErrors.todoNotFound);
  return getTodo(db, id);
}

export async function deleteTodo(db: Db, id: string): Promise<void> {
  if (!(await deleteTodoReturning(db, id))) throw apiError(404, apiErrors.todoNotFound);
}

/** Test seam: lets a test fail the completion half-way to prove that nothing stays half-written. */
export type CompleteTodoHooks = { afterLinesAdded?: (trx: Db) => Promise<void> | void };

/**
 * Completes a todo (SPEC §4, PRODUCT.md) in ONE transaction: claim the idempotency key, delete the todo
 * (which also stops a concurrent completion of the same todo), set the bead's price when given (and
 * isDeleted = false), then for a todo with a customer get-or-create the active order and add one line per
 * unit. A retry with the same key returns the stored first answer and writes nothing.
 */
export async function completeTodo(
  db: Db,
  todoId: string,
  input: TodoComplete,
  hooks: CompleteTodoHooks = {},
): Promise<CompleteTodoResult> {
  // The same scope as the other creates' route scopes (idempotentRequest), with the key in the body.
  const scope = idempotencyScope('POST /api/todos/:id/complete', { id: todoId }, input);
  const answer = await withIdempotency(db, input.idempotencyKey, scope, async (trx) => {
    const todo = await deleteTodoReturning(trx, todoId);
    if (!todo) throw apiError(404, apiErrors.todoNotFound);
    const beadRow = await getBeadRow(trx, todo.bead_id);
    const setsPrice = input.priceOre !== undefined || input.saleType !== undefined;
    if (setsPrice) {
      await updateBead(trx, beadRow.id, {
        ...(input.priceOre === undefined ? {} : { price_ore: input.priceOre }),
        ...(input.saleType === undefined ? {} : { sale_type: input.saleType }),
        is_deleted: 0,
      });
    }
    const bead = toBead(setsPrice ? await getBeadRow(trx, beadRow.id) : beadRow);
    if (bead.priceOre === 0) throw apiError(400, apiErrors.priceRequired);

    let result: CompleteTodoResult;
    if (todo.customer_id === null) {
      result = { todoId, outcome: 'deleted', orderId: null, lineIds: [], bead };
    } else {
      const { row: order } = await getOrCreateActiveOrderRow(trx, todo.customer_id);
      await assertRoomForLines(trx, order.id, todo.amount);
      const addedAt = nowIso();
      const lines = Array.from({ length: todo.amount }, () => ({
        id: crypto.randomUUID(),
        order_id: order.id,
        bead_id: bead.id,
        text: null,
        price_ore: null,
        sale_type: null,
        added_at: addedAt,
      }));
      await insertOrderLines(trx, lines);
      await hooks.afterLinesAdded?.(trx);
      result = {
        todoId,
        outcome: 'addedToOrder',
        orderId: order.id,
        lineIds: lines.map((l) => l.id),
        bead,
      };
    }
    return { status: 200 as const, body: result };
  });
  return answer.body;
}
