/**
 * What an order's bill and payments come to (docs/product/money.md, decision 0019). The order's screen, the books
 * (Regnskab), the receipt and the payment reminders all read these functions, so they always agree.
 *
 * - A numbered order is 'billed', or 'cancelled' ("Annulleret") while it is back in Aktiv or emptied and not
 *   billed again, or holds no lines. An order without a number is 'unbilled' and not in the books.
 * - Paid is what she recorded. An order she set to Skal pakkes or a later status by hand counts as paid in full:
 *   the part she did not record ('deemed') shows as "Markeret som betalt" on the order and as "Ikke registreret"
 *   in the books. A recorded payment takes the deemed part's place, so no sum counts a payment twice.
 */
import type { OrderStatus } from './order-status.ts';

export const PAYMENT_METHODS = ['mobilepay', 'bank', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The statuses that say the order is paid: Skal pakkes, Skal sendes, Afsendt. */
export const SETTLED_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped'];

export function isSettledStatus(status: OrderStatus): boolean {
  return SETTLED_STATUSES.includes(status);
}

/** A payment larger than this is refused (1.000.000 kr). */
export const MAX_PAYMENT_ORE = 100_000_000;

export type BillState = 'unbilled' | 'billed' | 'cancelled';

/** Where a numbered order stands in the books. */
export function billState(order: { number: string | null; billVoid: boolean; lineCount: number }): BillState {
  if (order.number === null) return 'unbilled';
  return order.billVoid || order.lineCount === 0 ? 'cancelled' : 'billed';
}

export interface PaymentState {
  /** What she recorded (her payments, refunds left out). */
  recordedOre: number;
  /** The part of a Skal pakkes-or-later order she did not record: counted as paid, "Ikke registreret". */
  deemedOre: number;
  /** recorded + deemed. */
  paidOre: number;
  /** What is still owed (never below 0). */
  owedOre: number;
  /** What was paid beyond the total. */
  overpaidOre: number;
}

/** The payments of an order whose total ('I alt') is `totalOre`; a cancelled bill owes nothing. */
export function paymentState({
  totalOre,
  recordedOre,
  status,
  state,
}: {
  totalOre: number;
  recordedOre: number;
  status: OrderStatus;
  state: BillState;
}): PaymentState {
  const due = state === 'cancelled' ? 0 : totalOre;
  const deemedOre = state === 'billed' && isSettledStatus(status) ? Math.max(0, due - recordedOre) : 0;
  const paidOre = recordedOre + deemedOre;
  return {
    recordedOre,
    deemedOre,
    paidOre,
    owedOre: state === 'unbilled' ? Math.max(0, totalOre - recordedOre) : Math.max(0, due - paidOre),
    overpaidOre: Math.max(0, recordedOre - due),
  };
}

/** True when a full payment of an order in Afventer betaling moves it on to Skal pakkes. */
export function paymentMovesStatus(status: OrderStatus, state: PaymentState): boolean {
  return status === 'invoiced' && state.owedOre === 0;
}

type BilledOrder = {
  number: string | null;
  billState: BillState;
  payment: Pick<PaymentState, 'recordedOre' | 'owedOre'>;
  totals: { totalWithShippingOre: number };
};

/** A numbered, billed order that is not wholly recorded as paid offers 'Registrér betaling'. */
export function canRegisterPayment(order: BilledOrder): boolean {
  return (
    order.number !== null &&
    order.billState === 'billed' &&
    order.payment.recordedOre < order.totals.totalWithShippingOre
  );
}

/** A paid order has a receipt: billed, and nothing owed. */
export function hasReceipt(order: BilledOrder): boolean {
  return order.number !== null && order.billState === 'billed' && order.payment.owedOre === 0;
}
