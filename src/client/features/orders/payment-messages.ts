import { orderStatusLabel } from '../../../shared/domain/order-status.ts';
import type { PaymentResult } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';

/**
 * 'Betaling registreret', and the status a payment moved: said by the payment dialog, and by the order's money
 * when a queued payment lands (a file of its own, so neither imports the other).
 */
export function registeredMessage(result: Pick<PaymentResult, 'statusChange'>): string {
  return result.statusChange
    ? texts.money.paymentRegisteredMoved(orderStatusLabel(result.statusChange.to).toLocaleLowerCase('da'))
    : texts.money.paymentRegistered;
}
