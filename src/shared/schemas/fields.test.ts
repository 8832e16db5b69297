import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatKrInput, MAX_PRICE_ORE } from '../domain/money.ts';
import {
  booleanSchema,
  idempotencyKeySchema,
  idSchema,
  krPriceField,
  positivePriceOreSchema,
  priceOreSchema,
  saleTypeSchema,
} from './fields.ts';

/** The first error message of a failed parse, or undefined when it succeeded. */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('idSchema', () => {
  it('accepts text ids, trimmed', () => {
    expect(idSchema().parse(' 3f2a ')).toBe('3f2a');
  });

  it('refuses missing and blank ids with the given message', () => {
    expect(firstMessage(idSchema('Vælg en perle').safeParse(''))).toBe('Vælg en perle');
    expect(firstMessage(idSchema('Vælg en perle').safeParse(undefined))).toBe('Vælg en perle');
    expect(firstMessage(idSchema().safeParse(42))).toBe('Id mangler');
  });
});

describe('priceOreSchema', () => {
  it('accepts whole øre from 0', () => {
    expect(priceOreSchema().parse(0)).toBe(0);
    expect(priceOreSchema().parse(7500)).toBe(7500);
  });

  it.each([
    [undefined, 'Pris er påkrævet'],
    [null, 'Pris er påkrævet'],
    ['7500', 'Indtast en gyldig pris'],
    [12.5, 'Indtast en gyldig pris'],
    [-1, 'Prisen må ikke være negativ'],
    [100_000_001, 'Prisen er for høj'],
  ])('refuses %o with %s', (value, message) => {
    expect(firstMessage(priceOreSchema().safeParse(value))).toBe(message);
  });

  it('positivePriceOreSchema refuses 0', () => {
    expect(firstMessage(positivePriceOreSchema().safeParse(0))).toBe('Prisen skal være over 0');
    expect(positivePriceOreSchema().parse(1)).toBe(1);
  });
});

describe('small fields', () => {
  it('saleTypeSchema knows the offer and null', () => {
    expect(saleTypeSchema.parse('2 for 125')).toBe('2 for 125');
    expect(saleTypeSchema.parse(null)).toBeNull();
    expect(firstMessage(saleTypeSchema.safeParse('3 for 100'))).toBe('Ukendt tilbud');
  });

  it('booleanSchema speaks Danish', () => {
    expect(booleanSchema.parse(true)).toBe(true);
    expect(firstMessage(booleanSchema.safeParse('true'))).toBe('Vælg ja eller nej');
  });

  it('idempotencyKeySchema wants a UUID', () => {
    expect(idempotencyKeySchema.parse('0b6a3c1e-5f5d-4a59-9d8e-2a7f1f0c9b11')).toBeTruthy();
    expect(firstMessage(idempotencyKeySchema.safeParse('abc'))).toBe('Ugyldig forespørgsel. Prøv igen.');
  });
});

describe('krPriceField', () => {
  const field = krPriceField();

  it.each([
    ['75', 7500],
    ['12,50', 1250],
    ['12.5', 1250],
    ['1.234', 123400],
    ['0', 0],
    [75, 7500],
    [12.5, 1250],
    [19.99, 1999],
    [0, 0],
  ])('turns %j kr into %s øre', (value, ore) => {
    expect(field.parse(value)).toBe(ore);
  });

  it.each([
    ['', 'Pris er påkrævet'],
    ['  ', 'Pris er påkrævet'],
    [undefined, 'Pris er påkrævet'],
    [null, 'Pris er påkrævet'],
    [Number.NaN, 'Pris er påkrævet'],
    ['abc', 'Indtast en gyldig pris'],
    [Number.POSITIVE_INFINITY, 'Indtast en gyldig pris'],
    [true, 'Indtast en gyldig pris'],
    ['12,345', 'Prisen må højst have to decimaler'],
    [12.345, 'Prisen må højst have to decimaler'],
    ['-5', 'Prisen må ikke være negativ'],
    [-5, 'Prisen må ikke være negativ'],
    ['2000000', 'Prisen er for høj'],
  ])('refuses %o with %s', (value, message) => {
    expect(firstMessage(field.safeParse(value))).toBe(message);
  });

  it('uses a custom required message and can insist on more than 0', () => {
    expect(firstMessage(krPriceField({ requiredMessage: 'Pris!' }).safeParse(''))).toBe('Pris!');
    expect(firstMessage(krPriceField({ positive: true }).safeParse('0'))).toBe('Prisen skal være over 0');
    expect(firstMessage(krPriceField({ positive: true }).safeParse('0,00'))).toBe('Prisen skal være over 0');
    expect(krPriceField({ positive: true }).parse('0,01')).toBe(1);
  });

  it('round-trips any valid price formatted for an input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_ORE }), (ore) => {
        expect(field.parse(formatKrInput(ore))).toBe(ore);
        expect(field.parse(ore / 100)).toBe(ore);
      }),
    );
  });
});
