import type { InitialGroup } from '../../shared/domain/collation.ts';

/**
 * Keeps the items whose folded search key contains the (already folded) query; empty groups disappear.
 * Grouping once and filtering per keystroke keeps typing smooth with thousands of rows.
 */
export function filterGroups<T>(
  groups: readonly InitialGroup<T>[],
  query: string,
  getSearchKey: (item: T) => string,
): InitialGroup<T>[] {
  if (query === '') return [...groups];
  const result: InitialGroup<T>[] = [];
  for (const group of groups) {
    const items = group.items.filter((item) => getSearchKey(item).includes(query));
    if (items.length > 0) result.push({ letter: group.letter, items });
  }
  return result;
}
