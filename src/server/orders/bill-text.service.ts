/**
 * The Danish bill text of an order (docs/product/bill-text.md) and sending it (docs/product/money.md): the text
 * the owner copies or shares into Messenger or an SMS, and the number that every bill she sends carries.
 */
import { billText } from '../../shared/domain/bill-text.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { getCustomer } from '../customers/customers.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { notFoundError } from '../errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { toOrderAnswers } from './order-answers.ts';
import { billOrder } from './order-billing.service.ts';
import { discountOf, frozenShippingOre } from './orders.mapping.ts';
import { findOrderById, lockOrder } from './orders.repository.ts';

/**
 * The Danish bill text of an order: the shop's settings (postage, ways to pay, greeting, closing, name), the
 * customer's contact details (it asks only for the missing ones), signed with the signed-in user's name.
 */
export async function getBillText(db: Db, id: string, senderName?: string): Promise<string> {
  const row = await findOrderById(db, id);
  if (!row) throw notFoundError(apiErrors.orderNotFound);
  const [shop, customer, [order]] = await Promise.all([
    getShopSettings(db),
    row.customer_id === null ? null : getCustomer(db, row.customer_id),
    toOrderAnswers(db, [row]),
  ]);
  if (!order) throw notFoundError(apiErrors.orderNotFound);
  return billText({
    customerName: row.customer_name ?? '',
    pricedOrder: {
      offerGroups: order.offerGroups,
      normalLines: order.normalLines,
      totalOre: order.totals.totalOre,
    },
    homeDelivery: Boolean(row.home_delivery),
    pickup: Boolean(row.pickup),
    discount: discountOf(row),
    frozenShippingOre: frozenShippingOre(row),
    shop,
    contact: customer ?? {},
    senderName,
    number: row.number !== null && !row.bill_void ? row.number : null,
    paidOre: order.payment.recordedOre,
  });
}

/**
 * 'Kopiér Regningstekst' and 'Del' (POST /api/orders/:id/bill): the bill she sends carries its number, so sending
 * bills the order first (an active one keeps collecting lines under that number). Returns the text and number.
 */
export async function sendBill(
  db: Db,
  id: string,
  senderName?: string,
): Promise<{ text: string; number: string | null }> {
  return inTransaction(db, async (trx) => {
    await lockOrder(trx, id);
    const row = await findOrderById(trx, id);
    if (!row) throw notFoundError(apiErrors.orderNotFound);
    const number = await billOrder(trx, id);
    return { text: await getBillText(trx, id, senderName), number };
  });
}
