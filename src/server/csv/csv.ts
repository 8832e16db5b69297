/**
 * CSV the way Danish Excel opens it with æøå intact: UTF-8 with a byte order mark, ';' between cells,
 * CRLF between rows, and cells quoted (with doubled quotes) when they hold ';', '"', a line break or
 * leading/trailing spaces. Text that Excel would run as a formula (=, +, -, @) gets a leading apostrophe; a negative
 * amount ('-12,50') stays a number.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount as the export writes it ('-12,50'): a number to Excel, never a formula. */
const NEGATIVE_AMOUNT = /^-\d+(,\d{1,2})?$/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NEGATIVE_AMOUNT.test(text)) text = `'${text}`;
  if (/[";\r\n]/.test(text) || text !== text.trim()) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

export function toCsv(headers: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
