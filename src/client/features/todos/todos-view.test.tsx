import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TodoGrouping } from '../../../shared/first-screen-state.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import type { TodoActions } from './todo-actions.tsx';
import { cumulativeByBead, groupByCustomer, groupingCounts } from './todo-grouping.ts';
import { TodosView } from './todos-view.tsx';

// MUI dialogs render slowly on a busy machine; wait longer than the 1 s default for them.
configure({ asyncUtilTimeout: 5000 });

const bead = (id: string, name: string, priceOre = 4500) => ({
  id,
  name,
  priceOre,
  saleType: null,
  isDeleted: false,
  photoId: null,
  stock: null,
});
const customer = (id: string, name: string) => ({ id, name });

let nextId = 0;
function todo(amount: number, b: ReturnType<typeof bead>, c: ReturnType<typeof customer> | null): Todo {
  nextId += 1;
  return {
    id: `todo-${nextId}`,
    beadId: b.id,
    customerId: c?.id ?? null,
    amount,
    bead: b,
    customer: c,
  };
}

const red = bead('b1', 'Rød perle');
const blue = bead('b2', 'Blå perle');
const fresh = bead('b3', 'Havglas', 0);
const anna = customer('c1', 'Anna');
const oeje = customer('c2', 'Øjvind');
const aase = customer('c3', 'Åse');

const todos: Todo[] = [
  todo(2, red, oeje),
  todo(1, blue, anna),
  todo(3, red, anna),
  todo(4, fresh, null),
  todo(1, blue, aase),
  todo(2, blue, null),
];

function fakeActions(): TodoActions {
  return { complete: vi.fn(), requestDelete: vi.fn(), busyWith: () => null, dialogs: null };
}

function Harness({ actions, initial = 'none' }: { actions: TodoActions; initial?: TodoGrouping }) {
  const [grouping, setGrouping] = useState<TodoGrouping>(initial);
  return (
    <MemoryRouter>
      <TodosView todos={todos} grouping={grouping} onGroupingChange={setGrouping} actions={actions} />
    </MemoryRouter>
  );
}

describe('todo grouping', () => {
  it('counts todos, distinct customers (no customer counts as one) and distinct beads', () => {
    expect(groupingCounts(todos)).toEqual({ none: 6, customer: 4, cumulative: 3 });
    expect(groupingCounts([])).toEqual({ none: 0, customer: 0, cumulative: 0 });
  });

  it('groups per customer in Danish order, with no customer last', () => {
    const groups = groupByCustomer(todos);
    expect(groups.map((group) => group.customerName)).toEqual(['Anna', 'Øjvind', 'Åse', null]);
    expect(groups.map((group) => group.todos.length)).toEqual([2, 1, 1, 2]);
  });

  it('sums amounts per bead, largest first, then by name', () => {
    expect(
      cumulativeByBead(todos).map((entry) => [entry.bead.name, entry.amount, entry.customerNames]),
    ).toEqual([
      ['Rød perle', 5, ['Anna', 'Øjvind']],
      ['Blå perle', 4, ['Anna', 'Åse', null]],
      ['Havglas', 4, [null]],
    ]);
  });
});

