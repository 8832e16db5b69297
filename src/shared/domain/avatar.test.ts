import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  avatarColors,
  hashString,
  hslToRgb,
  LUMINANCE_THRESHOLD,
  relativeLuminance,
  rgbToHex,
  textColorFor,
} from './avatar.ts';

/** WCAG 2 contrast ratio between two '#rrggbb' colours, 1 to 21: what the avatars' colours are held to. */
function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('hashString', () => {
  it('is the FNV-1a 32-bit hash', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-8 bytes, so Danish letters count', () => {
    expect(hashString('Åse')).not.toBe(hashString('Ase'));
  });
});

describe('colour maths', () => {
  it('converts HSL to RGB', () => {
    expect(hslToRgb(0, 1, 0.5)).toEqual([255, 0, 0]);
    expect(hslToRgb(120, 1, 0.25)).toEqual([0, 128, 0]);
    expect(hslToRgb(240, 1, 0.5)).toEqual([0, 0, 255]);
    expect(hslToRgb(0, 0, 1)).toEqual([255, 255, 255]);
  });

  it('writes hex with two digits per channel', () => {
    expect(rgbToHex([0, 10, 255])).toBe('#000aff');
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(() => relativeLuminance('red')).toThrow(RangeError);
  });

  it('picks black text only above luminance 0.5', () => {
    expect(textColorFor('#ffffff')).toBe('#000000');
    expect(textColorFor('#ffff00')).toBe('#000000');
    expect(textColorFor('#808080')).toBe('#ffffff');
    expect(textColorFor('#000000')).toBe('#ffffff');
    // #bcbcbc has luminance ≈ 0.503, #bbbbbb ≈ 0.497: the threshold sits between them.
    expect(textColorFor('#bcbcbc')).toBe('#000000');
    expect(textColorFor('#bbbbbb')).toBe('#ffffff');
  });
});

describe('avatarColors', () => {
  it('is deterministic and ignores surrounding spaces and Unicode form', () => {
    expect(avatarColors('Åse')).toEqual(avatarColors('Åse'));
    expect(avatarColors(' Åse ')).toEqual(avatarColors('Åse'));
    expect(avatarColors('A\u030Ase')).toEqual(avatarColors('Åse'));
  });

  it('gives different names different colours (mostly)', () => {
    const names = ['Anna', 'Bent', 'Camilla', 'Dorthe', 'Erik', 'Frida', 'Gitte', 'Hans', 'Ida', 'Jens'];
    const backgrounds = new Set(names.map((name) => avatarColors(name).background));
    expect(backgrounds.size).toBeGreaterThanOrEqual(8);
  });

  it('pins a known colour so a palette change is a conscious decision', () => {
    expect(avatarColors('Åse')).toMatchInlineSnapshot(`
      {
        "background": "#bf3661",
        "color": "#ffffff",
      }
    `);
  });

  it('obeys the 0.5 luminance rule and reaches 4.5:1 contrast for every name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const { background, color } = avatarColors(name);
        expect(background).toMatch(/^#[0-9a-f]{6}$/);
        expect(color).toBe(relativeLuminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#ffffff');
        expect(contrastRatio(background, color)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 2000 },
    );
  });

  it('is never pale: the background is clearly distinguishable from white', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(relativeLuminance(avatarColors(name).background)).toBeLessThan(0.8);
      }),
      { numRuns: 2000 },
    );
  });
});
