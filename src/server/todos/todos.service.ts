import { needsPriceBeforeCompletion } from '../../shared/domain/bead-rules.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import { MAX_TODO_AMOUNT } from '../../shared/domain/limits.ts';
import { isSaleType } from '../../shared/domain/sale-type.ts';
import type { Bead, BeadTodo } from '../../shared/schemas/api-beads.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type {
  CompleteTodoResult,
  CreateTodoResult,
  Todo,
  TodoFirstScreen,
  TodoListItem,
} from '../../shared/schemas/api-todos.ts';
import type { TodoComplete, TodoCreate } from '../../shared/schemas/todo.ts';
import { texts } from '../../shared/texts.ts';
import { getBead, takeNewBeadNameForTodo, updateBeadFields } from '../beads/beads.service.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { getCustomerForNewWork } from '../customers/customers.service.ts';
import type { Db, TodoRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, invalidError, notFoundError } from '../errors.ts';
import { addBeadLines } from '../orders/orders.service.ts';
import { lockBeadForStock, recordTodoTaken } from '../stock/stock.service.ts';
import {
  countTodos,
  deleteTodoReturning,
  findTodoJoined,
  findTodoOfBeadAndCustomer,
  insertTodos,
  listFirstTodosJoined,
  listTodosJoined,
  listTodosOfBeads,
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
    bead: {
      id: row.bead_id,
      name: row.bead_name,
      priceOre: row.bead_price_ore,
      saleType: isSaleType(row.bead_sale_type) ? row.bead_sale_type : null,
      isDeleted: Boolean(row.bead_is_deleted),
      photoId: row.bead_photo_id,
      stock: row.bead_stock === null ? null : Number(row.bead_stock),
    },
    customer:
      row.customer_id !== null && row.customer_name !== null
        ? { id: row.customer_id, name: row.customer_name }
        : null,
  };
}

/** GET /api/todos: every todo as ids and amount, in the order they were added (the client joins names). */
export async function listTodoItems(db: Db): Promise<TodoListItem[]> {
  return (await listTodosOfBeads(db)).map((row) => ({
    id: row.id,
    beadId: row.bead_id,
    customerId: row.customer_id,
    amount: row.amount,
  }));
}

/**
 * GET /api/todos/first: the first `limit` todos of GET /api/todos' order as whole todos (bead and customer
 * embedded) and the number of todos, so the todo page can show a screenful before the three lists arrive.
 */
export async function listFirstTodos(db: Db, limit: number): Promise<TodoFirstScreen> {
  const [rows, total] = await Promise.all([listFirstTodosJoined(db, limit), countTodos(db)]);
  return { todos: rows.map(toTodo), total };
}

export async function listTodos(db: Db, filter: { customerId?: string } = {}): Promise<Todo[]> {
  return (await listTodosJoined(db, filter)).map(toTodo);
}

async function getTodo(db: Db, id: string): Promise<Todo> {
  const row = await findTodoJoined(db, id);
  if (!row) throw notFoundError(apiErrors.todoNotFound);
  return toTodo(row);
}

/** The todos of the given beads (all beads when undefined) by bead id, oldest first, as listed under a bead. */
export async function todosByBead(db: Db, beadIds?: readonly string[]): Promise<Map<string, BeadTodo[]>> {
  const byBead = new Map<string, BeadTodo[]>();
  for (const todo of await listTodosOfBeads(db, beadIds)) {
    const entry = { id: todo.id, customerId: todo.customer_id, amount: todo.amount };
    const list = byBead.get(todo.bead_id);
    if (list) list.push(entry);
    else byBead.set(todo.bead_id, [entry]);
  }
  return byBead;
}

/**
 * Adds a todo, or adds the amount to the existing todo of the same bead and customer (docs/product/todos.md).
 * With a new bead name, first creates that bead at 0 kr; the name must not match any bead's name ignoring
 * case. One transaction: a refused todo leaves no new bead behind.
 */
export async function createTodo(db: Db, input: TodoCreate): Promise<CreateTodoResult> {
  const newId = crypto.randomUUID();
  const { todoId, createdBead } = await inTransaction(db, async (trx) => {
    // An archived customer gets no new todos until she is brought back.
    if (input.customerId !== null) await getCustomerForNewWork(trx, input.customerId);
    const { beadId, created } =
      input.bead.kind === 'new'
        ? await takeNewBeadNameForTodo(trx, input.bead.name)
        : { beadId: (await getBead(trx, input.bead.beadId)).id, created: null };
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
      throw conflictError({
        code: apiErrors.todoAmountTooHigh.code,
        message: texts.todos.amountMaxMerged(current?.amount ?? MAX_TODO_AMOUNT),
      });
    }
    recordChange(trx, { entity: 'todo', id, action: id === newId ? 'create' : 'update' });
    return { todoId: id, createdBead: created };
  });
  return { todo: await getTodo(db, todoId), merged: todoId !== newId, createdBead };
}

export async function updateTodo(db: Db, id: string, patch: { amount: number }): Promise<Todo> {
  await inTransaction(db, async (trx) => {
    if (!(await updateTodoAmount(trx, id, patch.amount))) throw notFoundError(apiErrors.todoNotFound);
    recordChange(trx, { entity: 'todo', id, action: 'update' });
  });
  return getTodo(db, id);
}

export async function deleteTodo(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await deleteTodoReturning(trx, id))) throw notFoundError(apiErrors.todoNotFound);
    recordChange(trx, { entity: 'todo', id, action: 'delete' });
  });
}

/** Bulk insert of ready-made rows (the seed scripts): no checks, the caller makes them valid and unique. */
export function insertTodoRows(db: Db, rows: readonly TodoRow[]): Promise<void> {
  return insertTodos(db, rows);
}

