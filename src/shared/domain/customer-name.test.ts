import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerNameKey,
  firstName,
  HIDDEN_CUSTOMER_NAME,
  isHiddenCustomer,
  normalizeName,
  visibleCustomers,
} from './customer-name.ts';

describe('normalizeName', () => {
  it.each([
    ['Åse', 'Åse'],
    ['  Åse   Hansen  ', 'Åse Hansen'],
    ['Åse\t\nHansen', 'Åse Hansen'],
    ['A\u030Ase', 'Åse'],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('is idempotent and leaves no edge or double spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const once = normalizeName(name);
        expect(normalizeName(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s\s/);
      }),
    );
  });
});

describe('customerNameKey', () => {
  it('makes Åse and åse collide', () => {
    expect(customerNameKey('Åse')).toBe(customerNameKey(' åse '));
    expect(customerNameKey('ÅSE  HANSEN')).toBe('åse hansen');
    expect(customerNameKey('A\u030ASE')).toBe('åse');
  });

  it('keeps different names apart', () => {
    expect(customerNameKey('Åse')).not.toBe(customerNameKey('Ase'));
    expect(customerNameKey('Aase')).not.toBe(customerNameKey('Åse'));
  });

  it('ignores case for any name', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(customerNameKey(name.toLocaleUpperCase('da'))).toBe(
          customerNameKey(name.toLocaleLowerCase('da')),
        );
      }),
    );
  });
});

describe('hidden customers', () => {
  it('recognizes the test marker', () => {
    expect(HIDDEN_CUSTOMER_NAME).toBe('{name}');
    expect(isHiddenCustomer('{name}')).toBe(true);
    expect(isHiddenCustomer(' {name} ')).toBe(true);
    expect(isHiddenCustomer('{Name}')).toBe(false);
    expect(isHiddenCustomer('name')).toBe(false);
  });

  it('filters them out of lists', () => {
    const list = [{ name: 'Åse' }, { name: '{name}' }, { name: 'Bo' }];
    expect(visibleCustomers(list)).toEqual([{ name: 'Åse' }, { name: 'Bo' }]);
  });
});

describe('firstName', () => {
  it.each([
    ['Åse Hansen', 'Åse'],
    ['åse hansen', 'Åse'],
    ['Anne-Marie Jensen', 'Anne-Marie'],
    ['anne-marie jensen', 'Anne-Marie'],
    ['Anne Marie Jensen', 'Anne'],
    ['Karl-', 'Karl-'],
    ['  Bo  ', 'Bo'],
    ['Bo', 'Bo'],
    ['æbbe', 'Æbbe'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });
});
