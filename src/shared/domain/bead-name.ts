/**
 * Bead name rules (docs/product/beads.md): names are unique exactly (case-sensitive) in the
 * catalogue, but a new bead typed in the todo dialog must not match any existing name
 * case-insensitively, so near-duplicates are not created in a hurry.
 */
import { normalizeName } from './customer-name.ts';

/** Case-insensitive comparison key: normalized like customer names, lower-cased in Danish. */
export function beadNameKey(name: string): string {
  return normalizeName(name).toLocaleLowerCase('da');
}

/** True when the name (after trimming and whitespace clean-up) equals an existing name exactly. */
export function isBeadNameTaken(name: string, existingNames: readonly string[]): boolean {
  const wanted = normalizeName(name);
  return existingNames.some((existing) => normalizeName(existing) === wanted);
}

/** True when the name equals an existing name ignoring case ('rød perle' = 'Rød Perle'). */
export function isBeadNameTakenIgnoringCase(name: string, existingNames: readonly string[]): boolean {
  const wanted = beadNameKey(name);
  return existingNames.some((existing) => beadNameKey(existing) === wanted);
}
