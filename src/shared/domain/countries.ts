/**
 * 'Land': ISO 3166-1 alpha-2 codes with their Danish names (countries.json), Denmark first and the
 * rest in Danish order for the form's list. A label names the country, in capitals, only when it is not
 * Denmark; the shipping CSV gives the code.
 */
import { compareDanish } from './collation.ts';
import data from './countries.json' with { type: 'json' };

const NAMES: Readonly<Record<string, string>> = data.countries;

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(NAMES, code);
}

/** The Danish name ('SE' → 'Sverige'); an unknown code is given back as it is. */
export function countryName(code: string): string {
  return NAMES[code] ?? code;
}

/** Every country for the form's list: Danmark first, then by Danish name. */
export const COUNTRY_OPTIONS: ReadonlyArray<{ code: string; name: string }> = Object.entries(NAMES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => (a.code === 'DK' ? -1 : b.code === 'DK' ? 1 : compareDanish(a.name, b.name)));
