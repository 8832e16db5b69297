import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerNameKey, isHiddenCustomer } from './customer-name.ts';
import { cleanName } from './names.ts';

/** Every character cleanName must remove or turn into a space (docs/product/limits.md). */
const INVISIBLE = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0xa0 - 0x7f }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u00AD',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2060',
  '\u2061',
  '\u2062',
  '\u2063',
  '\u2064',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\uFEFF',
];

const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...INVISIBLE, ' ', 'a', 'Å', 'A\u030A', 'ø', '{', '}'),
    fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('cleanName', () => {
  it('removes invisible and direction-control characters, NFC-normalises and collapses whitespace', () => {
    expect(cleanName('  \u202EÅse\u200B  Ha\u00ADnsen\uFEFF\u2028Jensen\t')).toBe('Åse Hansen Jensen');
    expect(cleanName('A\u030Ase')).toBe('Åse');
    expect(cleanName('Rød\u2066 \u2069perle')).toBe('Rød perle');
    expect(cleanName('\u200B\u200E\u2066 \u2069')).toBe('');
  });

  it('is idempotent and leaves no invisible character, no double space and no outer space', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const clean = cleanName(text);
        expect(cleanName(clean)).toBe(clean);
        expect(clean).toBe(clean.normalize('NFC'));
        expect(clean).toBe(clean.trim());
        expect(clean).not.toMatch(/\s\s/);
        for (const char of INVISIBLE) expect(clean.includes(char)).toBe(false);
      }),
    );
  });

  it('makes names that look the same equal, so keys and the hidden marker cannot be dodged', () => {
    expect(customerNameKey('Å\u200Bse')).toBe(customerNameKey('åse'));
    expect(isHiddenCustomer('{name}\u200B')).toBe(true);
    expect(isHiddenCustomer('\u202E{name}')).toBe(true);
  });
});