/**
 * Completes a todo (docs/product/todos.md) in ONE transaction (the route's, which serve() opened and in which
 * it has claimed the idempotency key: http/serve.ts): delete the todo
 * (which also stops a concurrent completion of the same todo), set the bead's price when given (and
 * isDeleted = false), then for a todo with a customer add one line per unit to the customer's active order
 * (orders.service), which takes them off the shelf. `deliveryId`: the delivery that completes it ('Læg i
 * kundernes ordrer').
 */
export async function completeTodo(
  db: Db,
  todoId: string,
  input: Pick<TodoComplete, 'priceOre' | 'saleType'>,
  options: { deliveryId?: string } = {},
): Promise<CompleteTodoResult> {
  return inTransaction(db, async (trx) => {
    // The bead before the todo and the order, as every stock write locks (stock/stock.service.ts).
    const found = await findTodoJoined(trx, todoId);
    if (found) await lockBeadForStock(trx, found.bead_id);
    const todo = await takeTodo(trx, todoId);
    const bead = await beadWithPriceForCompletion(trx, todo.bead_id, input);
    if (todo.customer_id === null) {
      // No order to add lines to, but the beads left the shelf all the same (docs/product/stock.md).
      await recordTodoTaken(trx, bead.id, todo.amount);
      return { todoId, outcome: 'deleted', orderId: null, lineIds: [], bead };
    }
    const { orderId, lineIds } = await addBeadLines(trx, todo.customer_id, bead.id, todo.amount, options);
    return { todoId, outcome: 'addedToOrder', orderId, lineIds, bead };
  });
}

/** Deletes the todo and returns it; the delete also stops a concurrent completion of the same todo. */
async function takeTodo(trx: Db, todoId: string): Promise<TodoRow> {
  const todo = await deleteTodoReturning(trx, todoId);
  if (!todo) throw notFoundError(apiErrors.todoNotFound);
  recordChange(trx, { entity: 'todo', id: todoId, action: 'complete' });
  return todo;
}

/**
 * The todo's bead, with the price and offer given at completion set (which also brings a deleted bead back).
 * A bead still at 0 kr is refused: 'Sæt Pris' first.
 */
async function beadWithPriceForCompletion(
  trx: Db,
  beadId: string,
  input: Pick<TodoComplete, 'priceOre' | 'saleType'>,
): Promise<Bead> {
  const setsPrice = input.priceOre !== undefined || input.saleType !== undefined;
  const bead = setsPrice
    ? await updateBeadFields(trx, beadId, {
        priceOre: input.priceOre,
        saleType: input.saleType,
        isDeleted: false,
      })
    : await getBead(trx, beadId);
  if (needsPriceBeforeCompletion(bead)) throw invalidError(apiErrors.priceRequired);
  return bead;
}

/** The bead's waiting todos with a customer, oldest first, as rows (a delivery fills them in this order). */
export async function waitingTodosOfBead(db: Db, beadId: string): Promise<TodoRow[]> {
  return (await listTodosOfBeads(db, [beadId])).filter((todo) => todo.customer_id !== null);
}

/**
 * Puts a completed todo back (a delivery's 'Fortryd'): with its id and date when no todo of that bead and
 * customer was written down since, else its amount added to that one, within MAX_TODO_AMOUNT (409 beyond).
 */
export async function restoreTodo(trx: Db, row: TodoRow): Promise<void> {
  const id = await upsertTodoAddingAmount(trx, row);
  if (id === undefined) {
    const current = await findTodoOfBeadAndCustomer(trx, row.bead_id, row.customer_id);
    throw conflictError({
      code: apiErrors.todoAmountTooHigh.code,
      message: texts.todos.amountMaxMerged(current?.amount ?? MAX_TODO_AMOUNT),
    });
  }
  recordChange(trx, { entity: 'todo', id, action: id === row.id ? 'create' : 'update' });
}

/**
 * 'Indsæt besked' (docs/product/messages.md): `amount` more on the customer's todo of the bead (a new todo, or
 * the one she has), in the caller's transaction; refused past MAX_TODO_AMOUNT. Returns the todo's id.
 */
export async function addToCustomerTodo(
  trx: Db,
  beadId: string,
  customerId: string,
  amount: number,
): Promise<string> {
  const newId = crypto.randomUUID();
  const id = await upsertTodoAddingAmount(trx, {
    id: newId,
    bead_id: beadId,
    customer_id: customerId,
    amount,
    created_at: nowIso(),
  });
  if (id === undefined) {
    const current = await findTodoOfBeadAndCustomer(trx, beadId, customerId);
    throw conflictError({
      code: apiErrors.todoAmountTooHigh.code,
      message: texts.todos.amountMaxMerged(current?.amount ?? MAX_TODO_AMOUNT),
    });
  }
  recordChange(trx, { entity: 'todo', id, action: id === newId ? 'create' : 'update' });
  return id;
}

/**
 * Its 'Fortryd': `amount` off the customer's todo again (deleted when nothing is left). A todo already gone is
 * left alone; another customer's is not found.
 */
export async function takeOffCustomerTodo(
  trx: Db,
  todoId: string,
  customerId: string,
  amount: number,
): Promise<void> {
  const todo = await findTodoJoined(trx, todoId);
  if (!todo) return;
  if (todo.customer_id !== customerId) throw notFoundError(apiErrors.todoNotFound);
  if (todo.amount <= amount) {
    await deleteTodoReturning(trx, todoId);
    recordChange(trx, { entity: 'todo', id: todoId, action: 'delete' });
  } else {
    await updateTodoAmount(trx, todoId, todo.amount - amount);
    recordChange(trx, { entity: 'todo', id: todoId, action: 'update' });
  }
}
