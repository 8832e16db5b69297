/**
 * Danish number formatting built by hand, so output never depends on the ICU data
 * shipped with a given Node or browser (dot as thousands separator, comma as decimal mark).
 */

/** Groups the digits of a non-negative integer string in threes with dots: '1234567' → '1.234.567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Formats an integer with Danish thousands separators: 1234 → '1.234', -1234567 → '-1.234.567'.
 * Non-integers are rounded half away from zero first; non-finite numbers throw, because
 * a 'NaN' on screen would hide a bug.
 */
export function formatInteger(value: number): string {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Cannot format a non-finite number: ${value}`);
  }
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(rounded)))}`;
}
