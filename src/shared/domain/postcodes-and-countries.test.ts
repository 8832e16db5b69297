import { describe, expect, it } from 'vitest';
import { DANISH_POSTCODE, isDanishPostcode } from './address.ts';
import { COUNTRY_OPTIONS, countryName, isCountryCode } from './countries.ts';
import postcodes from './dk-postcodes.json' with { type: 'json' };
import { DANISH_POSTCODE_COUNT, danishTown } from './dk-postcodes.ts';

describe('the Danish postcodes (DAWA)', () => {
  it('holds the whole list, every postcode of 4 digits from 1000 to 9999', () => {
    expect(DANISH_POSTCODE_COUNT).toBe(1107);
    for (const [code, town] of Object.entries(postcodes.postcodes)) {
      expect(DANISH_POSTCODE.test(code), code).toBe(true);
      expect(town.trim(), code).toBe(town);
      expect(town.length, code).toBeGreaterThan(1);
    }
    expect(postcodes.licence.join('\n')).toContain('Permission is hereby granted, free of charge');
  });

  it('gives the town of a postcode, and nothing for one it does not know', () => {
    expect(danishTown('8000')).toBe('Aarhus C');
    expect(danishTown('4671')).toBe('Strøby');
    expect(danishTown('2100')).toBe('København Ø');
    expect(danishTown('1999')).toBeUndefined();
    expect(danishTown('0800')).toBeUndefined();
    expect(danishTown('constructor')).toBeUndefined();
    expect(isDanishPostcode('1999')).toBe(true);
  });
});

describe('the countries', () => {
  it('lists the 249 ISO codes with Danish names, Danmark first and the rest in Danish order', () => {
    expect(COUNTRY_OPTIONS).toHaveLength(249);
    expect(COUNTRY_OPTIONS[0]).toEqual({ code: 'DK', name: 'Danmark' });
    const names = COUNTRY_OPTIONS.slice(1).map((option) => option.name);
    expect(names.indexOf('Østrig')).toBeGreaterThan(names.indexOf('Zimbabwe'));
    expect(names.indexOf('Åland')).toBeGreaterThan(names.indexOf('Østrig'));
    expect(countryName('SE')).toBe('Sverige');
    expect(countryName('PL')).toBe('Polen');
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('toString')).toBe(false);
  });
});