describe('TodosView', { timeout: 30_000 }, () => {
  it('shows the grouping chips with their counts and the swipe hint', () => {
    render(<Harness actions={fakeActions()} />);
    const chips = within(screen.getByRole('radiogroup', { name: 'Gruppér todos' })).getAllByRole('radio');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Ingen 6', 'Kunde 4', 'Samlede 3']);
    expect(screen.getByRole('radio', { name: 'Ingen 6' })).toHaveAttribute('aria-checked', 'true');
    expect(
      screen.getByText('Stryg til venstre for at færdiggøre og til højre for at slette'),
    ).toBeInTheDocument();
  });

  it('keeps room for the counts still coming, as wide as the total, in one row that never wraps', () => {
    render(
      <MemoryRouter>
        <TodosView
          todos={todos.slice(0, 2)}
          grouping="none"
          onGroupingChange={() => {}}
          actions={fakeActions()}
          firstScreenOf={5000}
        />
      </MemoryRouter>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Gruppér todos' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['Ingen 5.000', 'Kunde …', 'Samlede …']);
    // The chips keep their width when the counts arrive, so the list below does not move (layout shift).
    // Under every count, known or not, the widest there can be (the total) keeps its room.
    for (const chip of within(group).getAllByRole('radio')) {
      const pill = chip.querySelector('[data-widest]');
      expect(pill?.getAttribute('data-widest')).toBe('5.000');
      expect(getComputedStyle(pill as Element).display).toBe('inline-grid');
    }
    expect(getComputedStyle(group).flexWrap).toBe('nowrap');
  });

  it('lists every todo with amount, bead and customer; a missing customer is an error line', () => {
    render(<Harness actions={fakeActions()} />);
    const rows = within(screen.getByRole('list', { name: 'Todo' })).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('2 Rød perleØjvind');
    expect(rows[3]).toHaveTextContent('4 HavglasNy perle uden prisFejl: Kunde mangler');
    expect(within(rows[3] as HTMLElement).getByTitle('Ny perle uden pris')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByTitle('Ny perle uden pris')).not.toBeInTheDocument();
  });

  it('groups by customer under headings, Ingen kunde last', async () => {
    const user = userEvent.setup();
    render(<Harness actions={fakeActions()} />);
    await user.click(screen.getByRole('radio', { name: 'Kunde 4' }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Anna',
      'Øjvind',
      'Åse',
      'Ingen kunde',
    ]);
    const anna = within(screen.getByRole('list', { name: 'Anna' })).getAllByRole('listitem');
    expect(anna.map((row) => row.textContent)).toEqual(['1 Blå perle', '3 Rød perle']);
    expect(screen.getByRole('link', { name: 'Anna' })).toHaveAttribute('href', '/customers/c1');
  });

  it('shows the shopping list in Samlede: summed, largest first, no actions and no swipe hint', async () => {
    const user = userEvent.setup();
    render(<Harness actions={fakeActions()} />);
    await user.click(screen.getByRole('radio', { name: 'Samlede 3' }));
    const rows = within(screen.getByRole('list', { name: 'Samlede' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '5 Rød perleAnna, Øjvind',
      '4 Blå perleAnna, Åse, Ingen kunde',
      '4 HavglasNy perle uden prisIngen kunde',
    ]);
    expect(screen.queryByRole('button', { name: /Handlinger/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Stryg til venstre/)).not.toBeInTheDocument();
  });

  it('moves between the chips with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness actions={fakeActions()} />);
    screen.getByRole('radio', { name: 'Ingen 6' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Kunde 4' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Kunde 4' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Samlede 3' })).toHaveAttribute('aria-checked', 'true');
  });

  it('completes and deletes from the row menu, by keyboard too', async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    render(<Harness actions={actions} />);
    await user.click(screen.getByRole('button', { name: 'Handlinger for 2 Rød perle (Øjvind)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Færdiggør' }));
    expect(actions.complete).toHaveBeenCalledWith(todos[0]);

    screen.getByRole('button', { name: 'Handlinger for 1 Blå perle (Anna)' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(actions.requestDelete).toHaveBeenCalledWith(todos[1]);
  });
});

describe('TodosView with 5,000 todos', { timeout: 30_000 }, () => {
  const many: Todo[] = Array.from({ length: 5000 }, (_, index) =>
    todo(
      (index % 9) + 1,
      bead(`bead-${index % 300}`, `Perle ${String(index % 300).padStart(3, '0')}`),
      index % 50 === 0 ? null : customer(`c-${index % 400}`, `Kunde ${String(index % 400).padStart(3, '0')}`),
    ),
  );

  function renderMany(grouping: TodoGrouping) {
    return render(
      <MemoryRouter>
        <TodosView todos={many} grouping={grouping} onGroupingChange={() => {}} actions={fakeActions()} />
      </MemoryRouter>,
    );
  }

  it('puts only a screenful of rows into the page in the flat list', () => {
    renderMany('none');
    const rows = within(screen.getByRole('list', { name: 'Todo' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    // The list still says how long it is.
    expect(rows[0]).toHaveAttribute('aria-setsize', '5000');
    expect(screen.getByRole('radio', { name: 'Ingen 5.000' })).toBeInTheDocument();
  });

  it('puts only the first customers and their rows into the page, under their headings', () => {
    renderMany('customer');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.length).toBeLessThan(20);
    expect(headings[0]).toHaveTextContent('Kunde 001');
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
    const first = within(screen.getByRole('list', { name: 'Kunde 001' })).getAllByRole('listitem');
    expect(first[0]).toHaveAttribute(
      'aria-setsize',
      String(many.filter((item) => item.customerId === 'c-1').length),
    );
  });

  it('puts only a screenful of beads into the page in Samlede', () => {
    renderMany('cumulative');
    const rows = within(screen.getByRole('list', { name: 'Samlede' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '300');
  });
});
