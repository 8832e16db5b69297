import { copenhagenParts, nowIso } from '../../shared/domain/dates.ts';
import { formatKrInput } from '../../shared/domain/money.ts';
import { isOrderStatus, orderStatusLabel } from '../../shared/domain/order-status.ts';
import { isPaymentMethod } from '../../shared/domain/payments.ts';
import { isSaleType } from '../../shared/domain/sale-type.ts';
import { isStockKind } from '../../shared/domain/stock.ts';
import {
  type DataTable,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
} from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import { toCsv } from '../csv/csv.ts';
import type { Db } from '../db/database.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { allStockMovements } from '../stock/stock.service.ts';
import {
  selectAllBeads,
  selectAllCreditNoteLines,
  selectAllCreditNotes,
  selectAllCustomers,
  selectAllOrderLines,
  selectAllOrders,
  selectAllPayments,
  selectAllTodos,
} from './export.repository.ts';
import { csvBool, csvDate, csvDateOrNull, csvKr, csvOfMoney, pad2 } from './export-csv-money.ts';

/**
 * Everything the shop holds, in our own versioned format (`naalepuden-export`, version 4): the shop's
 * settings, its tables and its money (every payment, deleted ones included, so that a restore is exact).
 * Accounts and sessions are not part of it: an export can be shared without sharing passwords. The orders'
 * history and the change log are not either: they are the app's record of what she did, not her shop.
 */
export async function buildExport(db: Db, clock: () => Date = () => new Date()): Promise<ExportFile> {
  // One snapshot (repeatable read on PostgreSQL; a SQLite transaction always reads one), so that lines
  // never point at an order the export does not hold.
  const [settings, customers, beads, todos, orders, orderLines, movements, notes, noteLines, payments] =
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) =>
        Promise.all([
          getShopSettings(trx),
          selectAllCustomers(trx),
          selectAllBeads(trx),
          selectAllTodos(trx),
          selectAllOrders(trx),
          selectAllOrderLines(trx),
          allStockMovements(trx),
          selectAllCreditNotes(trx),
          selectAllCreditNoteLines(trx),
          selectAllPayments(trx),
        ]),
      );
  const linesOf = new Map<string, typeof noteLines>();
  for (const line of noteLines) {
    const list = linesOf.get(line.credit_note_id);
    if (list) list.push(line);
    else linesOf.set(line.credit_note_id, [line]);
  }
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: nowIso(clock),
    shopSettings: {
      shopName: settings.shopName,
      postageOre: settings.postageOre,
      postageHomeOre: settings.postageHomeOre,
      mobilePayNumber: settings.mobilePayNumber,
      mobilePayBox: settings.mobilePayBox,
      bankReg: settings.bankReg,
      bankAccount: settings.bankAccount,
      billGreeting: settings.billGreeting,
      billClosing: settings.billClosing,
      reminderDays: settings.reminderDays,
      lowStockThreshold: settings.lowStockThreshold,
      address: settings.address,
      cvr: settings.cvr,
      vatRegistered: settings.vatRegistered,
    },
    customers: customers.map((c) => ({
      id: c.id,
      name: c.name,
      createdAt: c.created_at,
      phone: c.phone,
      email: c.email,
      address: c.address,
      address2: c.address2,
      postcode: c.postcode,
      city: c.city,
      countryCode: c.country_code,
      addressNeedsCheck: Boolean(c.address_needs_check),
      archivedAt: c.archived_at,
    })),
    beads: beads.map((b) => ({
      id: b.id,
      name: b.name,
      priceOre: b.price_ore,
      saleType: isSaleType(b.sale_type) ? b.sale_type : null,
      isDeleted: Boolean(b.is_deleted),
      createdAt: b.created_at,
    })),
    todos: todos.map((t) => ({
      id: t.id,
      beadId: t.bead_id,
      customerId: t.customer_id,
      amount: t.amount,
      createdAt: t.created_at,
    })),
    orders: orders.map((o) => {
      if (!isOrderStatus(o.status)) throw new Error(`Unknown order status in the database: ${o.status}`);
      return {
        id: o.id,
        customerId: o.customer_id,
        createdAt: o.created_at,
        status: o.status,
        homeDelivery: Boolean(o.home_delivery),
        postageOre: o.postage_ore === null ? null : Number(o.postage_ore),
        number: o.number,
        billedAt: o.billed_at,
        billVoid: Boolean(o.bill_void),
        vatRegistered: Boolean(o.vat_registered),
        settledAt: o.settled_at,
        pickup: Boolean(o.pickup),
        discount:
          o.discount_kind === null || o.discount_value === null
            ? null
            : { kind: o.discount_kind, value: Number(o.discount_value) },
      };
    }),
    orderLines: orderLines.map((l) => ({
      id: l.id,
      orderId: l.order_id,
      beadId: l.bead_id,
      text: l.text,
      priceOre: l.price_ore,
      saleType: isSaleType(l.sale_type) ? l.sale_type : null,
      addedAt: l.added_at,
    })),
    stockMovements: movements.map((m) => {
      if (!isStockKind(m.kind)) throw new Error(`Unknown stock movement in the database: ${m.kind}`);
      return {
        id: m.id,
        beadId: m.bead_id,
        kind: m.kind,
        quantity: m.quantity,
        at: m.at,
        recordedAt: m.recorded_at,
        reason: m.reason,
        orderId: m.order_id,
        customerId: m.customer_id,
        deliveryId: m.delivery_id,
      };
    }),
    creditNotes: notes.map((n) => ({
      id: n.id,
      orderId: n.order_id,
      number: n.number,
      createdAt: n.created_at,
      goodsOre: Number(n.goods_ore),
      postageOre: Number(n.postage_ore),
      discountOre: Number(n.discount_ore),
      totalOre: Number(n.total_ore),
      vatOre: Number(n.vat_ore),
      lines: (linesOf.get(n.id) ?? []).map((line) => ({
        orderLineId: line.order_line_id,
        position: Number(line.position),
        text: line.text,
        priceOre: Number(line.price_ore),
      })),
    })),
    payments: payments.map((p) => {
      if (!isPaymentMethod(p.method)) throw new Error(`Unknown payment method in the database: ${p.method}`);
      return {
        id: p.id,
        orderId: p.order_id,
        creditNoteId: p.credit_note_id,
        amountOre: Number(p.amount_ore),
        method: p.method,
        paidOn: p.paid_on,
        recordedAt: p.recorded_at,
        deletedAt: p.deleted_at,
        movedStatus: Boolean(p.moved_status),
      };
    }),
  };
}

