/**
 * Pakning (docs/decisions/0008-packing.md): the orders in Skal pakkes oldest first, a page at a
 * time, priced by the orders service like everywhere else; the pick list over all of them, summed in SQL; a
 * tick per line, kept on the server and recorded in the change log so the other device updates live.
 */
import { addressLines, DENMARK } from '../../shared/domain/address.ts';
import { compareDanish } from '../../shared/domain/collation.ts';
import { nowIso } from '../../shared/domain/dates.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import {
  type LinePacked,
  PACKING_PAGE_SIZE,
  type PackingPage,
  type PickList,
  type PickListItem,
} from '../../shared/schemas/api-packing.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflictError, invalidError, notFoundError } from '../errors.ts';
import { listOrdersPricedByIds } from '../orders/orders.service.ts';
import {
  countPaidOrders,
  findLineOfOrder,
  listPackedLines,
  listPaidOrders,
  orderExists,
  type PageKey,
  type PaidOrderRow,
  type PickRow,
  pickListBeadRows,
  pickListFreeRows,
  updateLinePacked,
} from './packing.repository.ts';

/** The cursor is the last order's key, as base64url JSON: opaque to the client, checked when it comes back. */
function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');
}

function decodeCursor(cursor: string): PageKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw invalidError(apiErrors.packingBadCursor);
}

/** The customer's address as the card shows it: the label's lines, one under the other (null: none known). */
function packingAddress(row: PaidOrderRow): string | null {
  const lines = addressLines({
    address: row.address,
    address2: row.address2,
    postcode: row.postcode,
    city: row.city,
    countryCode: row.country_code ?? DENMARK,
    needsCheck: Boolean(row.address_needs_check),
  });
  return lines.length === 0 ? null : lines.join('\n');
}

/** One page of the orders to pack, oldest first, with contact details and ticked lines. */
export async function listOrdersToPack(
  db: Db,
  options: { after?: string; limit?: number } = {},
): Promise<PackingPage> {
  const after = options.after === undefined ? null : decodeCursor(options.after);
  const limit = options.limit ?? PACKING_PAGE_SIZE;
  // One more than asked tells whether another page follows.
  const [rows, total] = await Promise.all([listPaidOrders(db, after, limit + 1), countPaidOrders(db)]);
  const page = rows.slice(0, limit);
  const ids = page.map((row) => row.id);
  const [orders, packed] = await Promise.all([listOrdersPricedByIds(db, ids), listPackedLines(db, ids)]);
  const contactOf = new Map(page.map((row) => [row.id, row]));
  const packedOf = new Map<string, string[]>();
  for (const line of packed) {
    const list = packedOf.get(line.order_id);
    if (list) list.push(line.id);
    else packedOf.set(line.order_id, [line.id]);
  }
  const last = page.at(-1);
  return {
    orders: orders.map((order) => {
      const contact = contactOf.get(order.id);
      return {
        ...order,
        phone: contact?.phone ?? null,
        email: contact?.email ?? null,
        address: contact ? packingAddress(contact) : null,
        packedLineIds: packedOf.get(order.id) ?? [],
      };
    }),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    total,
  };
}

/** Folds the per-customer rows into items: units summed by the database, customers by name. */
function toItems(rows: readonly PickRow[], beadId: (row: PickRow) => string | null): PickListItem[] {
  const items = new Map<string, PickListItem>();
  for (const row of rows) {
    let item = items.get(row.item_key);
    if (!item) {
      item = { beadId: beadId(row), name: row.name, units: Number(row.item_units), customers: [] };
      items.set(row.item_key, item);
    }
    item.customers.push({
      customerId: row.customer_id,
      customerName: row.customer_name,
      units: Number(row.units),
    });
  }
  const list = [...items.values()];
  for (const item of list) {
    item.customers.sort(
      (a, b) =>
        compareDanish(a.customerName ?? '', b.customerName ?? '') ||
        ((a.customerId ?? '') < (b.customerId ?? '') ? -1 : 1),
    );
  }
  // Danish collation in code: the two engines collate text differently.
  return list.sort((a, b) => compareDanish(a.name, b.name) || (a.beadId ?? '').localeCompare(b.beadId ?? ''));
}

/** The beads (and free lines) of every order to pack, summed per bead, with who waits for them. */
export async function getPickList(db: Db): Promise<PickList> {
  const [beadRows, freeRows, orderCount] = await Promise.all([
    pickListBeadRows(db),
    pickListFreeRows(db),
    countPaidOrders(db),
  ]);
  return {
    beads: toItems(beadRows, (row) => row.item_key),
    freeLines: toItems(freeRows, () => null),
    orderCount,
  };
}

/**
 * Ticks or unticks a line of an order in Skal pakkes. Absolute, so a repeat writes nothing and records
 * nothing (and a tick keeps its first time). Unknown order or line → 404; an order in another status → 409.
 */
export async function setLinePacked(
  db: Db,
  orderId: string,
  lineId: string,
  packed: boolean,
): Promise<LinePacked> {
  return inTransaction(db, async (trx) => {
    const line = await findLineOfOrder(trx, orderId, lineId);
    if (!line) {
      if (!(await orderExists(trx, orderId))) throw notFoundError(apiErrors.orderNotFound);
      throw notFoundError(apiErrors.orderLineNotFound);
    }
    if (line.status !== 'paid') throw conflictError(apiErrors.packingOrderNotPaid);
    if ((line.packed_at !== null) === packed) return { orderId, lineId, packed, packedAt: line.packed_at };
    const packedAt = packed ? nowIso() : null;
    // The update checks the status again: a status change in between makes it write nothing (409), and so
    // does the same tick from the other device a moment earlier (its state is the answer).
    if (!(await updateLinePacked(trx, orderId, lineId, packedAt))) {
      const now = await findLineOfOrder(trx, orderId, lineId);
      if (now?.status !== 'paid') throw conflictError(apiErrors.packingOrderNotPaid);
      return { orderId, lineId, packed: now.packed_at !== null, packedAt: now.packed_at };
    }
    recordChange(trx, { entity: 'order', id: orderId, action: 'line_packed', data: { lineId, packed } });
    return { orderId, lineId, packed, packedAt };
  });
}
