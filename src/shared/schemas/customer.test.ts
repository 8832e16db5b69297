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

describe('customerUpdateSchema (rename and contact details)', () => {
  it('takes any subset of the fields, cleaned; null or empty clears a contact field', () => {
    expect(customerUpdateSchema.parse({})).toEqual({});
    expect(customerUpdateSchema.parse({ name: ' Åse  Holm ', phone: ' 12 34 ' })).toEqual({
      name: 'Åse Holm',
      phone: '12 34',
    });
    expect(customerUpdateSchema.parse({ email: null, address: '' })).toEqual({ email: null, address: '' });
  });

  it.each([
    [{ name: '' }, 'Navn er påkrævet'],
    [{ name: '{name}' }, 'Navnet {name} kan ikke bruges'],
    [{ phone: '12ab' }, 'Telefonnummeret må kun indeholde tal, mellemrum, + og -'],
    [{ phone: '--' }, 'Skriv et telefonnummer med tal'],
    [{ phone: '1'.repeat(31) }, 'Telefonnummeret må højst være på 30 tegn'],
    [{ email: 'aase@perler' }, 'Skriv en gyldig e-mail, fx navn@eksempel.dk'],
    [{ email: `${'a'.repeat(250)}@b.dk` }, 'E-mailen må højst være på 254 tegn'],
    [{ address: 'x'.repeat(301) }, 'Adressen må højst være på 300 tegn'],
  ])('refuses %j in Danish', (input, expected) => {
    expect(message(customerUpdateSchema.safeParse(input))).toBe(expected);
  });

  it('the edit form needs a name and takes empty contact fields', () => {
    expect(customerEditFormSchema.parse({ name: 'Bo', phone: '', email: ' ', address: '\n' })).toEqual({
      name: 'Bo',
      phone: '',
      email: '',
      address: '',
    });
    expect(message(customerEditFormSchema.safeParse({ name: ' ', phone: '', email: '', address: '' }))).toBe(
      'Navn er påkrævet',
    );
  });
});
