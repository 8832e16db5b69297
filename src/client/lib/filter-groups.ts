import type { InitialGroup } from '../../shared/domain/collation.ts';

/** A group under an initial letter, keyed by its letter for the grouped list (components/grouped-list.tsx). */
export type LetterGroup<T> = InitialGroup<T> & { key: string };

/**
 * Keeps the items whose folded search key contains the (already folded) query; empty groups disappear.
 * Grouping once and filtering per keystroke keeps typing smooth with thousands of rows.
 */
export function filterGroups<T>(
  groups: readonly InitialGroup<T>[],
  query: string,
  getSearchKey: (item: T) => string,
): LetterGroup<T>[] {
  if (query === '') return groups.map((group) => ({ key: group.letter, ...group }));
  const result: LetterGroup<T>[] = [];
  for (const group of groups) {
    const items = group.items.filter((item) => getSearchKey(item).includes(query));
    if (items.length > 0) result.push({ key: group.letter, letter: group.letter, items });
  }
  return result;
}
