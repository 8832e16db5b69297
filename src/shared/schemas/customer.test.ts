import { describe, expect, it } from 'vitest';
import { customerCreateSchema, customerNameSchema, customerUpdateSchema } from './customer.ts';

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
