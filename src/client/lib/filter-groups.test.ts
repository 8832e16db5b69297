import { describe, expect, it } from 'vitest';
import { groupByInitial } from '../../shared/domain/collation.ts';
import { filterGroups } from './filter-groups.ts';

describe('filterGroups', () => {
  const groups = groupByInitial(['Anna', 'Anders', 'Bo', 'Birthe'], (name) => name);
  const key = (name: string) => name.toLocaleLowerCase('da');

  it('keeps matching items and drops groups left empty', () => {
    expect(filterGroups(groups, 'an', key)).toEqual([{ key: 'A', letter: 'A', items: ['Anders', 'Anna'] }]);
    expect(filterGroups(groups, 'e', key)).toEqual([
      { key: 'A', letter: 'A', items: ['Anders'] },
      { key: 'B', letter: 'B', items: ['Birthe'] },
    ]);
  });

  it('returns every group, keyed by its letter, for an empty query and none for no match', () => {
    expect(filterGroups(groups, '', key)).toEqual(groups.map((group) => ({ key: group.letter, ...group })));
    expect(filterGroups(groups, 'xyz', key)).toEqual([]);
  });
});
