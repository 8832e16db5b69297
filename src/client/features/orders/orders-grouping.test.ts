import { describe, expect, it } from 'vitest';
import { NO_MONEY } from '../../../../tests/support/client-orders.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import {
  applyFilter,
  countByFilter,
  groupByCustomer,
  searchAllOrders,
  searchOrders,
} from './orders-grouping.ts';

function order(
  id: string,
  customer: [string, string] | null,
  status: Order['status'],
  createdAt: string,
): Order {
  return {
    id,
    customerId: customer?.[0] ?? null,
    customerName: customer?.[1] ?? null,
    createdAt,
    status,
    ...NO_MONEY,
    homeDelivery: false,
    offerGroups: [],
    normalLines: [],
    totals: { totalOre: 0, shippingOre: 5300, discountOre: 0, totalWithShippingOre: 5300 },
  };
}

const aase: [string, string] = ['c-aase', 'Åse'];
const bo: [string, string] = ['c-bo', 'Bo'];
const zenia: [string, string] = ['c-zenia', 'Zenia'];
const orders = [
  order('o1', bo, 'invoiced', '2026-11-20T10:00:00Z'),
  order('o2', aase, 'active', '2026-11-22T10:00:00Z'),
  order('o3', null, 'paid', '2026-11-19T10:00:00Z'),
  order('o4', bo, 'active', '2026-11-21T10:00:00Z'),
  order('o5', zenia, 'packed', '2026-11-18T10:00:00Z'),
  order('o6', zenia, 'shipped', '2026-11-17T10:00:00Z'),
];

describe('orders grouping', () => {
  it('groups by customer in Danish order, Ukendt kunde last, newest first inside', () => {
    const groups = groupByCustomer(searchOrders(orders, ''));
    expect(groups.map((group) => group.name)).toEqual(['Bo', 'Zenia', 'Åse', 'Ukendt kunde']);
    expect(groups[0]?.orders.map((o) => o.id)).toEqual(['o4', 'o1']);
    expect(groups[3]?.customerId).toBeNull();
  });

  it('counts per filter without shipped orders, and filters', () => {
    const open = searchOrders(orders, '');
    expect(countByFilter(open)).toEqual({ all: 5, active: 2, invoiced: 1, paid: 1, packed: 1 });
    expect(applyFilter(open, 'active').map((o) => o.id)).toEqual(['o2', 'o4']);
  });

  it('searches by customer name, case-insensitively', () => {
    expect(searchOrders(orders, 'åS').map((o) => o.id)).toEqual(['o2']);
    expect(searchOrders(orders, 'ukendt').map((o) => o.id)).toEqual(['o3']);
  });

  it('searches the shipped orders too when asked for all (the month’s shipped orders)', () => {
    expect(searchOrders(orders, 'zenia').map((o) => o.id)).toEqual(['o5']);
    expect(searchAllOrders(orders, 'zenia').map((o) => o.id)).toEqual(['o5', 'o6']);
  });
});
