import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupByInitial } from '../../shared/domain/collation.ts';
import type { FirstScreenState } from '../../shared/first-screen-state.ts';
import { provideServerState } from '../lib/hydration.ts';
import { GroupedList, type GroupedListHandle, type ListGroup } from './grouped-list.tsx';
import { letterGroupLabel, letterListFrameSx, renderLetterHeader } from './letter-header.tsx';

type Item = { id: string; text: string };

const PHONE_STATE: FirstScreenState = {
  now: '2026-11-20T12:00:00.000Z',
  device: 'phone',
  versions: {},
  answers: {},
  prefs: { todoGrouping: 'none' },
};
type Group = ListGroup<Item> & { name: string };

const group = (name: string, count: number): Group => ({
  key: name,
  name,
  items: Array.from({ length: count }, (_, index) => ({
    id: `${name}-${index}`,
    text: `${name} ${index + 1}`,
  })),
});
const getKey = (item: Item) => item.id;
const renderItem = (item: Item) => <span>{item.text}</span>;
const renderHeader = (group: Group) => <h2>{group.name}</h2>;
const groupLabel = (group: Group) => group.name;

/**
 * A measured list of named groups (estimates 50 px a row, 40 px a header); `headers: false` leaves the
 * headers out.
 */
function renderGroups(
  groups: Group[],
  {
    headers = true,
    ...props
  }: { headers?: boolean; ref?: React.Ref<GroupedListHandle>; stickyTop?: number } = {},
) {
  return render(
    <GroupedList
      groups={groups}
      getKey={getKey}
      renderItem={renderItem}
      renderHeader={headers ? renderHeader : undefined}
      groupLabel={groupLabel}
      estimateItemHeight={50}
      estimateHeaderHeight={40}
      {...props}
    />,
  );
}

type Person = { id: string; name: string };

const people = (names: string[]): Person[] => names.map((name, index) => ({ id: String(index), name }));
const personKey = (person: Person) => person.id;
const renderPerson = (person: Person) => <span>{person.name}</span>;

/** An alphabetical list as Kunder and Nåle have it: fixed heights, letter headers, one card. */
function renderLetterList(
  names: string[],
  options: { ref?: React.Ref<GroupedListHandle>; onActiveGroupChange?: (key: string | null) => void } = {},
) {
  const groups = groupByInitial(people(names), (person) => person.name).map((initial) => ({
    key: initial.letter,
    ...initial,
  }));
  return render(
    <GroupedList
      ref={options.ref}
      groups={groups}
      getKey={personKey}
      renderItem={renderPerson}
      renderHeader={renderLetterHeader}
      groupLabel={letterGroupLabel}
      label="Kunder"
      frameSx={letterListFrameSx}
      fixedHeights={{ item: 50, header: 30 }}
      stickyTop={100}
      stickyHeaders
      onActiveGroupChange={options.onActiveGroupChange}
    />,
  );
}

