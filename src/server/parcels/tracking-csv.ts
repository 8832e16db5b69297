/**
 * The shipping service's export read for Pakkenumre (docs/product/messages.md#texts-that-go-out): the column
 * `reference` holds what our shipping file wrote there (the order's short id, shipping-csv.ts), and the Pakkenummer
 * is in the column that names it. Headers are compared in lower case without spaces, dashes or underscores:
 *   - the reference: 'reference' (also 'Reference', 'order_reference', 'Reference number', 'ref');
 *   - the Pakkenummer: 'tracking…' ('Tracking number', 'tracking_code'), 'pakkenummer', 'stregkode', 'barcode',
 *     'trackandtrace', 'shipmentnumber' or 'kollinummer'.
 */

import { MAX_TRACKING_CSV_ROWS } from '../../shared/domain/limits.ts';
import { cleanTrackingNumber, isTrackingNumber } from '../../shared/domain/outgoing-texts.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { texts } from '../../shared/texts.ts';
import { readCsv } from '../csv/csv-read.ts';
import { invalidError } from '../errors.ts';

const e = texts.outgoing.errors;

const headerKey = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');

const isReferenceHeader = (key: string) =>
  key === 'reference' || key === 'ref' || key === 'referencenumber' || key === 'orderreference';

const isTrackingHeader = (key: string) =>
  key.startsWith('tracking') ||
  ['pakkenummer', 'stregkode', 'barcode', 'trackandtrace', 'shipmentnumber', 'kollinummer'].includes(key);

export type TrackingRow = { reference: string; trackingNumber: string };

/**
 * Each row's reference and Pakkenummer (cleaned: no spaces, capitals); rows without either are left out. A file
 * without the columns, too long, or with a Pakkenummer that is not one, is refused (400) naming the row, so
 * nothing is half read.
 */
export function readTrackingCsv(csv: string): TrackingRow[] {
  const [header = [], ...rows] = readCsv(csv);
  const keys = header.map(headerKey);
  const referenceAt = keys.findIndex(isReferenceHeader);
  if (referenceAt < 0) throw invalidError({ ...apiErrors.trackingCsvInvalid, message: e.csvNoReference });
  const trackingAt = keys.findIndex(isTrackingHeader);
  if (trackingAt < 0) throw invalidError({ ...apiErrors.trackingCsvInvalid, message: e.csvNoTracking });
  if (rows.length > MAX_TRACKING_CSV_ROWS)
    throw invalidError({ ...apiErrors.trackingCsvInvalid, message: e.csvTooLarge });
  const read: TrackingRow[] = [];
  rows.forEach((cells, index) => {
    const reference = (cells[referenceAt] ?? '').trim();
    const trackingNumber = cleanTrackingNumber(cells[trackingAt] ?? '');
    if (reference === '' || trackingNumber === null) return;
    if (!isTrackingNumber(trackingNumber)) {
      // Row 1 is the header, as a spreadsheet numbers them.
      const why = /^[A-Z0-9-]+$/.test(trackingNumber) ? e.trackingTooLong : e.trackingInvalid;
      throw invalidError({ ...apiErrors.trackingCsvInvalid, message: e.csvRow(index + 2, why) });
    }
    read.push({ reference, trackingNumber });
  });
  return read;
}
