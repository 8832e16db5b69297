import { describe, expect, it } from 'vitest';
import { joinTodos } from './todo-join.ts';

const bead = {
  id: 'b1',
  name: 'Rød perle',
  priceOre: 2500,
  saleType: null,
  isDeleted: false,
  photoId: null,
  stock: null,
};
const gone = {
  id: 'b2',
  name: 'Udgået',
  priceOre: 4000,
  saleType: null,
  isDeleted: true,
  photoId: null,
  stock: null,
};
const customer = { id: 'c1', name: 'Åse' };

describe('joinTodos', () => {
  it('gives each todo its bead and customer from the cached lists, in the order of the todo list', () => {
    const todos = joinTodos(
      [
        { id: 't2', beadId: 'b2', customerId: null, amount: 3 },
        { id: 't1', beadId: 'b1', customerId: 'c1', amount: 1 },
      ],
      [bead, gone],
      [customer],
    );
    expect(todos).toEqual([
      { id: 't2', beadId: 'b2', customerId: null, amount: 3, bead: gone, customer: null },
      { id: 't1', beadId: 'b1', customerId: 'c1', amount: 1, bead, customer },
    ]);
  });

  it("names a customer the list does not hold 'Ukendt kunde' and keeps the todo", () => {
    const [todo] = joinTodos(
      [{ id: 't', beadId: 'b1', customerId: 'hidden', amount: 1 }],
      [bead],
      [customer],
    );
    expect(todo?.customer).toEqual({ id: 'hidden', name: 'Ukendt kunde' });
  });
});
