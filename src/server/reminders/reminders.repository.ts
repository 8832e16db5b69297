import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { Db } from '../db/database.ts';

/** An order waiting for payment, with when it started waiting and when its last reminder was copied. */
export type WaitingOrderRow = {
  id: string;
  waiting_since: string;
  reminder_copied_at: string | null;
};

/** Where a page of the list starts: after this order (the previous page's last). */
export type WaitingCursor = { waitingSince: string; id: string };

/**
 * Orders in Afventer betaling (status `invoiced`) of visible customers with when each entered it: its newest
 * status change into `invoiced` in its history (order_history, found by order_history_order_idx), else
 * the order's created_at. `status <> 'shipped'` repeats the partial index orders_open_idx's predicate, so
 * SQLite also reads the open orders only, never shipped history.
 */
function waitingOrders(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .select((eb) => [
      'orders.id as id',
      'orders.reminder_copied_at as reminder_copied_at',
      eb.fn
        .coalesce(
          eb
            .selectFrom('order_history')
            .select((inner) => inner.fn.max('order_history.at').as('at'))
            .whereRef('order_history.order_id', '=', 'orders.id')
            .where('order_history.kind', '=', 'status')
            .where('order_history.to_value', '=', 'invoiced'),
          eb.ref('orders.created_at'),
        )
        .as('waiting_since'),
    ])
    .where('orders.status', '=', 'invoiced')
    .where('orders.status', '<>', 'shipped')
    .where((eb) =>
      eb.or([eb('customers.name', 'is', null), eb('customers.name', '<>', HIDDEN_CUSTOMER_NAME)]),
    );
}

/**
 * The orders that entered Afventer betaling before `cutoff` (an ISO instant: ISO-8601 UTC texts compare as
 * strings on both engines), oldest first, at most `limit` after `after`.
 */
export async function listOrdersWaitingSince(
  db: Db,
  cutoff: string,
  limit: number,
  after: WaitingCursor | null,
): Promise<WaitingOrderRow[]> {
  const rows = await db
    .selectFrom(waitingOrders(db).as('w'))
    .select(['w.id', 'w.waiting_since', 'w.reminder_copied_at'])
    .where('w.waiting_since', '<', cutoff)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('w.waiting_since', '>', after!.waitingSince),
          eb.and([eb('w.waiting_since', '=', after!.waitingSince), eb('w.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('w.waiting_since')
    .orderBy('w.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    waiting_since: String(row.waiting_since),
    reminder_copied_at: row.reminder_copied_at,
  }));
}

/** How many orders entered Afventer betaling before `cutoff`. */
export async function countOrdersWaitingSince(db: Db, cutoff: string): Promise<number> {
  const row = await db
    .selectFrom(waitingOrders(db).as('w'))
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('w.waiting_since', '<', cutoff)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The order's status, or undefined when there is no such order. */
export async function findOrderStatus(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** Sets when a reminder was last copied, only while the order is in Afventer betaling; false otherwise. */
export async function setReminderCopiedAt(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ reminder_copied_at: at })
    .where('id', '=', id)
    .where('status', '=', 'invoiced')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
