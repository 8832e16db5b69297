/**
 * 'Modtaget' with 'Læg i kundernes ordrer' (docs/product/stock.md): a delivery of a bead that completes the
 * waiting todos it covers, in ONE transaction with the rules completing a todo has (todos.service: a bead at
 * 0 kr takes its price first, the customer's active order is found or made), and its 'Fortryd', which takes the
 * lines back and puts the todos back, before stock removes the delivery with its sales. A composition module
 * above stock, todos and orders, so the modules import in one direction.
 */
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { DeliveryResult } from '../../shared/schemas/api-stock.ts';
import type { Delivery } from '../../shared/schemas/stock.ts';
import type { Db, StockMovementRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError } from '../errors.ts';
import { activeOrderIdOf, removeDeliveredLines } from '../orders/order-delivery.service.ts';
import { currentStock, deliveryUndoData, recordDelivery, setDeliveryUndo } from '../stock/stock.service.ts';
import { completeTodo, restoreTodo, waitingTodosOfBead } from '../todos/todos.service.ts';

/** What a delivery's 'Fortryd' needs, kept with the delivery: each todo it completed and what that added. */
type DeliveryUndo = {
  todos: Array<{
    id: string;
    customerId: string;
    amount: number;
    createdAt: string;
    orderId: string;
    orderMade: boolean;
    lineIds: string[];
  }>;
};

const byCustomer = <T extends { customerId: string }>(a: T, b: T) =>
  a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0;

/**
 * The delivery and the ticked todos completed with it. A ticked todo that no longer waits for this bead (done
 * on another device a moment ago) refuses the whole step (409), so nothing is half-done. The todos are completed
 * in customer order, so two deliveries lock the customers' orders in the same order.
 */
export function addDelivery(db: Db, beadId: string, input: Delivery): Promise<DeliveryResult> {
  return inTransaction(db, async (trx) => {
    const deliveryId = await recordDelivery(trx, beadId, input.quantity);
    const waiting = new Map((await waitingTodosOfBead(trx, beadId)).map((todo) => [todo.id, todo]));
    const ticked = [...new Set(input.todoIds)].map((id) => {
      const todo = waiting.get(id);
      if (!todo || todo.customer_id === null) throw conflictError(apiErrors.stockTodoNotWaiting);
      return { ...todo, customerId: todo.customer_id };
    });
    const undo: DeliveryUndo = { todos: [] };
    const price = { priceOre: input.priceOre, saleType: input.saleType };
    for (const todo of ticked.sort(byCustomer)) {
      const orderMade = (await activeOrderIdOf(trx, todo.customerId)) === null;
      // The price (a bead at 0 kr) is set once, by the first completion.
      const done = await completeTodo(trx, todo.id, undo.todos.length === 0 ? price : {}, { deliveryId });
      if (done.orderId === null) throw new Error(`Todo ${todo.id} with a customer added no lines`);
      undo.todos.push({
        id: todo.id,
        customerId: todo.customerId,
        amount: todo.amount,
        createdAt: todo.created_at,
        orderId: done.orderId,
        orderMade,
        lineIds: done.lineIds,
      });
    }
    if (undo.todos.length > 0) await setDeliveryUndo(trx, deliveryId, undo);
    return {
      beadId,
      movementId: deliveryId,
      stock: await currentStock(trx, beadId),
      filled: undo.todos.map((todo) => ({
        todoId: todo.id,
        customerId: todo.customerId,
        orderId: todo.orderId,
        amount: todo.amount,
      })),
    };
  });
}

/**
 * What a delivery's 'Fortryd' takes back besides its stock (stock.service's undoStockMovement calls it for a
 * delivery that filled orders, in its transaction): its lines, from orders that must still be active and hold
 * them all (else 409 and nothing changes), and its todos, with their ids and dates. Returns how many came back.
 */
export async function undoFilledOrders(trx: Db, delivery: StockMovementRow): Promise<number> {
  const undo = deliveryUndoData(delivery) as DeliveryUndo | null;
  // An imported delivery carries no undo: its orders are hers to change by hand.
  if (!undo) throw conflictError(apiErrors.stockDeliveryChanged);
  for (const todo of [...undo.todos].sort(byCustomer)) {
    if (!(await removeDeliveredLines(trx, todo.orderId, todo.lineIds, todo.orderMade)))
      throw conflictError(apiErrors.stockDeliveryChanged);
    await restoreTodo(trx, {
      id: todo.id,
      bead_id: delivery.bead_id,
      customer_id: todo.customerId,
      amount: todo.amount,
      created_at: todo.createdAt,
    });
  }
  return undo.todos.length;
}
