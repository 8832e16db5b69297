/**
 * Betalingspåmindelser: the orders that have waited in Afventer betaling longer than the shop's
 * setting, oldest first, with the amount they owe; and when the owner last copied a reminder for one.
 *
 * An order waits from its newest status change into Afventer betaling (the change log; orders that got there
 * before the log, or by an import, from their start). The column reminder_copied_at is never reset: a reminder
 * copied before the order's current wait began belongs to an earlier wait and is not shown (decision 0009).
 */
import { REMINDERS_PAGE } from '../../shared/domain/limits.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type {
  PaymentReminderList,
  ReminderCopied,
  ReminderListQuery,
} from '../../shared/schemas/api-reminders.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, notFoundError } from '../errors.ts';
import { listOrdersPricedByIds } from '../orders/orders.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import {
  countOrdersWaitingSince,
  findOrderStatus,
  listOrdersWaitingSince,
  setReminderCopiedAt,
} from './reminders.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days (24 hours each) from `since` to `now`. */
export function daysBetween(since: string, now: Date): number {
  return Math.floor((now.getTime() - new Date(since).getTime()) / DAY_MS);
}

/** The instant before which an order must have started waiting to need a reminder `now`. */
export function reminderCutoff(reminderDays: number, now: Date): string {
  return new Date(now.getTime() - reminderDays * DAY_MS).toISOString();
}

/** One page of the orders that need a payment reminder, oldest wait first. */
export async function listPaymentReminders(
  db: Db,
  query: ReminderListQuery,
  now: Date = new Date(),
): Promise<PaymentReminderList> {
  const { reminderDays } = await getShopSettings(db);
  const cutoff = reminderCutoff(reminderDays, now);
  const limit = query.limit ?? REMINDERS_PAGE;
  const after =
    query.afterSince !== undefined && query.afterId !== undefined
      ? { waitingSince: query.afterSince, id: query.afterId }
      : null;
  // One more than the page: whether there is a next page, without a second query.
  const rows = await listOrdersWaitingSince(db, cutoff, limit + 1, after);
  const page = rows.slice(0, limit);
  const [orders, total] = await Promise.all([
    listOrdersPricedByIds(
      db,
      page.map((row) => row.id),
    ),
    countOrdersWaitingSince(db, cutoff),
  ]);
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const items = page.flatMap((row) => {
    const order = orderById.get(row.id);
    if (!order) return [];
    const copied = row.reminder_copied_at;
    return [
      {
        orderId: order.id,
        customerId: order.customerId,
        customerName: order.customerName,
        waitingSince: row.waiting_since,
        daysWaiting: daysBetween(row.waiting_since, now),
        amountOre: order.payment.owedOre,
        paidOre: order.payment.recordedOre,
        number: order.number,
        lastRemindedAt: copied !== null && copied >= row.waiting_since ? copied : null,
      },
    ];
  });
  const last = page.at(-1);
  return {
    reminderDays,
    total,
    items,
    next: rows.length > limit && last ? { afterSince: last.waiting_since, afterId: last.id } : null,
  };
}

/**
 * Keeps the time a reminder was copied for the order (after the copy succeeded on the device). Only for an
 * order in Afventer betaling: another status is refused (409), an unknown order 404.
 */
/** How far back a copy's own time is believed (a queued record is sent within the idempotency keys' week). */
const COPIED_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function markReminderCopied(
  db: Db,
  orderId: string,
  copiedAt?: string,
  clock: () => Date = () => new Date(),
): Promise<ReminderCopied> {
  return inTransaction(db, async (trx) => {
    const now = clock().getTime();
    const claimed = copiedAt === undefined ? now : Date.parse(copiedAt);
    const at = new Date(Math.min(now, Math.max(claimed, now - COPIED_AT_MAX_AGE_MS))).toISOString();
    if (!(await setReminderCopiedAt(trx, orderId, at))) {
      if ((await findOrderStatus(trx, orderId)) === undefined) throw notFoundError(apiErrors.orderNotFound);
      throw conflictError(apiErrors.orderNotInvoiced);
    }
    recordChange(trx, { entity: 'order', id: orderId, action: 'reminder_copied' });
    return { orderId, reminderCopiedAt: at };
  });
}
