/**
 * 'Tilføj N varer' (issue 46, docs/product/messages.md): what 'Indsæt besked' proposed, added in one transaction,
 * so a refusal of any item leaves the order and the todos as they were; and its 'Fortryd'. Both routes are
 * idempotent by their key (a double tap or a retry after a lost answer adds, or takes off, once).
 */
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type {
  MessageLinesCreate,
  MessageLinesResult,
  MessageLinesUndo,
} from '../../shared/schemas/message-lines.ts';
import { texts } from '../../shared/texts.ts';
import { getBead } from '../beads/beads.service.ts';
import { getCustomerForNewWork } from '../customers/customers.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import {
  addBeadLines,
  findLineWithOrder,
  getOrder,
  takeLineOffActiveOrder,
} from '../orders/orders.service.ts';
import { addToCustomerTodo, takeOffCustomerTodo } from '../todos/todos.service.ts';

export async function addMessageLines(
  db: Db,
  customerId: string,
  input: MessageLinesCreate,
): Promise<MessageLinesResult> {
  const { orderId, lineIds, todos } = await inTransaction(db, async (trx) => {
    // An archived customer gets nothing new until she is brought back.
    await getCustomerForNewWork(trx, customerId);
    let orderId: string | null = null;
    const lineIds: string[] = [];
    const todos: MessageLinesResult['todos'] = [];
    for (const item of input.items) {
      const bead = await getBead(trx, item.beadId);
      if (item.as === 'line') {
        // A bead waiting for its price, or deleted, is not sold: the dialog offers it as a todo.
        if (bead.priceOre === 0 || bead.isDeleted) {
          throw conflictError({ ...apiErrors.beadNeedsTodo, message: texts.paste.needsTodo(bead.name) });
        }
        const added = await addBeadLines(trx, customerId, bead.id, item.quantity);
        orderId = added.orderId;
        lineIds.push(...added.lineIds);
        continue;
      }
      const todoId = await addToCustomerTodo(trx, bead.id, customerId, item.quantity);
      todos.push({ todoId, amount: item.quantity });
    }
    return { orderId, lineIds, todos };
  });
  return { order: orderId === null ? null : await getOrder(db, orderId), lineIds, todos };
}

/**
 * 'Fortryd': the lines off the active order again (their beads back on the shelf) and the amounts off the todos
 * (a todo that had only them is deleted). A line already gone, or a todo already lower, is left as it is: she
 * may have removed one by hand meanwhile. A line whose order has left Aktiv is refused, and nothing is undone.
 */
export async function undoMessageLines(
  db: Db,
  customerId: string,
  input: MessageLinesUndo,
): Promise<{ order: Awaited<ReturnType<typeof getOrder>> | null }> {
  const orderId = await inTransaction(db, async (trx) => {
    let orderId: string | null = null;
    for (const lineId of new Set(input.lineIds)) {
      const line = await findLineWithOrder(trx, lineId);
      if (!line) continue;
      if (line.customerId !== customerId) throw notFoundError(apiErrors.orderLineNotFound);
      if (line.status !== 'active') throw conflictError(apiErrors.messageUndoGone);
      orderId = await takeLineOffActiveOrder(trx, lineId);
    }
    for (const { todoId, amount } of input.todos) await takeOffCustomerTodo(trx, todoId, customerId, amount);
    return orderId;
  });
  return { order: orderId === null ? null : await getOrder(db, orderId) };
}
