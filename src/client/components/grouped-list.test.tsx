import { act, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupedList, type GroupedListHandle, type ListGroup } from './grouped-list.tsx';

type Item = { id: string; text: string };
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

// jsdom has no scrolling; the virtualizer and the jump call window.scrollTo.
let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('GroupedList', () => {
  it('gives every group a section with its heading and a list of its rows', () => {
    render(
      <GroupedList
        groups={[group('Anna', 2), group('Bo', 1)]}
        getKey={getKey}
        renderItem={renderItem}
        renderHeader={renderHeader}
        groupLabel={groupLabel}
        estimateItemHeight={50}
        estimateHeaderHeight={40}
      />,
    );
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
    render(
      <GroupedList
        groups={[group('Alle', 5000)]}
        getKey={getKey}
        renderItem={renderItem}
        groupLabel={groupLabel}
        estimateItemHeight={50}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Alle' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '5000');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows only the first groups of many, each with its header', () => {
    const groups = Array.from({ length: 1000 }, (_, index) => group(`Kunde ${index}`, 5));
    render(
      <GroupedList
        groups={groups}
        getKey={getKey}
        renderItem={renderItem}
        renderHeader={renderHeader}
        groupLabel={groupLabel}
        estimateItemHeight={50}
        estimateHeaderHeight={40}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings[0]).toHaveTextContent('Kunde 0');
    expect(headings.length).toBeLessThan(10);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('jumps to a group by scrolling its header just below the sticky bars', () => {
    const ref = createRef<GroupedListHandle>();
    render(
      <GroupedList
        ref={ref}
        groups={[group('Anna', 3), group('Bo', 2), group('Carl', 1)]}
        getKey={getKey}
        renderItem={renderItem}
        renderHeader={renderHeader}
        groupLabel={groupLabel}
        estimateItemHeight={50}
        estimateHeaderHeight={40}
        stickyTop={20}
      />,
    );
    // Anna: 40 + 3 × 50; Bo: 40 + 2 × 50, so Carl's header starts at 330.
    act(() => ref.current?.scrollToGroup('Carl'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 310, behavior: 'instant' });
  });
});