/** The export's date in Copenhagen, for file names: '2026-11-22'. */
export function exportDateStamp(clock: () => Date = () => new Date()): string {
  const p = copenhagenParts(clock());
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** File name of one table's CSV, e.g. 'naalepuden-kunder-2026-11-22.csv' (Danish, like the spreadsheet). */
export function csvFileName(table: DataTable, stamp?: string): string {
  const base = texts.data.tables[table].file;
  return stamp ? `naalepuden-${base}-${stamp}.csv` : `${base}.csv`;
}

/** One table as CSV for Excel: Danish headings, kr with decimal comma, Copenhagen time, names beside ids. */
export function csvOfTable(file: ExportFile, table: DataTable): string {
  const h = texts.data.csvHeaders;
  const customerName = new Map(file.customers.map((c) => [c.id, c.name]));
  const beadName = new Map(file.beads.map((b) => [b.id, b.name]));
  const nameOf = (map: Map<string, string>, id: string | null) =>
    id === null ? null : (map.get(id) ?? null);
  switch (table) {
    case 'customers':
      return toCsv(
        [
          h.id,
          h.name,
          h.phone,
          h.email,
          h.address,
          h.address2,
          h.postcode,
          h.city,
          h.country,
          h.addressNeedsCheck,
          h.createdAt,
          h.archivedAt,
        ],
        file.customers.map((c) => [
          c.id,
          c.name,
          c.phone,
          c.email,
          c.address,
          c.address2,
          c.postcode,
          c.city,
          c.countryCode,
          csvBool(c.addressNeedsCheck),
          csvDate(c.createdAt),
          c.archivedAt === null ? null : csvDate(c.archivedAt),
        ]),
      );
    case 'beads':
      return toCsv(
        [h.id, h.name, h.price, h.saleType, h.isDeleted, h.createdAt],
        file.beads.map((b) => [
          b.id,
          b.name,
          csvKr(b.priceOre),
          b.saleType,
          csvBool(b.isDeleted),
          csvDate(b.createdAt),
        ]),
      );
    case 'todos':
      return toCsv(
        [h.id, h.beadId, h.bead, h.customerId, h.customer, h.amount, h.createdAt],
        file.todos.map((t) => [
          t.id,
          t.beadId,
          nameOf(beadName, t.beadId),
          t.customerId,
          nameOf(customerName, t.customerId),
          t.amount,
          csvDate(t.createdAt),
        ]),
      );
    case 'orders':
      return toCsv(
        [
          h.id,
          h.customerId,
          h.customer,
          h.createdAt,
          h.status,
          h.homeDelivery,
          h.postage,
          h.number,
          h.billedAt,
          h.billVoid,
          h.vatRegistered,
          h.settledAt,
          h.pickup,
          h.discount,
        ],
        file.orders.map((o) => [
          o.id,
          o.customerId,
          nameOf(customerName, o.customerId),
          csvDate(o.createdAt),
          orderStatusLabel(o.status),
          csvBool(o.homeDelivery),
          // Frozen when the order left Aktiv; an active order's follows the settings (empty here).
          csvKr(o.postageOre),
          o.number,
          csvDateOrNull(o.billedAt),
          csvBool(o.billVoid),
          csvBool(o.vatRegistered),
          csvDateOrNull(o.settledAt),
          csvBool(o.pickup),
          o.discount === null
            ? null
            : o.discount.kind === 'pct'
              ? `${o.discount.value} %`
              : `${formatKrInput(o.discount.value)} kr`,
        ]),
      );
    case 'orderLines':
      return toCsv(
        [h.id, h.orderId, h.beadId, h.bead, h.text, h.price, h.saleType, h.addedAt],
        file.orderLines.map((l) => [
          l.id,
          l.orderId,
          l.beadId,
          nameOf(beadName, l.beadId),
          l.text,
          csvKr(l.priceOre),
          l.saleType,
          csvDate(l.addedAt),
        ]),
      );
    case 'stockMovements':
      return toCsv(
        [h.id, h.beadId, h.bead, h.kind, h.amount, h.at, h.reason, h.orderId, h.customerId],
        file.stockMovements.map((m) => [
          m.id,
          m.beadId,
          nameOf(beadName, m.beadId),
          texts.stock.kinds[m.kind],
          m.quantity,
          csvDate(m.at),
          m.reason,
          m.orderId,
          m.customerId,
        ]),
      );
    case 'creditNotes':
    case 'payments':
      return csvOfMoney(file, table);
  }
}
