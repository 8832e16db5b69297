import { describe, expect, it } from 'vitest';
import { deleteRefusal } from './customer-care.tsx';

describe('deleteRefusal (when Slet kunde is offered)', () => {
  it('allows deleting only a customer without orders and todos, and says why not in Danish', () => {
    expect(deleteRefusal({ orders: [], todos: [] })).toBeNull();
    expect(deleteRefusal({ orders: [{}] as never, todos: [] })).toBe(
      'Kunden har ordrer og kan derfor ikke slettes. Arkivér kunden i stedet.',
    );
    expect(deleteRefusal({ orders: [], todos: [{}] as never })).toMatch(
      /^Kunden har todos og kan derfor ikke slettes/,
    );
  });
});
