/**
 * Parcels (docs/decisions/0017-parcels-and-labels.md): a composition above orders and customers. The
 * orders of one status with each customer's label lines; the ticked ones as labels (PDF) or as the shipping file
 * (CSV). Only an address that can be printed ('ok') gets a label or a row: 'Tjek adressen' and 'mangler adresse'
 * are listed, never printed. 'Markér som sendt' and its undo are the orders service's (order-shipment.service.ts).
 */
import { addressState, DENMARK, labelLines, type PostalAddress } from '../../shared/domain/address.ts';
import { compareDanish } from '../../shared/domain/collation.ts';
import { type LabelSheetId, labelSheet } from '../../shared/domain/label-sheets.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import { shippingOre } from '../../shared/domain/pricing.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { LabelsQuery, Parcel, ParcelList, ParcelStatus } from '../../shared/schemas/api-parcels.ts';
import type { TrackingCsvResult } from '../../shared/schemas/outgoing.ts';
import { texts } from '../../shared/texts.ts';
import type { Db } from '../db/database.ts';
import { conflictError } from '../errors.ts';
import { setTrackingNumbers, trackingCandidates } from '../orders/order-tracking.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { labelPdf, testSheetPdf } from './label-pdf.ts';
import { listParcelRowsByIds, listParcelRowsInStatus, type ParcelRow } from './parcels.repository.ts';
import { type ShippingRow, shippingCsv } from './shipping-csv.ts';
import { readTrackingCsv } from './tracking-csv.ts';

/** The order's short id: its first 8 letters and digits (the shipping file's `reference`). */
export function orderReference(orderId: string): string {
  return orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
}

type Read = { parcel: Parcel; address: PostalAddress; email: string | null; phone: string | null };

function addressOf(row: ParcelRow): PostalAddress {
  return {
    address: row.address,
    address2: row.address2,
    postcode: row.postcode,
    city: row.city,
    countryCode: row.country_code ?? DENMARK,
    needsCheck: Boolean(row.address_needs_check),
  };
}

async function read(db: Db, rows: readonly ParcelRow[]): Promise<Read[]> {
  const settings = rows.some((row) => row.postage_ore === null) ? await getShopSettings(db) : null;
  const postage = (row: ParcelRow): number =>
    row.postage_ore ??
    (settings
      ? shippingOre({ homeDelivery: Boolean(row.home_delivery), pickup: Boolean(row.pickup) }, settings)
      : 0);
  const list = rows.map((row): Read => {
    const address = addressOf(row);
    const known = row.customer_id !== null && row.customer_name !== null;
    const customerName = row.customer_name ?? texts.customers.unknownCustomer;
    return {
      address,
      email: row.email,
      phone: row.phone,
      parcel: {
        orderId: row.id,
        reference: orderReference(row.id),
        customerId: known ? row.customer_id : null,
        customerName,
        createdAt: row.created_at,
        status: row.status as OrderStatus,
        homeDelivery: Boolean(row.home_delivery),
        pickup: Boolean(row.pickup),
        number: row.number,
        postageOre: Number(postage(row)),
        addressState: known ? addressState(address) : 'missing',
        lines: labelLines(customerName, address),
      },
    };
  });
  // Danish order by name (the engines collate differently), then the oldest order first.
  return list.sort(
    (a, b) =>
      compareDanish(a.parcel.customerName, b.parcel.customerName) ||
      a.parcel.createdAt.localeCompare(b.parcel.createdAt) ||
      a.parcel.orderId.localeCompare(b.parcel.orderId),
  );
}

/** The orders in Skal pakkes or Skal sendes, by customer, each with its label lines and whether they print. */
export async function listParcels(db: Db, status: ParcelStatus): Promise<ParcelList> {
  const parcels = (await read(db, await listParcelRowsInStatus(db, status))).map((entry) => entry.parcel);
  return { status, parcels };
}

/**
 * The chosen orders whose address can be printed, in the list's order; refused (409) when none can. An order
 * the customer picks up in the shop ('Afhentning') is sent by no one and gets no label.
 */
async function printable(db: Db, orderIds: readonly string[]): Promise<Read[]> {
  const ready = (await read(db, await listParcelRowsByIds(db, orderIds))).filter(
    (entry) => entry.parcel.addressState === 'ok' && !entry.parcel.pickup,
  );
  if (ready.length === 0) throw conflictError(apiErrors.parcelsNoLabels);
  return ready;
}

/** The labels of the chosen orders as a PDF on the chosen sheet. */
export async function getLabelsPdf(db: Db, query: LabelsQuery): Promise<Buffer> {
  const ready = await printable(db, query.orders);
  return labelPdf({
    sheet: labelSheet(query.sheet),
    skip: query.skip,
    offset: { rightMm: query.right, downMm: query.down },
    labels: ready.map((entry) => entry.parcel.lines),
  });
}

/** 'Prøveark': every label's outline on the chosen sheet, moved by the offset. */
export function getTestSheetPdf(query: {
  sheet: LabelSheetId;
  right: number;
  down: number;
}): Promise<Buffer> {
  return testSheetPdf({
    sheet: labelSheet(query.sheet),
    offset: { rightMm: query.right, downMm: query.down },
  });
}

/** The chosen orders as the shipping service's CSV. */
export async function getShippingCsv(db: Db, orderIds: readonly string[]): Promise<string> {
  const rows: ShippingRow[] = (await printable(db, orderIds)).map((entry) => ({
    name: entry.parcel.customerName,
    address: entry.address,
    email: entry.email,
    phone: entry.phone,
    reference: entry.parcel.reference,
  }));
  return shippingCsv(rows);
}

/**
 * The shipping service's export (docs/product/messages.md#texts-that-go-out): each row's Pakkenummer goes on the
 * order whose short id is its reference, when that order is paid, packed or shipped; all in one transaction. A
 * reference that fits no such order (or two of them) is named in `unknown` and changes nothing.
 */
export async function importTrackingNumbers(db: Db, csv: string): Promise<TrackingCsvResult> {
  const rows = readTrackingCsv(csv);
  const wanted = new Map(rows.map((row) => [row.reference.toLowerCase(), row]));
  const candidates = await trackingCandidates(db, [...wanted.keys()]);
  const byReference = new Map<string, string[]>();
  for (const id of candidates) {
    const reference = orderReference(id).toLowerCase();
    if (wanted.has(reference)) byReference.set(reference, [...(byReference.get(reference) ?? []), id]);
  }
  const result: TrackingCsvResult = { updated: [], unknown: [] };
  for (const [key, row] of wanted) {
    const ids = byReference.get(key) ?? [];
    if (ids.length === 1 && ids[0])
      result.updated.push({ orderId: ids[0], reference: row.reference, trackingNumber: row.trackingNumber });
    else result.unknown.push(row.reference);
  }
  await setTrackingNumbers(
    db,
    result.updated.map(({ orderId, trackingNumber }) => ({ orderId, trackingNumber })),
  );
  return result;
}
