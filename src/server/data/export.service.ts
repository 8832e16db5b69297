import { copenhagenParts, nowIso } from '../../shared/domain/dates.ts';
import { formatKrInput } from '../../shared/domain/money.ts';
import { isOrderStatus, orderStatusLabel } from '../../shared/domain/order-status.ts';
import { isSaleType } from '../../shared/domain/sale-type.ts';
import { isStockKind } from '../../shared/domain/stock.ts';
import {
  type DataTable,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
} from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import { allStockMovements } from '../beads/stock.service.ts';
import type { Db } from '../db/database.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { type CsvCell, toCsv } from './csv.ts';
import {
  countRowsOfShopTables,
  selectAllBeads,
  selectAllCustomers,
  selectAllOrderLines,
  selectAllOrders,
  selectAllTodos,
} from './data.repository.ts';

/** How many customers, beads, todos, orders and lines the shop holds (the seed scripts fill only an empty shop). */
export function countShopRows(db: Db): Promise<number> {
  return countRowsOfShopTables(db);
}

/**
 * Everything the shop holds, in our own versioned format (`naalepuden-export`, version 2): the shop's
 * settings and its five tables. Accounts and sessions are not part of it: an export can be shared without
 * sharing passwords.
 */
export async function buildExport(db: Db, clock: () => Date = () => new Date()): Promise<ExportFile> {
  // One snapshot (repeatable read on PostgreSQL; a SQLite transaction always reads one), so that lines
  // never point at an order the export does not hold.
  const [settings, customers, beads, todos, orders, orderLines, movements] = await db
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
      ]),
    );
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
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** '2026-11-22 14:05' in Copenhagen time: Danish Excel reads it as a date and time. */
function csvDate(iso: string): string {
  const p = copenhagenParts(iso);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

const csvKr = (ore: number | null): CsvCell => (ore === null ? null : formatKrInput(ore));
const csvBool = (value: boolean): string => (value ? texts.common.yes : texts.common.no);

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
        [h.id, h.customerId, h.customer, h.createdAt, h.status, h.homeDelivery, h.postage],
        file.orders.map((o) => [
          o.id,
          o.customerId,
          nameOf(customerName, o.customerId),
          csvDate(o.createdAt),
          orderStatusLabel(o.status),
          csvBool(o.homeDelivery),
          // Frozen when the order left Aktiv; an active order's follows the settings (empty here).
          csvKr(o.postageOre),
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
  }
}
