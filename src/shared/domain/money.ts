/**
 * Money is integer øre everywhere (database, API, domain). These helpers convert to and
 * from kroner and format amounts in Danish: '1.234 kr', '12,50 kr'.
 */
import { MAX_PRICE_ORE as LIMIT_MAX_PRICE_ORE } from './limits.ts';
import { formatInteger } from './number-format.ts';

/** Øre per krone. */
export const ORE_PER_KR = 100;
/** Price of one full '2 for 125' pair: 125 kr. */
export const OFFER_PAIR_PRICE_ORE = 12500;
/** Price a bead gets by default when the '2 for 125' offer is picked in a form: 75 kr. */
export const OFFER_DEFAULT_PRICE_ORE = 7500;
/**
 * Largest price a bead or free line may have (100.000 kr; the number lives in limits.ts). Far below
 * Number.MAX_SAFE_INTEGER, so sums of many lines stay exact.
 */
export const MAX_PRICE_ORE = LIMIT_MAX_PRICE_ORE;

function assertFinite(value: number): void {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
}

/** Rounds half away from zero and turns -0 into 0, so '-0 kr' can never be shown. */
function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/**
 * Converts kroner to whole øre, rounding half away from zero.
 * `toPrecision(15)` first removes binary noise (1.005 * 100 is 100.49999999999999 in floating point).
 */
export function krToOre(kr: number): number {
  assertFinite(kr);
  return roundHalfAwayFromZero(Number((kr * ORE_PER_KR).toPrecision(15)));
}

/**
 * Formats øre as a Danish number of kroner without the unit: 123400 → '1.234', 1250 → '12,50'.
 * Decimals appear only when the amount is not whole kroner.
 */
export function formatKrNumber(ore: number): string {
  assertFinite(ore);
  const whole = roundHalfAwayFromZero(ore);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const kr = Math.floor(abs / ORE_PER_KR);
  const rest = abs % ORE_PER_KR;
  const decimals = rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${sign}${formatInteger(kr)}${decimals}`;
}

/** Formats øre as Danish kroner with the unit: 123400 → '1.234 kr', 1250 → '12,50 kr', -500 → '-5 kr'. */
export function formatKr(ore: number): string {
  return `${formatKrNumber(ore)} kr`;
}

/**
 * Formats øre for a price input field: no thousands separator (so the user can edit it),
 * comma decimals only when needed: 123400 → '1234', 1250 → '12,50'.
 */
export function formatKrInput(ore: number): string {
  return formatKrNumber(ore).replaceAll('.', '');
}

/**
 * Parses a kroner amount typed by a person into øre, or returns null when it is not a
 * well-formed amount. Accepts '45', '12,50', '12.50', '1.234', '1.234,50', ' 7,5 ', an
 * optional 'kr' suffix and a leading minus. At most two decimals, so no øre are invented
 * or lost silently.
 *
 * A dot is a thousands separator when the text looks like Danish grouping ('1.234',
 * '12.345.678') or when a comma is also present; otherwise it is a decimal mark ('12.50'),
 * because number inputs and non-Danish keyboards produce that.
 */
export function parseKr(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\s*kr\.?$/i, '')
    .replace(/[\s\u00a0]/g, '');
  const match = /^(-?)(.+)$/.exec(cleaned);
  if (!match) return null;
  const [, sign, body = ''] = match;
  const normalized = toPlainDecimal(body);
  if (normalized === null) return null;
  const ore = krToOre(Number(normalized));
  return sign === '-' && ore !== 0 ? -ore : ore;
}

/** Turns a Danish or plain amount body (no sign) into '1234.5' form, or null. */
function toPlainDecimal(body: string): string | null {
  const danishGrouped = /^[1-9]\d{0,2}(\.\d{3})+(,\d{1,2})?$/;
  const commaDecimal = /^\d+(,\d{1,2})?$/;
  const dotDecimal = /^\d+(\.\d{1,2})?$/;
  if (danishGrouped.test(body)) return body.replaceAll('.', '').replace(',', '.');
  if (commaDecimal.test(body)) return body.replace(',', '.');
  if (dotDecimal.test(body)) return body;
  return null;
}
