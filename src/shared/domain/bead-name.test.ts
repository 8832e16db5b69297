import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beadNameKey, isBeadNameTakenIgnoringCase } from './bead-name.ts';

const existing = ['Rød perle', 'Blå  glas', 'Ærtegrøn'];

describe('bead names', () => {
  it('beadNameKey folds case and spacing', () => {
    expect(beadNameKey('  RØD   Perle ')).toBe('rød perle');
  });

  it('isBeadNameTakenIgnoringCase ignores case and surrounding and repeated spaces', () => {
    expect(isBeadNameTakenIgnoringCase('Rød perle', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase(' Rød perle ', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase('Blå glas', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase('rød PERLE', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase('Grøn', existing)).toBe(false);
    expect(isBeadNameTakenIgnoringCase('ærtegrøn', existing)).toBe(true);
    expect(isBeadNameTakenIgnoringCase('Ertegrøn', existing)).toBe(false);
    expect(isBeadNameTakenIgnoringCase('x', [])).toBe(false);
  });

  it('a name is taken by itself in upper or lower case', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (name, names) => {
        expect(isBeadNameTakenIgnoringCase(name, [...names, name])).toBe(true);
        expect(isBeadNameTakenIgnoringCase(name, [...names, name.toLocaleUpperCase('da')])).toBe(true);
        expect(isBeadNameTakenIgnoringCase(name.toLocaleUpperCase('da'), [...names, name])).toBe(true);
      }),
    );
  });
});
