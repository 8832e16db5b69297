/**
 * Danish sorting, searching and initial-letter grouping for names.
 * Danish collation puts Æ, Ø, Å after Z (and treats 'aa' as 'å'); the tests verify that the
 * runtime's ICU data really does so.
 */

/**
 * Collator for Danish names: numbers compare by value ('Perle 2' before 'Perle 10'). Made at first use, not
 * while the app's code starts (loading the Danish collation data is part of a slow phone's first task).
 */
let collator: Intl.Collator | undefined;
const danishCollator = () => (collator ??= new Intl.Collator('da', { numeric: true }));

/** Makes the collator now (the app does it in an idle moment, so the first dialog that sorts need not). */
export const prepareDanishCollation = (): void => void danishCollator();

/** Letter used for names that do not start with a letter (digits, symbols, empty names). */
export const OTHER_INITIAL = '#';

/** Compares two strings in Danish order, for Array.prototype.sort. */
export function compareDanish(a: string, b: string): number {
  return danishCollator().compare(a, b);
}

/** Returns a new array sorted by name in Danish order; the input is left untouched. */
export function sortByName<T>(items: readonly T[], getName: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareDanish(getName(a), getName(b)));
}

/**
 * Letters Danish collation files under another letter: an 'Ärla' sorts among the Æ names,
 * so she belongs under the Æ header too.
 */
const DANISH_EQUIVALENT: Readonly<Record<string, string>> = { Ä: 'Æ', Ö: 'Ø', Ü: 'Y' };
const DANISH_SPECIAL = new Set(['Æ', 'Ø', 'Å']);

/**
 * The upper-case initial a name is grouped under: 'Åse' → 'Å', 'æble' → 'Æ', 'Émile' → 'E',
 * 'Ärla' → 'Æ', '3 mm perler' → '#'.
 * Accents other than Æ/Ø/Å are dropped so 'É' names share the 'E' header with 'Ebbe'.
 */
export function initialLetter(name: string): string {
  // The first character with its combining marks ('A' + ring is 'Å'): all the rest of the name is not needed.
  const cluster = /^\P{M}\p{M}*/u.exec(name.trim())?.[0] ?? '';
  let letter = initialOfCluster.get(cluster);
  if (letter === undefined) {
    letter = initialOf(cluster);
    // A shop has a few dozen initials; the cache is for a list of thousands of names.
    if (initialOfCluster.size < 1000) initialOfCluster.set(cluster, letter);
  }
  return letter;
}

const initialOfCluster = new Map<string, string>();

function initialOf(cluster: string): string {
  const first = [...cluster.normalize('NFC')][0];
  if (first === undefined || !/\p{L}/u.test(first)) return OTHER_INITIAL;
  // Some letters upper-case to two ('ß' → 'SS'); a header shows one.
  const upper = [...first.toLocaleUpperCase('da')][0] ?? first;
  const danish = DANISH_EQUIVALENT[upper];
  if (danish !== undefined) return danish;
  if (DANISH_SPECIAL.has(upper)) return upper;
  // NFD splits 'É' into 'E' + combining accent; keep the base letter. Scripts that
  // decompose into several letters (Hangul syllables) keep their composed form.
  const base = [...upper.normalize('NFD').replace(/\p{M}/gu, '')];
  return base.length === 1 && base[0] !== undefined ? base[0] : upper;
}

/** Orders initial letters: Danish alphabet order, with '#' (non-letters) last as in phone contact lists. */
export function compareInitials(a: string, b: string): number {
  if (a === b) return 0;
  if (a === OTHER_INITIAL) return 1;
  if (b === OTHER_INITIAL) return -1;
  return compareDanish(a, b);
}

export interface InitialGroup<T> {
  /** Upper-case initial ('A' … 'Z', 'Æ', 'Ø', 'Å', other letters, or '#'). */
  letter: string;
  /** Items whose name starts with that letter, sorted by name in Danish order. */
  items: T[];
}

/**
 * Groups items under their name's initial letter, groups ordered A … Z, Æ, Ø, Å, then '#'.
 * Groups are keyed by the written first letter, so 'Aage' sits under 'A' (where a person
 * looks for it) even though Danish collation sorts 'aa' as 'å'.
 */
export function groupByInitial<T>(items: readonly T[], getName: (item: T) => string): InitialGroup<T>[] {
  const byLetter = new Map<string, T[]>();
  for (const item of sortByName(items, getName)) {
    const letter = initialLetter(getName(item));
    const group = byLetter.get(letter);
    if (group) group.push(item);
    else byLetter.set(letter, [item]);
  }
  return [...byLetter.entries()]
    .sort(([a], [b]) => compareInitials(a, b))
    .map(([letter, groupItems]) => ({ letter, items: groupItems }));
}

/** Folds a string for searching: Danish lower case, NFC, single spaces, trimmed. */
export function searchKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('da');
}

/** Case-insensitive substring match used by the search boxes; an empty query matches everything. */
export function matchesSearch(name: string, query: string): boolean {
  return searchKey(name).includes(searchKey(query));
}

/** Keeps the items whose name matches the search query (see matchesSearch). */
export function filterByName<T>(items: readonly T[], query: string, getName: (item: T) => string): T[] {
  const key = searchKey(query);
  return items.filter((item) => searchKey(getName(item)).includes(key));
}
