/**
 * Changing an order (docs/product/statuses.md, docs/product/money.md): its status, Hjemmelevering, Afhentning and
 * 'Rabat', each in one transaction with what it moves: prices and postage frozen when it leaves Aktiv (and the
 * bill's number given), unfrozen when it comes back (a numbered one is then 'Annulleret'), and its history.
 */
import { nowIso } from '../../shared/domain/dates.ts';
import { checkStatusChange, freezesLinePrices, type OrderStatus } from '../../shared/domain/order-status.ts';
import { isSettledStatus } from '../../shared/domain/payments.ts';
import { type Delivery, type Discount, shippingOre } from '../../shared/domain/pricing.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import { recordChange } from '../changes/change-log.service.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { toOrderAnswers } from './order-answers.ts';
import { billBeforeWrite, billOrder, recordBilled, voidBill } from './order-billing.service.ts';
import { recordOrderChange } from './order-history.service.ts';
import {
  findActiveOrderOfCustomer,
  findOrderById,
  freezeBeadLinePrices,
  lockOrder,
  type OrderWithCustomerRow,
  unfreezeBeadLinePrices,
  updateOrderIfStatus,
} from './orders.repository.ts';

export type OrderPatch = {
  status?: OrderStatus;
  homeDelivery?: boolean;
  pickup?: boolean;
  /** 'Rabat' on the active order; null removes it. */
  discount?: Discount | null;
};

const STATUS_RACE_RETRIES = 3;

/**
 * Changes status and/or home delivery. A shipped order refuses every change; a second active order for a
 * customer is refused (and the partial unique index backs that up under concurrency). Leaving `active`
 * freezes the bead lines' prices, returning to `active` unfreezes them — in the same transaction.
 */
export async function updateOrder(db: Db, id: string, patch: OrderPatch): Promise<Order> {
  for (let attempt = 0; attempt < STATUS_RACE_RETRIES; attempt++) {
    let applied: Applied;
    try {
      applied = await inTransaction(db, (trx) => applyOrderPatch(trx, id, patch));
    } catch (error) {
      if (error instanceof StatusRaceError) continue;
      if (isUniqueViolation(error)) throw conflictError(apiErrors.activeOrderExists);
      throw error;
    }
    if (applied) {
      const row = await findOrderById(db, id);
      if (!row) throw notFoundError(apiErrors.orderNotFound);
      // An order this change gave its first number has no payments or credit notes yet: they need the number.
      const [order] = await toOrderAnswers(db, [row], {
        moneyless: applied.firstNumber,
        settings: applied.settings,
      });
      return order!;
    }
  }
  throw new Error(`Order ${id} kept changing while it was updated`);
}

/**
 * The order's postage after a change: an active order follows the settings (null); an order that
 * leaves Aktiv gets the current price for its delivery frozen into it, like its bead prices, and so does one
 * whose Hjemmelevering changes while it is not active (the customer is billed the new delivery's price). A
 * status change between the later statuses keeps what was frozen.
 */
async function postagePatch(
  settings: () => Promise<ShopSettings>,
  row: OrderWithCustomerRow,
  to: OrderStatus,
  delivery: Delivery,
): Promise<{ postage_ore?: number | null }> {
  if (to === 'active') return row.postage_ore === null ? {} : { postage_ore: null };
  const deliveryChanged =
    delivery.homeDelivery !== Boolean(row.home_delivery) || Boolean(delivery.pickup) !== Boolean(row.pickup);
  if (row.status !== 'active' && row.postage_ore !== null && !deliveryChanged) return {};
  return { postage_ore: shippingOre(delivery, await settings()) };
}

/** When the order counts as settled by its status (docs/product/money.md): set on the way in, cleared on the way out. */
function settledPatch(from: OrderStatus, to: OrderStatus): { settled_at?: string | null } {
  if (isSettledStatus(to) === isSettledStatus(from)) return {};
  return { settled_at: isSettledStatus(to) ? nowIso() : null };
}

/**
 * Refuses a 'Rabat' the order cannot carry: only the active order gets one, and a sum larger than its goods and
 * postage together would take its total below 0 kr.
 */
async function checkDiscount(trx: Db, row: OrderWithCustomerRow, discount: Discount | null): Promise<void> {
  if (row.status !== 'active') throw conflictError(apiErrors.discountNotActive);
  if (discount === null || discount.kind === 'pct') return;
  const [order] = await toOrderAnswers(trx, [row]);
  if (order && discount.value > order.totals.totalOre + order.totals.shippingOre)
    throw conflictError(apiErrors.discountTooLarge);
}

