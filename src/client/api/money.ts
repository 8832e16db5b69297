/**
 * The shop's money on the client (docs/product/money.md): sending the bill (it gets its number), the payments
 * she records (an offline write: it waits for the network and is recorded once), deleting one and its
 * 'Fortryd', credit notes and receipts. Regnskab reads through api/books.ts.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type { Order, PaymentResult } from '../../shared/schemas/api-orders.ts';
import type { CreditNoteCreate, PaymentCreate } from '../../shared/schemas/payment.ts';
import { texts } from '../../shared/texts.ts';
import { call, isNetworkError } from '../lib/api.ts';
import { registerOfflineWrite, sendOrQueue } from '../lib/offline-writes.ts';
import { customerKeys } from './customers.ts';
import { applyOrder, orderKeys } from './orders.ts';
import { refreshAfter } from './refresh.ts';

export const receiptUrl = (orderId: string) => urlOf(apiRoutes.receiptPdf, { params: { id: orderId } });
export const creditNoteUrl = (id: string) => urlOf(apiRoutes.creditNotePdf, { params: { id } });

/**
 * 'Kopiér Regningstekst' on an order that has no number yet (or whose number is 'Annulleret'): the server bills
 * it and gives the text with its number. A change that reached the order's bill text while the bill was on its
 * way (a line added from the laptop) makes that text old: the newest is then the one to copy, as for a cached
 * bill (`newestText`, api/orders.ts useBillText).
 */
export function useSendBill(
  customerId: string,
  orderId: string,
  newestText: () => string | Promise<string>,
): () => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const key = orderKeys.billText(orderId);
    const before = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
    const bill = await call(apiRoutes.sendBill, { params: { id: orderId } }).catch((error: unknown) => {
      // Offline a bill cannot get its number, and no bill goes out without one.
      throw isNetworkError(error) ? new Error(texts.money.bill.numberOffline) : error;
    });
    const state = queryClient.getQueryState(key);
    const changedMeanwhile =
      state !== undefined &&
      (state.isInvalidated || state.fetchStatus === 'fetching' || state.dataUpdatedAt !== before);
    if (!changedMeanwhile) queryClient.setQueryData(key, bill);
    // The order's number shows everywhere it is listed.
    void refreshAfter(queryClient, apiRoutes.sendBill);
    void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
    return changedMeanwhile ? newestText() : bill.text;
  }, [queryClient, customerId, orderId, newestText]);
}

/** apiRoutes.registerPayment as an offline write (the server records it once per key). */
export type RegisterPaymentVariables = {
  customerId: string;
  orderId: string;
  body: PaymentCreate;
  idempotencyKey: string;
};

const paymentWrite = 'register-payment';

/** A payment waiting for the network shows on the order at once, as what she has recorded. */
function applyQueuedPayment(
  queryClient: QueryClient,
  { customerId, orderId, body, idempotencyKey }: RegisterPaymentVariables,
) {
  const withPayment = (order: Order): Order => {
    if (order.id !== orderId || order.payments.some((payment) => payment.id === idempotencyKey)) return order;
    const recordedOre = order.payment.recordedOre + body.amountOre;
    const due = order.totals.totalWithShippingOre;
    const paidOre = Math.max(recordedOre, order.payment.paidOre);
    return {
      ...order,
      payments: [...order.payments, { id: idempotencyKey, ...body, recordedAt: new Date().toISOString() }],
      payment: {
        recordedOre,
        deemedOre: Math.max(0, paidOre - recordedOre),
        paidOre,
        owedOre: Math.max(0, due - paidOre),
        overpaidOre: Math.max(0, recordedOre - due),
      },
    };
  };
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(customerId), (detail) =>
    detail ? { ...detail, orders: detail.orders.map(withPayment) } : detail,
  );
}

const registered = new WeakSet<QueryClient>();

/** The money's writes that work offline; registered at start (api/offline.ts) and by their hooks. */
export function registerMoneyWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<PaymentResult, RegisterPaymentVariables>(queryClient, paymentWrite, {
    mutationFn: ({ orderId, body, idempotencyKey }) =>
      call(apiRoutes.registerPayment, { params: { id: orderId }, body }, { idempotencyKey }),
    onSuccess: (client, result, { customerId }) =>
      applyOrder(client, customerId, result.order, apiRoutes.registerPayment),
    onError: (client) => refreshAfter(client, apiRoutes.registerPayment),
    onQueued: applyQueuedPayment,
  });
}

/** 'Registrér betaling': sent now, or (offline) queued and shown at once. */
export function useRegisterPayment(customerId: string) {
  const queryClient = useQueryClient();
  registerMoneyWrites(queryClient);
  const mutation = useMutation<PaymentResult, Error, RegisterPaymentVariables>({
    mutationKey: [paymentWrite, customerId],
  });
  const { mutateAsync } = mutation;
  const send = useCallback(
    (orderId: string, body: PaymentCreate, idempotencyKey: string) =>
      sendOrQueue(mutateAsync, { customerId, orderId, body, idempotencyKey }),
    [mutateAsync, customerId],
  );
  return { send, busy: mutation.isPending && !mutation.isPaused };
}

/** Deleting a payment, and bringing it back ('Fortryd'). */
export function usePaymentChanges(customerId: string) {
  const queryClient = useQueryClient();
  const applied = (result: PaymentResult) => {
    applyOrder(queryClient, customerId, result.order, apiRoutes.deletePayment);
    return result;
  };
  const remove = useMutation({
    mutationFn: (paymentId: string) => call(apiRoutes.deletePayment, { params: { id: paymentId } }),
    onSuccess: applied,
  });
  const restore = useMutation({
    mutationFn: (paymentId: string) => call(apiRoutes.restorePayment, { params: { id: paymentId } }),
    onSuccess: applied,
  });
  return { remove, restore };
}

/** 'Krediter': one credit note per key, however often it is sent. */
export function useCreateCreditNote(customerId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreditNoteCreate; idempotencyKey: string }) =>
      call(apiRoutes.createCreditNote, { params: { id: orderId }, body }, { idempotencyKey }),
    onSuccess: (made) => {
      applyOrder(queryClient, customerId, made.order, apiRoutes.createCreditNote);
    },
  });
}
