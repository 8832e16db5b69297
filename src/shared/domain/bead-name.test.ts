import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beadNameKey, isBeadNameTaken, isBeadNameTakenIgnoringCase } from './bead-name.ts';

const existing = ['Rød perle', 'Blå  glas', 'Ærtegrøn'];

describe('bead names', () => {
  it('beadNameKey folds case and spacing', () => {
    expect(beadNameKey('  RØD   Perle ')).toBe('rød perle');
  });

  it('isBeadNameTaken compares exactly, apart from surrounding and repeated spaces', () => {
    expect(isBeadNameTaken('Rød perle', existing)).toBe(true);
    expect(isBeadNameTaken(' Rød perle ', existing)).toBe(true);
    expect(isBeadNameTaken('Blå glas', existing)).toBe(true);
    expect(isBeadNameTaken('rød perle', existing)).toBe(false);
    expect(isBeadNameTaken('Grøn', existing)).toBe(false);
  });

  it('isBeadNameTakenIgnoringCase also catches other casing', () => {
    expect(isBeadNameTakenIgnoringCase('rød PERLE', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase('ærtegrøn', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase('Ertegrøn', existing)).toBe(false);
    expect(isBeadNameTakenIgnoringCase('x', [])).toBe(false);
  });

  it('exact match implies case-insensitive match', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (name, names) => {
        if (isBeadNameTaken(name, names)) expect(isBeadNameTakenIgnoringCase(name, names)).toBe(true);
        expect(isBeadNameTakenIgnoringCase(name, [...names, name.toLocaleUpperCase('da')])).toBe(true);
      }),
    );
  });
});
