import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupByInitial } from '../../shared/domain/collation.ts';
import { InitialGroupedList, type InitialGroupedListHandle } from './initial-grouped-list.tsx';

type Person = { id: string; name: string };

const people = (names: string[]): Person[] => names.map((name, index) => ({ id: String(index), name }));
const getKey = (person: Person) => person.id;
const renderItem = (person: Person) => <span>{person.name}</span>;

function renderList(names: string[], ref?: React.Ref<InitialGroupedListHandle>) {
  const groups = groupByInitial(people(names), (person) => person.name);
  return render(
    <InitialGroupedList
      ref={ref}
      groups={groups}
      getKey={getKey}
      renderItem={renderItem}
      label="Kunder"
      itemHeight={50}
      headerHeight={30}
      stickyTop={100}
    />,
  );
}

// jsdom has no scrolling; the virtualizer and the jump call window.scrollTo.
let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('InitialGroupedList', () => {
  it('shows the names under their initial, Æ, Ø and Å after Z', () => {
    renderList(['Åse', 'Bo', 'Ærlig', 'Anna', 'Zenia', 'Ørn']);
    const list = screen.getByRole('list', { name: 'Kunder' });
    const headings = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['A', 'B', 'Z', 'Æ', 'Ø', 'Å']);
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual(['A', 'Anna', 'B', 'Bo', 'Z', 'Zenia', 'Æ', 'Ærlig', 'Ø', 'Ørn', 'Å', 'Åse']);
  });

  it('puts only the rows in view into the page, even with 5,000 names', () => {
    const names = Array.from({ length: 5000 }, (_, index) => `Kunde ${String(index).padStart(4, '0')}`);
    renderList(names);
    const list = screen.getByRole('list', { name: 'Kunder' });
    const rendered = within(list).getAllByRole('listitem');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    // The list is as tall as all rows, so the scroll bar is honest: 1 header + 5,000 rows.
    expect(list.style.height || getComputedStyle(list).height).toBe(`${30 + 5000 * 50}px`);
    expect(rendered[0]).toHaveAttribute('aria-setsize', '5001');
  });

  it('jumps to a letter by scrolling its header just below the sticky bars', () => {
    const ref = createRef<InitialGroupedListHandle>();
    // A: header 30 + 3 × 50 = 180; B: 30 + 2 × 50 = 130, so Ø's header starts at 310.
    renderList(['Anna', 'Asger', 'Aase', 'Bo', 'Bent', 'Ørn'], ref);
    ref.current?.scrollToLetter('Ø');
    // 310 from the list top (0 in jsdom), minus the 100 px of sticky bars, clamped at 0.
    expect(scrollTo).toHaveBeenCalledWith({ top: 210, behavior: 'instant' });
    ref.current?.scrollToLetter('A');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'instant' });
  });
});
