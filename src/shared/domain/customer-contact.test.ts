import { describe, expect, it } from 'vitest';
import {
  characterCount,
  cleanAddress,
  cleanEmail,
  cleanPhone,
  EMAIL_PATTERN,
  PHONE_CHARACTERS,
  phoneHasDigits,
  phoneSearchKey,
} from './customer-contact.ts';
import { cleanLines } from './names.ts';

describe('customer contact details', () => {
  it('cleans a phone number like a name', () => {
    expect(cleanPhone('  +45  12 34\u200B 56 78 ')).toBe('+45 12 34 56 78');
    expect(PHONE_CHARACTERS.test('+45 12-34-56-78')).toBe(true);
    expect(PHONE_CHARACTERS.test('12 34 ab')).toBe(false);
    expect(phoneHasDigits('+ -')).toBe(false);
  });

  it('searches a phone by its digits', () => {
    expect(phoneSearchKey('+45 12-34 56 78')).toBe('+4512345678');
  });

  it('cleans an e-mail of every space and invisible character', () => {
    expect(cleanEmail(' aase @ perler.dk\u200E ')).toBe('aase@perler.dk');
  });

  it.each([
    ['aase@perler.dk', true],
    ['søren@møller.dk', true],
    ['a.b+c@sub.domain.dk', true],
    ['aase@perler', false],
    ['aase.perler.dk', false],
    ['@perler.dk', false],
    ['aase@@perler.dk', false],
    ['aase@.perler.dk', false],
    ['aase@perler.dk.', false],
  ])('plausible e-mail %s: %s', (email, ok) => {
    expect(EMAIL_PATTERN.test(email)).toBe(ok);
  });

  it('keeps an address over its lines, each cleaned, without empty lines', () => {
    expect(cleanAddress('  Perlevej   1 \r\n\r\n\u202E2100 København Ø\u2028 ')).toBe(
      'Perlevej 1\n2100 København Ø',
    );
    expect(cleanLines(cleanAddress('Vej 1\nBy'))).toBe('Vej 1\nBy');
    expect(cleanAddress(' \n ')).toBe('');
  });

  it('counts characters as the database does', () => {
    expect(characterCount('😀ø')).toBe(2);
  });
});
