import { describe, expect, it } from 'vitest';
import {
  customerCreateSchema,
  customerEditFormSchema,
  customerNameSchema,
  customerUpdateSchema,
} from './customer.ts';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('customerCreateSchema', () => {
  it('trims and cleans the name', () => {
    expect(customerCreateSchema.parse({ name: '  Åse   Hansen ' })).toEqual({ name: 'Åse Hansen' });
    expect(customerNameSchema.parse('A\u030Ase')).toBe('Åse');
  });

  it.each([[''], ['   '], [undefined], [null], [7]])('gives Navn er påkrævet for %j', (name) => {
    expect(message(customerCreateSchema.safeParse({ name }))).toBe('Navn er påkrævet');
  });

  it('gives Navn er påkrævet for a missing body field', () => {
    expect(message(customerCreateSchema.safeParse({}))).toBe('Navn er påkrævet');
  });

  it('limits the length', () => {
    expect(message(customerCreateSchema.safeParse({ name: 'x'.repeat(121) }))).toBe(
      'Navnet må højst være på 120 tegn',
    );
    expect(customerCreateSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
  });

  it('drops unknown fields', () => {
    expect(customerCreateSchema.parse({ name: 'Bo', id: 'x' })).toEqual({ name: 'Bo' });
  });

  it('uses the same rules for renaming', () => {
    expect(message(customerUpdateSchema.safeParse({ name: ' ' }))).toBe('Navn er påkrævet');
  });
});

const ADDRESS = {
  address: 'Perlevej 1',
  address2: null,
  postcode: '8000',
  city: 'Aarhus C',
  countryCode: 'DK',
};

describe('customerUpdateSchema (rename and contact details)', () => {
  it('takes any subset of the fields, cleaned; null or empty clears a contact field', () => {
    expect(customerUpdateSchema.parse({})).toEqual({});
    expect(customerUpdateSchema.parse({ name: ' Åse  Holm ', phone: ' 12 34 ' })).toEqual({
      name: 'Åse Holm',
      phone: '12 34',
    });
    const noAddress = { address: '', address2: null, postcode: '', city: null, countryCode: 'DK' };
    expect(customerUpdateSchema.parse({ email: null, ...noAddress })).toEqual({ email: null, ...noAddress });
  });

  it.each([
    [{ name: '' }, 'Navn er påkrævet'],
    [{ name: '{name}' }, 'Navnet {name} kan ikke bruges'],
    [{ phone: '12ab' }, 'Telefonnummeret må kun indeholde tal, mellemrum, + og -'],
    [{ phone: '--' }, 'Skriv et telefonnummer med tal'],
    [{ phone: '1'.repeat(31) }, 'Telefonnummeret må højst være på 30 tegn'],
    [{ email: 'aase@perler' }, 'Skriv en gyldig e-mail, fx navn@eksempel.dk'],
    [{ email: `${'a'.repeat(250)}@b.dk` }, 'E-mailen må højst være på 254 tegn'],
    [{ ...ADDRESS, address: 'x'.repeat(55) }, 'Adressen må højst være på 54 tegn'],
    [{ ...ADDRESS, address2: 'x'.repeat(55) }, 'Linjen må højst være på 54 tegn'],
    [{ ...ADDRESS, city: 'x'.repeat(41) }, 'Byen må højst være på 40 tegn'],
    [{ ...ADDRESS, postcode: '999' }, 'Et dansk postnummer er 4 cifre, 1000–9999'],
    [{ ...ADDRESS, postcode: null }, 'Skriv postnummeret'],
    [{ ...ADDRESS, countryCode: 'Danmark' }, 'Vælg et land fra listen'],
    [{ address: 'Perlevej 1' }, 'Send hele adressen: Adresse, Ekstra adresselinje, Postnr., By og Land'],
  ])('refuses %j in Danish', (input, expected) => {
    expect(message(customerUpdateSchema.safeParse(input))).toBe(expected);
  });

  it('the edit form needs a name and takes empty contact fields', () => {
    const empty = { address: '', address2: ' ', postcode: '', city: '', countryCode: 'DK' };
    expect(customerEditFormSchema.parse({ name: 'Bo', phone: '', email: ' ', ...empty })).toEqual({
      name: 'Bo',
      phone: '',
      email: '',
      ...empty,
      address2: '',
    });
    expect(message(customerEditFormSchema.safeParse({ name: ' ', phone: '', email: '', ...empty }))).toBe(
      'Navn er påkrævet',
    );
  });

  it('the edit form cleans the address and needs street, town and a Danish postcode, each on its field', () => {
    const form = { name: 'Bo', phone: '', email: '' };
    expect(
      customerEditFormSchema.parse({
        ...form,
        address: '  Æblegade  7, 2. tv ',
        address2: '',
        postcode: ' 8000',
        city: 'Aarhus\u200b C',
        countryCode: 'DK',
      }),
    ).toMatchObject({ address: 'Æblegade 7, 2. tv', postcode: '8000', city: 'Aarhus C' });
    const issues = customerEditFormSchema.safeParse({
      ...form,
      address: '',
      address2: 'c/o Hansen',
      postcode: '80',
      city: '',
      countryCode: 'DK',
    }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['postcode', 'Et dansk postnummer er 4 cifre, 1000–9999'],
      ['address', 'Skriv vej og husnummer'],
      ['city', 'Skriv byen'],
    ]);
    // Abroad: no postcode needed, letters in one written in capitals.
    expect(
      customerEditFormSchema.parse({
        ...form,
        address: '10 Downing Street',
        address2: '',
        postcode: 'sw1a 2aa',
        city: 'London',
        countryCode: 'GB',
      }).postcode,
    ).toBe('SW1A 2AA');
    expect(
      customerEditFormSchema.safeParse({
        ...form,
        address: 'Main Street 1',
        address2: '',
        postcode: '',
        city: 'Dublin',
        countryCode: 'IE',
      }).success,
    ).toBe(true);
  });
});
