/**
 * The shipping file: one row per order, in the columns a Danish shipping service imports (Shipmondo's
 * receiver: name, address1, address2, zipcode, city, country_code, email, mobile) with the order's short id as
 * `reference`. UTF-8 with a byte order mark, ';' between cells, CRLF between rows, quoted where needed, like the
 * shop's other CSV files (csv/csv.ts).
 */
import { DENMARK, type PostalAddress } from '../../shared/domain/address.ts';
import { CSV_BOM, CSV_SEPARATOR, csvCell } from '../csv/csv.ts';

export const SHIPPING_CSV_HEADER = [
  'name',
  'attention',
  'address1',
  'address2',
  'zipcode',
  'city',
  'country_code',
  'email',
  'mobile',
  'reference',
] as const;

export type ShippingRow = {
  name: string;
  address: PostalAddress;
  email: string | null;
  phone: string | null;
  reference: string;
};

/**
 * A phone number as a shipping service reads it: digits only, '+' kept in front of an international number, and
 * a Danish number without +45 (its country is in country_code). Never starts with '=', so it needs no guard.
 */
export function mobileNumber(phone: string | null, countryCode: string): string {
  if (!phone) return '';
  let international = phone.trim().startsWith('+');
  let digits = phone.replace(/[^0-9]/g, '');
  if (!international && digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }
  if (countryCode === DENMARK && international && /^45[0-9]{8}$/.test(digits)) return digits.slice(2);
  return international ? `+${digits}` : digits;
}

export function shippingCsv(rows: readonly ShippingRow[]): string {
  const lines = [
    SHIPPING_CSV_HEADER.join(CSV_SEPARATOR),
    ...rows.map((row) =>
      [
        csvCell(row.name),
        '',
        csvCell(row.address.address),
        csvCell(row.address.address2),
        csvCell(row.address.postcode),
        csvCell(row.address.city),
        csvCell(row.address.countryCode),
        csvCell(row.email),
        mobileNumber(row.phone, row.address.countryCode),
        csvCell(row.reference),
      ].join(CSV_SEPARATOR),
    ),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
