/**
 * Test data factories (docs/conventions.md habit 6): `createX(db, overrides)` inserts one row through the
 * repositories and returns it in camelCase. Defaults are unique, so tests sharing a database do not collide.
 */

import { insertBead } from '../../src/server/beads/beads.repository.ts';
import { insertCustomer } from '../../src/server/customers/customers.repository.ts';
import type { Db } from '../../src/server/db/database.ts';
import { insertOrderLines, insertOrders } from '../../src/server/orders/orders.repository.ts';
import { insertTodos } from '../../src/server/todos/todos.repository.ts';
import { customerNameKey } from '../../src/shared/domain/customer-name.ts';
import type { OrderStatus } from '../../src/shared/domain/order-status.ts';
import type { SaleType } from '../../src/shared/domain/sale-type.ts';
import { DEFAULT_POSTAGE } from '../../src/shared/domain/shop-settings.ts';

let sequence = 0;
const next = () => `${++sequence}-${crypto.randomUUID().slice(0, 8)}`;
const now = () => new Date().toISOString();

export type TestCustomer = {
  id: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  /** The postal address: 'Adresse' (or, with addressNeedsCheck, an old free text), the rest. */
  address?: string | null;
  address2?: string | null;
  postcode?: string | null;
  city?: string | null;
  countryCode?: string;
  addressNeedsCheck?: boolean;
  /** Set to archive the customer. */
  archivedAt?: string | null;
};
export async function createCustomer(db: Db, overrides: Partial<TestCustomer> = {}): Promise<TestCustomer> {
  const customer = { id: crypto.randomUUID(), name: `Kunde ${next()}`, ...overrides };
  await insertCustomer(db, {
    id: customer.id,
    name: customer.name,
    name_key: customerNameKey(customer.name),
    created_at: now(),
    phone: customer.phone ?? null,
    email: customer.email ?? null,
    address: customer.address ?? null,
    address2: customer.address2 ?? null,
    postcode: customer.postcode ?? null,
    city: customer.city ?? null,
    country_code: customer.countryCode ?? 'DK',
    address_needs_check: customer.addressNeedsCheck ? 1 : 0,
    archived_at: customer.archivedAt ?? null,
  });
  return customer;
}

export type TestBead = {
  id: string;
  name: string;
  priceOre: number;
  saleType: SaleType | null;
  isDeleted: boolean;
};
export async function createBead(db: Db, overrides: Partial<TestBead> = {}): Promise<TestBead> {
  const bead: TestBead = {
    id: crypto.randomUUID(),
    name: `Perle ${next()}`,
    priceOre: 4500,
    saleType: null,
    isDeleted: false,
    ...overrides,
  };
  await insertBead(db, {
    id: bead.id,
    name: bead.name,
    price_ore: bead.priceOre,
    sale_type: bead.saleType,
    is_deleted: bead.isDeleted ? 1 : 0,
    created_at: now(),
  });
  return bead;
}

export type TestOrder = {
  id: string;
  customerId: string | null;
  status: OrderStatus;
  homeDelivery: boolean;
  createdAt: string;
  /** The frozen postage of an order that left Aktiv; the shop's default for its delivery unless given. */
  postageOre?: number | null;
  /** The bill's number and date (docs/product/money.md); none unless given. */
  number?: string | null;
  billedAt?: string | null;
};
/** Creates an order (active by default) for the given customer, or for a new customer when none is given. */
export async function createOrder(db: Db, overrides: Partial<TestOrder> = {}): Promise<TestOrder> {
  const customerId =
    overrides.customerId === undefined ? (await createCustomer(db)).id : overrides.customerId;
  const order: TestOrder = {
    id: crypto.randomUUID(),
    status: 'active',
    homeDelivery: false,
    createdAt: now(),
    ...overrides,
    customerId,
  };
  await insertOrders(db, [
    {
      id: order.id,
      customer_id: order.customerId,
      status: order.status,
      home_delivery: order.homeDelivery ? 1 : 0,
      created_at: order.createdAt,
      number: order.number ?? null,
      billed_at: order.billedAt ?? (order.number ? order.createdAt : null),
      // An order that left Aktiv carries its postage, as the orders service freezes it.
      postage_ore:
        order.postageOre !== undefined
          ? order.postageOre
          : order.status === 'active'
            ? null
            : order.homeDelivery
              ? DEFAULT_POSTAGE.postageHomeOre
              : DEFAULT_POSTAGE.postageOre,
    },
  ]);
  return order;
}

export type TestOrderLine = {
  id: string;
  orderId: string;
  beadId: string | null;
  text: string | null;
  priceOre: number | null;
  saleType: string | null;
  addedAt: string;
};
/** A bead line when beadId is given, else a free line ('Fragt', 10 kr) unless text/price are overridden. */
export async function createOrderLine(
  db: Db,
  overrides: Partial<TestOrderLine> & { orderId: string },
): Promise<TestOrderLine> {
  const isBead = overrides.beadId != null;
  const line: TestOrderLine = {
    id: crypto.randomUUID(),
    beadId: null,
    text: isBead ? null : 'Fri linje',
    priceOre: isBead ? null : 1000,
    saleType: null,
    addedAt: now(),
    ...overrides,
  };
  await insertOrderLines(db, [
    {
      id: line.id,
      order_id: line.orderId,
      bead_id: line.beadId,
      text: line.text,
      price_ore: line.priceOre,
      sale_type: line.saleType,
      added_at: line.addedAt,
    },
  ]);
  return line;
}

export type TestTodo = {
  id: string;
  beadId: string;
  customerId: string | null;
  amount: number;
  /** When it was written down (now unless given): a delivery fills the oldest first. */
  createdAt?: string;
};
/** A todo for the given bead (a new 45-kr bead when none is given) and customer (none by default). */
export async function createTodo(db: Db, overrides: Partial<TestTodo> = {}): Promise<TestTodo> {
  const beadId = overrides.beadId ?? (await createBead(db)).id;
  const todo: TestTodo = { id: crypto.randomUUID(), customerId: null, amount: 1, ...overrides, beadId };
  await insertTodos(db, [
    {
      id: todo.id,
      bead_id: todo.beadId,
      customer_id: todo.customerId,
      amount: todo.amount,
      created_at: todo.createdAt ?? now(),
    },
  ]);
  return todo;
}
