/**
 * The money fields of an order as the API answers them for a new order (docs/product/money.md): no number, no
 * payments, no discount, posted. Component and unit tests spread it into the orders they build by hand.
 */
import type { Order } from '../../src/shared/schemas/api-orders.ts';

export const NO_MONEY = {
  pickup: false,
  number: null,
  billedAt: null,
  billState: 'unbilled',
  settledAt: null,
  discount: null,
  vatRegistered: false,
  payment: { recordedOre: 0, deemedOre: 0, paidOre: 0, owedOre: 0, overpaidOre: 0 },
  payments: [],
  creditNotes: [],
  creditedLineIds: [],
  creditedPostage: false,
  trackingNumber: null,
} as const satisfies Partial<Order>;