/** The order's status changed under a patch that had taken a number already: rolled back, and tried again. */
class StatusRaceError extends Error {
  constructor() {
    super('The order changed while its status was set');
  }
}

/** What a patch did: false when the order's status changed under us (the caller retries). */
type Applied = false | { firstNumber: boolean; settings?: ShopSettings };

/** Returns false when the order's status changed under us (the caller retries). */
async function applyOrderPatch(trx: Db, id: string, patch: OrderPatch): Promise<Applied> {
  // Locked first (PostgreSQL): a number is given at most once, and the checks below see the latest row.
  await lockOrder(trx, id);
  const row = await findOrderById(trx, id);
  if (!row) throw notFoundError(apiErrors.orderNotFound);
  const from = row.status as OrderStatus;
  const to = patch.status ?? from;
  const otherActive =
    to === 'active' && from !== 'active' && row.customer_id !== null
      ? await findActiveOrderOfCustomer(trx, row.customer_id)
      : undefined;
  const check = checkStatusChange({
    from,
    to,
    customerHasOtherActiveOrder: otherActive !== undefined && otherActive.id !== id,
  });
  if (!check.ok) {
    throw conflictError(
      check.reason === 'shipped_read_only' ? apiErrors.orderShipped : apiErrors.activeOrderExists,
    );
  }
  if (patch.discount !== undefined) await checkDiscount(trx, row, patch.discount);
  // The shop's settings, read at most once in the transaction (the postage and the bill's VAT).
  let shopSettings: Promise<ShopSettings> | undefined;
  const settings = () => {
    shopSettings ??= getShopSettings(trx);
    return shopSettings;
  };
  const homeDelivery = patch.homeDelivery ?? Boolean(row.home_delivery);
  const pickup = patch.pickup ?? Boolean(row.pickup);
  // The bill (docs/product/money.md): leaving Aktiv bills the order (it gets its number if it has none; so does
  // an order that somehow left it without one); coming back makes a numbered order 'Annulleret' until it is
  // billed again. On SQLite a first number is written with the status, in one write.
  const bills = to !== 'active' && (from === 'active' || row.number === null);
  const billedBefore = bills ? await billBeforeWrite(trx, row, await settings()) : null;
  const updated = await updateOrderIfStatus(trx, id, from, {
    status: to,
    ...(patch.homeDelivery === undefined ? {} : { home_delivery: patch.homeDelivery ? 1 : 0 }),
    ...(patch.pickup === undefined ? {} : { pickup: patch.pickup ? 1 : 0 }),
    ...(patch.discount === undefined
      ? {}
      : { discount_kind: patch.discount?.kind ?? null, discount_value: patch.discount?.value ?? null }),
    ...(await postagePatch(settings, row, to, { homeDelivery, pickup })),
    ...settledPatch(from, to),
    ...billedBefore,
  });
  // The number taken before the write goes back with the transaction: no gap.
  if (!updated && billedBefore) throw new StatusRaceError();
  if (!updated) return false;
  if (freezesLinePrices(from, to)) await freezeBeadLinePrices(trx, [id]);
  if (from !== 'active' && to === 'active') await unfreezeBeadLinePrices(trx, id);
  if (billedBefore) recordBilled(trx, id, billedBefore.number);
  else if (bills) await billOrder(trx, id, new Date(), row, await settings());
  if (from !== 'active' && to === 'active') await voidBill(trx, id);
  // The order's history: what it was and what it became.
  if (to !== from) await recordOrderChange(trx, { kind: 'status', orderId: id, from, to });
  const wasHome = Boolean(row.home_delivery);
  if (patch.homeDelivery !== undefined && patch.homeDelivery !== wasHome)
    await recordOrderChange(trx, {
      kind: 'home_delivery',
      orderId: id,
      from: wasHome,
      to: patch.homeDelivery,
    });
  const changedMoney =
    (patch.pickup !== undefined && patch.pickup !== Boolean(row.pickup)) || patch.discount !== undefined;
  if (changedMoney)
    recordChange(trx, { entity: 'order', id, action: 'update', data: { pickup, discount: patch.discount } });
  return { firstNumber: bills && row.number === null, settings: shopSettings && (await shopSettings) };
}

/**
 * A status change made by the money (a full payment, deleting or restoring it) in the caller's transaction, with
 * the same rules and history as the dropdown's. The caller has locked the order.
 */
export async function changeStatusInTransaction(trx: Db, id: string, status: OrderStatus): Promise<void> {
  if (!(await applyOrderPatch(trx, id, { status })))
    throw new Error(`Order ${id} changed while its status was set by a payment`);
}
