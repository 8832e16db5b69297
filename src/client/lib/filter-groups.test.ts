import { describe, expect, it } from 'vitest';
import { groupByInitial } from '../../shared/domain/collation.ts';
import { filterGroups } from './filter-groups.ts';

describe('filterGroups', () => {
  const groups = groupByInitial(['Anna', 'Anders', 'Bo', 'Birthe'], (name) => name);
  const key = (name: string) => name.toLocaleLowerCase('da');

  it('keeps matching items and drops groups left empty', () => {
    expect(filterGroups(groups, 'an', key)).toEqual([{ letter: 'A', items: ['Anders', 'Anna'] }]);
    expect(filterGroups(groups, 'e', key)).toEqual([
      { letter: 'A', items: ['Anders'] },
      { letter: 'B', items: ['Birthe'] },
    ]);
  });

  it('returns every group for an empty query and none for no match', () => {
    expect(filterGroups(groups, '', key)).toEqual(groups);
    expect(filterGroups(groups, 'xyz', key)).toEqual([]);
  });
});
