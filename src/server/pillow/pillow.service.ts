import { compareDanish } from '../../shared/domain/collation.ts';
import { orderStatistics } from '../../shared/domain/statistics.ts';
import type { Pillow } from '../../shared/schemas/api-pillow.ts';
import { archivedCustomerIds } from '../customers/customers.service.ts';
import type { Db } from '../db/database.ts';
import { listActiveOrdersPriced } from '../orders/orders.service.ts';

/**
 * Active orders of visible customers sorted by customer name (Danish collation), with the statistics card.
 * Archived customers are left out, as from every other list.
 */
export async function getPillow(db: Db): Promise<Pillow> {
  const [all, archived] = await Promise.all([listActiveOrdersPriced(db), archivedCustomerIds(db)]);
  const orders = all.filter((order) => order.customerId === null || !archived.has(order.customerId));
  orders.sort((a, b) => compareDanish(a.customerName ?? '', b.customerName ?? '') || (a.id < b.id ? -1 : 1));
  return { orders, statistics: orderStatistics(orders.map((order) => order.totals.totalOre)) };
}
