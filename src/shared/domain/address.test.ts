import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CASES, read, unread } from '../../../tests/fixtures/address-cases.ts';
import {
  addressLines,
  addressState,
  isDanishPostcode,
  labelLines,
  type PostalAddress,
  parseFreeTextAddress,
} from './address.ts';

describe('parseFreeTextAddress (the old free text into the fields)', () => {
  it.each(ADDRESS_CASES)('%s', (_, text, expected) => {
    expect(parseFreeTextAddress(text)).toEqual(expected);
  });

  it('loses no character: every one but the line breaks (and the comma before the postcode) is kept, in order', () => {
    const squeeze = (text: string) => text.replace(/[\s,]/gu, '');
    const kept = (read: PostalAddress) =>
      squeeze([read.address, read.address2, read.postcode, read.city].filter(Boolean).join(''));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'grapheme' }),
            fc.constantFrom(
              'Æblegade 7, 2. tv',
              '8000 Aarhus C',
              '4671 Strøby',
              ', 2100 København Ø',
              '\n',
              '\r\n',
            ),
          ),
          { maxLength: 6 },
        ),
        (parts) => {
          const text = parts.join('');
          const read = parseFreeTextAddress(text);
          if (read === null) expect(text.trim()).toBe('');
          else if (read.needsCheck) expect(read.address).toBe(text);
          else expect(kept(read)).toBe(squeeze(text));
        },
      ),
    );
  });
});

describe('addressState (what a label can be printed for)', () => {
  const ok = read('Perlevej 1', { postcode: '8000', city: 'Aarhus C' });

  it('is ok with a street, a town and a Danish postcode, or abroad without a postcode', () => {
    expect(addressState(ok)).toBe('ok');
    expect(addressState(read('Storgatan 5', { city: 'Stockholm', countryCode: 'SE' }))).toBe('ok');
  });

  it('is missing without a street, a town or a valid Danish postcode', () => {
    expect(addressState(read('', {}))).toBe('missing');
    expect(addressState({ ...ok, address: null })).toBe('missing');
    expect(addressState({ ...ok, city: null })).toBe('missing');
    expect(addressState({ ...ok, postcode: null })).toBe('missing');
    expect(addressState({ ...ok, postcode: '0800' })).toBe('missing');
  });

  it('is check while an old address waits for the owner', () => {
    expect(addressState(unread('Perlevej 1, Aarhus'))).toBe('check');
  });

  it.each([
    ['1000', true],
    ['9999', true],
    ['0999', false],
    ['800', false],
    ['10000', false],
    ['8 000', false],
    ['abcd', false],
  ])('Danish postcode %s: %s', (postcode, valid) => {
    expect(isDanishPostcode(postcode)).toBe(valid);
  });
});

describe('addressLines and labelLines (Danish order)', () => {
  it('puts street, extra line and "postnr by", the country in capitals only abroad', () => {
    expect(
      labelLines('Søren Ørsted-Åberg', read('Æblegade 7, 2. tv', { postcode: '8000', city: 'Aarhus C' })),
    ).toEqual(['Søren Ørsted-Åberg', 'Æblegade 7, 2. tv', '8000 Aarhus C']);
    expect(
      addressLines(
        read('ul. Długa 5', { address2: 'm. 12', postcode: '00-238', city: 'Warszawa', countryCode: 'PL' }),
      ),
    ).toEqual(['ul. Długa 5', 'm. 12', '00-238 Warszawa', 'POLEN']);
    expect(addressLines(read('Main Street 1', { city: 'Dublin', countryCode: 'IE' }))).toEqual([
      'Main Street 1',
      'Dublin',
      'IRLAND',
    ]);
  });

  it('gives an old unread address its own lines, and nothing for no address', () => {
    expect(addressLines(unread('Perlevej 1\n Aarhus '))).toEqual(['Perlevej 1', 'Aarhus']);
    expect(addressLines(read('', { address: null, countryCode: 'SE' }))).toEqual([]);
  });
});