// jsdom has no scrolling; the virtualizer and the jump call window.scrollTo.
let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('GroupedList', () => {
  it('gives every group a section with its heading and a list of its rows', () => {
    renderGroups([group('Anna', 2), group('Bo', 1)]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Anna',
      'Bo',
    ]);
    const anna = within(screen.getByRole('region', { name: 'Anna' })).getByRole('list', { name: 'Anna' });
    const rows = within(anna).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Anna 1', 'Anna 2']);
    expect(rows[1]).toHaveAttribute('aria-setsize', '2');
    expect(rows[1]).toHaveAttribute('aria-posinset', '2');
  });

  it('puts only a screenful of rows into the page, even with 5,000 rows', () => {
    renderGroups([group('Alle', 5000)], { headers: false });
    const rows = within(screen.getByRole('list', { name: 'Alle' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '5000');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows only the first groups of many, each with its header', () => {
    const groups = Array.from({ length: 1000 }, (_, index) => group(`Kunde ${index}`, 5));
    renderGroups(groups);
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings[0]).toHaveTextContent('Kunde 0');
    expect(headings.length).toBeLessThan(10);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('jumps to a group by scrolling its header just below the sticky bars', () => {
    const ref = createRef<GroupedListHandle>();
    renderGroups([group('Anna', 3), group('Bo', 2), group('Carl', 1)], { ref, stickyTop: 20 });
    // Anna: 40 + 3 × 50; Bo: 40 + 2 × 50, so Carl's header starts at 330.
    act(() => ref.current?.scrollToGroup('Carl'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 310, behavior: 'instant' });
  });

  it('measures rows of varying height, and not rows of fixed height', () => {
    const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    const { unmount } = renderGroups([group('Anna', 3)], { headers: false });
    expect(offsetHeight).toHaveBeenCalled();
    unmount();
    offsetHeight.mockClear();

    renderLetterList(['Anna', 'Bo', 'Carl']);
    expect(offsetHeight).not.toHaveBeenCalled();
    const rows = within(screen.getByRole('group', { name: 'Kunder' })).getAllByRole('listitem');
    expect(rows.map((row) => row.style.height)).toEqual(['50px', '50px', '50px']);
  });
});

describe('GroupedList as an alphabetical list (Kunder, Nåle)', () => {
  it('shows the names under their initial, Æ, Ø and Å after Z', () => {
    renderLetterList(['Åse', 'Bo', 'Ærlig', 'Anna', 'Zenia', 'Ørn']);
    const list = screen.getByRole('group', { name: 'Kunder' });
    const headings = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['A', 'B', 'Z', 'Æ', 'Ø', 'Å']);
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual(['Anna', 'Bo', 'Zenia', 'Ærlig', 'Ørn', 'Åse']);
    const ø = within(screen.getByRole('region', { name: 'Ø' })).getByRole('list', { name: 'Ø' });
    expect(within(ø).getByRole('listitem')).toHaveTextContent('Ørn');
  });

  it('puts only the rows in view into the page, even with 5,000 names', () => {
    const names = Array.from({ length: 5000 }, (_, index) => `Kunde ${String(index).padStart(4, '0')}`);
    renderLetterList(names);
    const list = screen.getByRole('group', { name: 'Kunder' });
    const rendered = within(list).getAllByRole('listitem');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    // The list is as tall as all rows, so the scroll bar is honest: 1 header + 5,000 rows.
    expect((list.firstElementChild as HTMLElement).style.height).toBe(`${30 + 5000 * 50}px`);
    expect(screen.getByRole('list', { name: 'K' }).style.height).toBe(`${5000 * 50}px`);
    expect(rendered[0]).toHaveAttribute('aria-setsize', '5000');
    expect(rendered[0]).toHaveAttribute('aria-posinset', '1');
  });

  it('keeps the stuck copy of the header out of the headings and the tab order', () => {
    // The sticky line is 100 px down the list: B's header (at 80) has passed it.
    const { container } = renderLetterList(['Anna', 'Bo', 'Zenia']);
    const stuck = container.querySelector('[inert]');
    expect(stuck).toHaveAttribute('aria-hidden', 'true');
    expect(stuck).toHaveTextContent('B');
    expect(stuck?.querySelector('h2, [tabindex]')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'A',
      'B',
      'Z',
    ]);
  });

  it('jumps to a letter by scrolling its header just below the sticky bars', () => {
    const ref = createRef<GroupedListHandle>();
    // A: header 30 + 3 × 50 = 180; B: 30 + 2 × 50 = 130, so Ø's header starts at 310.
    renderLetterList(['Anna', 'Asger', 'Aase', 'Bo', 'Bent', 'Ørn'], { ref });
    act(() => ref.current?.scrollToGroup('Ø'));
    // 310 from the list top (0 in jsdom), minus the 100 px of sticky bars, clamped at 0.
    expect(scrollTo).toHaveBeenCalledWith({ top: 210, behavior: 'instant' });
    act(() => ref.current?.scrollToGroup('A'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'instant' });
  });

  it('focuses the header of the letter jumped to, which stays the active one where the jump left it', async () => {
    const ref = createRef<GroupedListHandle>();
    const onActive = vi.fn();
    renderLetterList(['Anna', 'Bo', 'Ørn'], { ref, onActiveGroupChange: onActive });
    // The sticky line (100 px) is past A (0) and B (80): B is at the top.
    expect(onActive).toHaveBeenLastCalledWith('B');
    // The page cannot scroll (jsdom): Ø stays where it is, and still counts as the letter picked.
    act(() => ref.current?.scrollToGroup('Ø', { focus: true }));
    expect(onActive).toHaveBeenLastCalledWith('Ø');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ø' })).toHaveFocus());
  });

  it('on the server fills the expected screen with rows standing in the flow, as nothing can be measured', () => {
    const list = (
      <GroupedList
        groups={[group('Anna', 40)]}
        getKey={getKey}
        renderItem={renderItem}
        renderHeader={renderHeader}
        groupLabel={groupLabel}
        estimateItemHeight={50}
        estimateHeaderHeight={40}
      />
    );
    provideServerState(() => PHONE_STATE);
    let html: string;
    try {
      html = renderToString(list);
    } finally {
      provideServerState(undefined);
    }
    const rows = html.match(/<li /g) ?? [];
    // 844 px of 50 px rows, and no more than the overscan beyond.
    expect(rows.length).toBeGreaterThanOrEqual(16);
    expect(rows.length).toBeLessThan(40);
    expect(html).toContain('Anna 1');
    expect(html).toMatch(/<li [^>]*style="[^"]*position:relative/);
    // Without a first screen (the browser's own render) no row is placed in the flow.
    expect(renderToString(list)).not.toMatch(/<li [^>]*style="[^"]*position:relative/);
  });
});
