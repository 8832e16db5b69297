/** Danish count labels: '1 kunde', '2 kunder', '0 kunder', '1.234 todos'. */
import { formatInteger } from './number-format.ts';

/** The singular form for exactly one (also -1), the plural form otherwise, as Danish does ('0 kunder'). */
export function pluralize(n: number, singular: string, plural: string): string {
  return Math.abs(n) === 1 ? singular : plural;
}

/** Count plus noun: countLabel(2, 'kunde', 'kunder') → '2 kunder'. Counts use Danish thousands dots. */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${formatInteger(n)} ${pluralize(n, singular, plural)}`;
}

/** A noun's two forms, as kept in texts.ts (e.g. texts.customers.unit). */
export interface CountUnit {
  one: string;
  other: string;
}

/** countLabel with the forms from texts.ts: countOf(2, texts.customers.unit) → '2 kunder'. */
export function countOf(n: number, unit: CountUnit): string {
  return countLabel(n, unit.one, unit.other);
}
