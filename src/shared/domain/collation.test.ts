import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDanish,
  compareInitials,
  filterByName,
  groupByInitial,
  initialLetter,
  matchesSearch,
  OTHER_INITIAL,
  searchKey,
  sortByName,
} from './collation.ts';

const names = (items: { name: string }[]) => items.map((item) => item.name);
const byName = (item: { name: string }) => item.name;

describe('the runtime ICU data', () => {
  it('orders Z, Æ, Ø, Å as Danish does', () => {
    expect(['Å', 'Ø', 'Z', 'Æ', 'A'].sort(compareDanish)).toEqual(['A', 'Z', 'Æ', 'Ø', 'Å']);
    expect(['åse', 'Ølse', 'zoe', 'Æbbe'].sort(compareDanish)).toEqual(['zoe', 'Æbbe', 'Ølse', 'åse']);
  });

  it("sorts 'aa' as 'å'", () => {
    expect(compareDanish('Aage', 'Zenia')).toBeGreaterThan(0);
  });
});

describe('compareDanish and sortByName', () => {
  it('compares case-insensitively at the first level and numbers by value', () => {
    expect(compareDanish('anna', 'Bent')).toBeLessThan(0);
    expect(compareDanish('Perle 2', 'Perle 10')).toBeLessThan(0);
    expect(compareDanish('Bo', 'Bo')).toBe(0);
  });

  it('returns a sorted copy and leaves the input alone', () => {
    const input = [{ name: 'Åse' }, { name: 'Bo' }, { name: 'Ærle' }, { name: 'anna' }, { name: 'Øjvind' }];
    const sorted = sortByName(input, byName);
    expect(names(sorted)).toEqual(['anna', 'Bo', 'Ærle', 'Øjvind', 'Åse']);
    expect(names(input)).toEqual(['Åse', 'Bo', 'Ærle', 'anna', 'Øjvind']);
  });

  it('is a permutation and ordered by the collator', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (strings) => {
        const sorted = sortByName(strings, (s) => s);
        expect([...sorted].sort()).toEqual([...strings].sort());
        for (let i = 1; i < sorted.length; i++) {
          expect(compareDanish(sorted[i - 1] ?? '', sorted[i] ?? '')).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});

describe('initialLetter', () => {
  it.each([
    ['Åse', 'Å'],
    ['åse', 'Å'],
    ['æble', 'Æ'],
    ['Øjvind', 'Ø'],
    ['anna', 'A'],
    ['  bo ', 'B'],
    ['Émile', 'E'],
    ['ärla', 'Æ'],
    ['Östen', 'Ø'],
    ['Ünal', 'Y'],
    ['A\u030Ase', 'Å'],
    ['3 mm perler', '#'],
    ['#glas', '#'],
    ['', '#'],
    ['   ', '#'],
    ['😀 smiley', '#'],
    ['Ωmega', 'Ω'],
    ['ßtraße', 'S'],
    ['가나', '가'],
  ])('%j → %s', (name, letter) => {
    expect(initialLetter(name)).toBe(letter);
  });

  it('always returns one upper-case character or #', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const letter = initialLetter(name);
        expect([...letter]).toHaveLength(1);
        expect(letter === OTHER_INITIAL || letter === letter.toLocaleUpperCase('da')).toBe(true);
      }),
    );
  });
});

describe('compareInitials', () => {
  it('puts # last and Æ, Ø, Å after Z', () => {
    expect(['#', 'Å', 'B', 'Ø', 'Z', 'Æ', 'A'].sort(compareInitials)).toEqual([
      'A',
      'B',
      'Z',
      'Æ',
      'Ø',
      'Å',
      '#',
    ]);
    expect(compareInitials('#', '#')).toBe(0);
  });
});

describe('groupByInitial', () => {
  it('groups under letters ordered A … Z, Æ, Ø, Å, #', () => {
    const input = ['Åse', 'Bo', 'anna', 'Ærle', 'Anders', 'Øjvind', 'zenia', '1. kunde', 'Aage', 'åge'].map(
      (name) => ({
        name,
      }),
    );
    const groups = groupByInitial(input, byName);
    expect(groups.map((g) => [g.letter, names(g.items)])).toEqual([
      ['A', ['Anders', 'anna', 'Aage']],
      ['B', ['Bo']],
      ['Z', ['zenia']],
      ['Æ', ['Ærle']],
      ['Ø', ['Øjvind']],
      ['Å', ['åge', 'Åse']],
      ['#', ['1. kunde']],
    ]);
  });

  it('returns no groups for no items', () => {
    expect(groupByInitial([], byName)).toEqual([]);
  });

  it('keeps every item exactly once, each under its own initial, with unique letters', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6, unit: 'binary' })), (strings) => {
        const groups = groupByInitial(strings, (s) => s);
        const flattened = groups.flatMap((g) => g.items);
        expect([...flattened].sort()).toEqual([...strings].sort());
        expect(new Set(groups.map((g) => g.letter)).size).toBe(groups.length);
        for (const group of groups) {
          for (const item of group.items) expect(initialLetter(item)).toBe(group.letter);
        }
      }),
    );
  });
});

describe('search helpers', () => {
  it('searchKey folds case, spaces and Unicode form', () => {
    expect(searchKey('  ÅSE   Hansen ')).toBe('åse hansen');
    expect(searchKey('A\u030Ase')).toBe('åse');
  });

  it('matchesSearch is a case-insensitive substring test', () => {
    expect(matchesSearch('Åse Hansen', 'åse')).toBe(true);
    expect(matchesSearch('Åse Hansen', 'HANS')).toBe(true);
    expect(matchesSearch('Åse Hansen', 'ase')).toBe(false);
    expect(matchesSearch('Åse Hansen', '')).toBe(true);
  });

  it('filterByName keeps matching items in their order', () => {
    const items = [{ name: 'Bo' }, { name: 'Åse' }, { name: 'bodil' }];
    expect(names(filterByName(items, 'BO', byName))).toEqual(['Bo', 'bodil']);
    expect(filterByName(items, '  ', byName)).toHaveLength(3);
    expect(filterByName(items, 'x', byName)).toEqual([]);
  });
});
