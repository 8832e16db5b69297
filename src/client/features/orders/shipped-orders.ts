import type { Parcel } from '../../../shared/schemas/api-parcels.ts';

/** An order 'Din pakke er sendt' is written for. */
export type ShippedOrder = {
  orderId: string;
  customerName: string | null;
  number: string | null;
  trackingNumber: string | null;
};

/**
 * The orders 'Markér som sendt' just sent, as 'Din pakke er sendt' needs them: each picked-up one ('Afhentning') left
 * out, since nothing was sent to it; none has a Pakkenummer yet in the list it was shipped from.
 */
export function shippedOrdersOf(parcels: readonly Parcel[]): ShippedOrder[] {
  return parcels
    .filter((parcel) => !parcel.pickup)
    .map((parcel) => ({
      orderId: parcel.orderId,
      customerName: parcel.customerId === null ? null : parcel.customerName,
      number: parcel.number,
      trackingNumber: null,
    }));
}
