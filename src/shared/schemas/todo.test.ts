import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TODO_AMOUNT,
  MIN_TODO_AMOUNT,
  makeTodoDialogSchema,
  todoAmountField,
  todoAmountSchema,
  todoBeadSchema,
  todoCompleteSchema,
  todoCreateSchema,
  todoUpdateSchema,
} from './todo.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.success ? [] : (result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []));
const first = (result: Parameters<typeof messages>[0]) => messages(result)[0]?.[1];

describe('todoAmountSchema', () => {
  it('accepts whole numbers from 1 to the maximum', () => {
    expect(MIN_TODO_AMOUNT).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: MIN_TODO_AMOUNT, max: MAX_TODO_AMOUNT }), (n) => {
        expect(todoAmountSchema.parse(n)).toBe(n);
      }),
    );
  });

  it.each([
    [0, 'Antal må ikke være mindre end 1'],
    [-3, 'Antal må ikke være mindre end 1'],
    [1.5, 'Antal skal være et helt tal'],
    ['2', 'Antal skal være et helt tal'],
    [undefined, 'Antal er påkrævet'],
    [1000, 'Antal må højst være 999'],
  ])('refuses %o with %s', (value, message) => {
    expect(first(todoAmountSchema.safeParse(value))).toBe(message);
  });
});

describe('todoAmountField', () => {
  it('reads text and numbers from a form', () => {
    expect(todoAmountField.parse('3')).toBe(3);
    expect(todoAmountField.parse(' 12 ')).toBe(12);
    expect(todoAmountField.parse(4)).toBe(4);
  });

  it.each([
    ['', 'Antal er påkrævet'],
    [Number.NaN, 'Antal er påkrævet'],
    [null, 'Antal er påkrævet'],
    ['0', 'Antal må ikke være mindre end 1'],
    ['2,5', 'Antal skal være et helt tal'],
    ['abc', 'Antal skal være et helt tal'],
  ])('refuses %o with %s', (value, message) => {
    expect(first(todoAmountField.safeParse(value))).toBe(message);
  });
});

describe('todoCreateSchema (API)', () => {
  it('accepts an existing bead and a new bead', () => {
    expect(
      todoCreateSchema.parse({ amount: 2, customerId: 'c1', bead: { kind: 'existing', beadId: 'b1' } }),
    ).toEqual({
      amount: 2,
      customerId: 'c1',
      bead: { kind: 'existing', beadId: 'b1' },
    });
    expect(
      todoCreateSchema.parse({ amount: 1, customerId: null, bead: { kind: 'new', name: ' Ny  perle ' } }),
    ).toEqual({
      amount: 1,
      customerId: null,
      bead: { kind: 'new', name: 'Ny perle' },
    });
  });

  it('gives the dialog messages for missing parts', () => {
    expect(
      messages(
        todoCreateSchema.safeParse({ amount: 0, customerId: '', bead: { kind: 'existing', beadId: '' } }),
      ),
    ).toEqual([
      ['amount', 'Antal må ikke være mindre end 1'],
      ['customerId', 'Vælg en kunde'],
      ['bead.beadId', 'Vælg en perle'],
    ]);
    expect(first(todoBeadSchema.safeParse({ kind: 'new', name: ' ' }))).toBe('Indtast navn på perle');
    expect(first(todoBeadSchema.safeParse(undefined))).toBe('Vælg en perle');
  });
});

describe('todoUpdateSchema', () => {
  it('changes the amount', () => {
    expect(todoUpdateSchema.parse({ amount: 5 })).toEqual({ amount: 5 });
    expect(first(todoUpdateSchema.safeParse({ amount: 0 }))).toBe('Antal må ikke være mindre end 1');
  });
});

describe('todoCompleteSchema', () => {
  const key = '0b6a3c1e-5f5d-4a59-9d8e-2a7f1f0c9b11';

  it('needs an idempotency key; price and offer are optional', () => {
    expect(todoCompleteSchema.parse({ idempotencyKey: key })).toEqual({ idempotencyKey: key });
    expect(todoCompleteSchema.parse({ idempotencyKey: key, priceOre: 7500, saleType: '2 for 125' })).toEqual({
      idempotencyKey: key,
      priceOre: 7500,
      saleType: '2 for 125',
    });
    expect(first(todoCompleteSchema.safeParse({}))).toBe('Ugyldig forespørgsel. Prøv igen.');
  });

  it('wants a price above 0 when given, and a price with an offer', () => {
    expect(first(todoCompleteSchema.safeParse({ idempotencyKey: key, priceOre: 0 }))).toBe(
      'Prisen skal være over 0',
    );
    expect(messages(todoCompleteSchema.safeParse({ idempotencyKey: key, saleType: '2 for 125' }))).toEqual([
      ['priceOre', 'Pris er påkrævet'],
    ]);
  });
});

describe('makeTodoDialogSchema (Tilføj Todo)', () => {
  const schema = makeTodoDialogSchema(['Rød perle', 'Blå glas']);

  it('outputs the create body for the existing-bead tab', () => {
    expect(
      schema.parse({
        amount: '2',
        customerId: 'c1',
        beadTab: 'existing',
        beadId: 'b1',
        newBeadName: 'ignored',
      }),
    ).toEqual({
      amount: 2,
      customerId: 'c1',
      bead: { kind: 'existing', beadId: 'b1' },
    });
  });

  it('outputs the create body for the new-bead tab', () => {
    const body = schema.parse({
      amount: 1,
      customerId: 'c1',
      beadTab: 'new',
      beadId: '',
      newBeadName: ' Grøn perle ',
    });
    expect(body).toEqual({ amount: 1, customerId: 'c1', bead: { kind: 'new', name: 'Grøn perle' } });
    expect(todoCreateSchema.parse(body)).toEqual(body);
  });

  it('reports every failing field of the open tab at once', () => {
    expect(
      messages(schema.safeParse({ amount: '0', customerId: '', beadTab: 'existing', beadId: '' })),
    ).toEqual([
      ['amount', 'Antal må ikke være mindre end 1'],
      ['customerId', 'Vælg en kunde'],
      ['beadId', 'Vælg en perle'],
    ]);
    expect(
      messages(schema.safeParse({ amount: 1, customerId: null, beadTab: 'new', newBeadName: '' })),
    ).toEqual([
      ['customerId', 'Vælg en kunde'],
      ['newBeadName', 'Indtast navn på perle'],
    ]);
  });

  it('refuses a new bead named like an existing one, ignoring case', () => {
    expect(
      messages(schema.safeParse({ amount: 1, customerId: 'c1', beadTab: 'new', newBeadName: ' rød PERLE ' })),
    ).toEqual([['newBeadName', 'En perle med dette navn findes allerede']]);
    expect(
      makeTodoDialogSchema().safeParse({
        amount: 1,
        customerId: 'c1',
        beadTab: 'new',
        newBeadName: 'Rød perle',
      }).success,
    ).toBe(true);
  });
});
