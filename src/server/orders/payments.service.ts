/**
 * 'Registrér betaling' (docs/product/money.md): the payments she records on a numbered order, deleting one, and
 * its 'Fortryd'. Each is written in one transaction with what it moves: a full payment of an order in Afventer
 * betaling moves it to Skal pakkes (recorded in its history like the dropdown's change), and deleting that payment
 * while the order is still there and no longer paid in full moves it back.
 */
import { nowIso } from '../../shared/domain/dates.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import { paymentMovesStatus, paymentState } from '../../shared/domain/payments.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { PaymentCreate } from '../../shared/schemas/payment.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import { findPayment, insertPayment, setPaymentDeleted } from './money.repository.ts';
import { changeStatusInTransaction } from './order-status.service.ts';
import { lockOrder } from './orders.repository.ts';
import { getOrder } from './orders.service.ts';

export type PaymentResult = {
  order: Order;
  paymentId: string;
  /** The status the payment moved the order from and to, or null. */
  statusChange: { from: OrderStatus; to: OrderStatus } | null;
};

/** The order's payment state once `recordedOre` is what she has recorded. */
const stateWith = (order: Order, recordedOre: number) =>
  paymentState({
    totalOre: order.totals.totalWithShippingOre,
    recordedOre,
    status: order.status,
    state: order.billState,
  });

/** Records a payment of a numbered, billed order; a full one moves Afventer betaling on to Skal pakkes. */
export function registerPayment(db: Db, orderId: string, input: PaymentCreate): Promise<PaymentResult> {
  return inTransaction(db, async (trx) => {
    await lockOrder(trx, orderId);
    const order = await getOrder(trx, orderId);
    if (order.number === null) throw conflictError(apiErrors.orderNotNumbered);
    if (order.billState === 'cancelled') throw conflictError(apiErrors.orderCancelled);
    const after = stateWith(order, order.payment.recordedOre + input.amountOre);
    const moves = paymentMovesStatus(order.status, after);
    const id = crypto.randomUUID();
    await insertPayment(trx, {
      id,
      order_id: orderId,
      credit_note_id: null,
      amount_ore: input.amountOre,
      method: input.method,
      paid_on: input.paidOn,
      recorded_at: nowIso(),
      deleted_at: null,
      moved_status: moves ? 1 : 0,
    });
    recordChange(trx, { entity: 'order', id: orderId, action: 'payment', data: { paymentId: id } });
    if (moves) await changeStatusInTransaction(trx, orderId, 'paid');
    return {
      order: await getOrder(trx, orderId),
      paymentId: id,
      statusChange: moves ? { from: order.status, to: 'paid' } : null,
    };
  });
}

/** Finds the payment and locks its order; a refund belongs to its credit note and is never deleted alone. */
async function lockedPayment(trx: Db, paymentId: string) {
  const payment = await findPayment(trx, paymentId);
  if (!payment) throw notFoundError(apiErrors.paymentNotFound);
  if (payment.credit_note_id !== null) throw conflictError(apiErrors.paymentOfCredit);
  await lockOrder(trx, payment.order_id);
  return payment;
}

/**
 * Deletes a payment (a repeat changes nothing more). When that payment moved the order to Skal pakkes, and the
 * order is still there and is no longer paid in full, it goes back to Afventer betaling.
 */
export function deletePayment(db: Db, paymentId: string): Promise<PaymentResult> {
  return inTransaction(db, async (trx) => {
    const payment = await lockedPayment(trx, paymentId);
    let statusChange: PaymentResult['statusChange'] = null;
    if (await setPaymentDeleted(trx, paymentId, nowIso())) {
      recordChange(trx, {
        entity: 'order',
        id: payment.order_id,
        action: 'payment_deleted',
        data: { paymentId },
      });
      const order = await getOrder(trx, payment.order_id);
      if (
        payment.moved_status &&
        order.status === 'paid' &&
        order.payment.recordedOre < order.totals.totalWithShippingOre
      ) {
        await changeStatusInTransaction(trx, order.id, 'invoiced');
        statusChange = { from: 'paid', to: 'invoiced' };
      }
    }
    return { order: await getOrder(trx, payment.order_id), paymentId, statusChange };
  });
}

/**
 * 'Fortryd' of a deletion: the payment counts again (a repeat changes nothing more); one that had moved the order
 * to Skal pakkes moves it there again when it is in Afventer betaling and paid in full.
 */
export function restorePayment(db: Db, paymentId: string): Promise<PaymentResult> {
  return inTransaction(db, async (trx) => {
    const payment = await lockedPayment(trx, paymentId);
    let statusChange: PaymentResult['statusChange'] = null;
    if (await setPaymentDeleted(trx, paymentId, null)) {
      recordChange(trx, { entity: 'order', id: payment.order_id, action: 'payment', data: { paymentId } });
      const order = await getOrder(trx, payment.order_id);
      if (payment.moved_status && paymentMovesStatus(order.status, order.payment)) {
        await changeStatusInTransaction(trx, order.id, 'paid');
        statusChange = { from: 'invoiced', to: 'paid' };
      }
    }
    return { order: await getOrder(trx, payment.order_id), paymentId, statusChange };
  });
}
