/**
 * Bead name rules (docs/product/beads.md): names are unique ignoring case, in Danish ('Rød perle' =
 * 'rød perle'), everywhere: in "Tilføj ny nål", in the todo dialog and in an import. The database holds the
 * rule (the unique `beads.name_key`, made by `beadNameKey`); the todo form checks it early with
 * `isBeadNameTakenIgnoringCase`.
 */
import { normalizeName } from './customer-name.ts';

/** Case-insensitive comparison key: normalized like customer names, lower-cased in Danish. */
export function beadNameKey(name: string): string {
  return normalizeName(name).toLocaleLowerCase('da');
}

/** True when the name equals an existing name ignoring case ('rød perle' = 'Rød Perle'). */
export function isBeadNameTakenIgnoringCase(name: string, existingNames: readonly string[]): boolean {
  const wanted = beadNameKey(name);
  return existingNames.some((existing) => beadNameKey(existing) === wanted);
}
