import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { texts } from '../texts.ts';
import { countLabel, countOf, pluralize } from './plural.ts';

describe('countLabel', () => {
  it.each([
    [0, 'kunde', 'kunder', '0 kunder'],
    [1, 'kunde', 'kunder', '1 kunde'],
    [2, 'kunde', 'kunder', '2 kunder'],
    [1, 'todo', 'todos', '1 todo'],
    [5, 'todo', 'todos', '5 todos'],
    [1, 'Nål', 'Nåle', '1 Nål'],
    [3, 'Nål', 'Nåle', '3 Nåle'],
    [1234, 'perle', 'perler', '1.234 perler'],
  ])('countLabel(%s, %s, %s) = %s', (n, singular, plural, expected) => {
    expect(countLabel(n, singular, plural)).toBe(expected);
  });

  it('uses the singular only for one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), (n) => {
        expect(pluralize(n, 's', 'p')).toBe(n === 1 ? 's' : 'p');
        expect(countLabel(n, 's', 'p').endsWith(n === 1 ? ' s' : ' p')).toBe(true);
      }),
    );
  });
});

describe('countOf', () => {
  it('uses the unit forms from texts', () => {
    expect(countOf(1, texts.customers.unit)).toBe('1 kunde');
    expect(countOf(0, texts.customers.unit)).toBe('0 kunder');
    expect(countOf(2, texts.todos.unit)).toBe('2 todos');
    expect(countOf(1, { one: 'Nål', other: 'Nåle' })).toBe('1 Nål');
  });
});
