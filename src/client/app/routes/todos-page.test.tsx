import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import type { Todo, TodoFirstScreen, TodoListItem } from '../../../shared/schemas/api-todos.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { TodosPage } from './todos-page.tsx';

const bead = (id: string, name: string): Bead => ({
  id,
  name,
  priceOre: 4500,
  saleType: null,
  isDeleted: false,
  photoId: null,
  stock: null,
});
const beads = [bead('b1', 'Rød perle'), bead('b2', 'Blå perle'), bead('b3', 'Havglas')];
const customers: Customer[] = [
  {
    id: 'c1',
    name: 'Anna',
    phone: null,
    email: null,
    address: null,
    address2: null,
    postcode: null,
    city: null,
    countryCode: 'DK',
    addressNeedsCheck: false,
    archived: false,
    archivedAt: null,
  },
  {
    id: 'c2',
    name: 'Bo',
    phone: null,
    email: null,
    address: null,
    address2: null,
    postcode: null,
    city: null,
    countryCode: 'DK',
    addressNeedsCheck: false,
    archived: false,
    archivedAt: null,
  },
];
const items: TodoListItem[] = [
  { id: 't1', beadId: 'b1', customerId: 'c1', amount: 2 },
  { id: 't2', beadId: 'b2', customerId: 'c2', amount: 3 },
  { id: 't3', beadId: 'b3', customerId: 'c1', amount: 4 },
  { id: 't4', beadId: 'b1', customerId: null, amount: 5 },
];
const whole = (item: TodoListItem): Todo => ({
  ...item,
  bead: beads.find((b) => b.id === item.beadId) as Bead,
  customer: customers.find((c) => c.id === item.customerId) ?? null,
});

type Deferred = { promise: Promise<void>; release: () => void };
function deferred(): Deferred {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/**
 * A fake API over `list`: the three whole lists wait until `lists.release()`, while GET /api/todos/first
 * answers at once with the first `firstCount` todos (or fails with a 500 when `firstCount` is null).
 */
function fakeApi(firstCount: number | null, list: TodoListItem[] = items) {
  const lists = deferred();
  let todos = [...list];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/api/todos/first')) {
      if (firstCount === null) return Response.json({ message: 'Fejl', code: 'INTERNAL' }, { status: 500 });
      const first: TodoFirstScreen = { todos: todos.slice(0, firstCount).map(whole), total: todos.length };
      return Response.json(first);
    }
    if (method === 'GET' && url === '/api/todos') return lists.promise.then(() => Response.json(todos));
    if (method === 'GET' && url.startsWith('/api/beads'))
      return lists.promise.then(() => Response.json(beads));
    if (method === 'GET' && url === '/api/customers') {
      return lists.promise.then(() => Response.json(customers));
    }
    if (method === 'DELETE' && url.startsWith('/api/todos/')) {
      todos = todos.filter((todo) => url !== `/api/todos/${todo.id}`);
      return new Response(null, { status: 204 });
    }
    return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, lists };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TodosPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TodosPage, first screen first', () => {
  it('shows the first rows and the total before the whole lists arrive, then the whole list', async () => {
    const { lists, fetchMock } = fakeApi(2);
    renderPage();
    expect(screen.getByText('Indlæser todos....')).toBeInTheDocument();
    // The whole lists wait for the first screen: they would share a slow line with it.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/todos/first?limit=40']);

    // First screen: two whole rows, the real total, the rest on its way; the groupings' counts wait.
    const list = await screen.findByRole('list', { name: 'Todo' });
    expect(rowsOf(list)).toHaveLength(2);
    expect(within(list).getByText('Rød perle')).toBeInTheDocument();
    expect(within(list).getByText('Bo')).toBeInTheDocument();
    expect(screen.getByText('4 todos i alt')).toBeInTheDocument();
    expect(screen.getByText('Henter resten af listen…')).toBeInTheDocument();
    const chips = screen.getByRole('radiogroup', { name: 'Gruppér todos' });
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['Ingen 4', 'Kunde …', 'Samlede …']);

    // The other groupings need every todo: they say they are loading until then.
    await userEvent.click(within(chips).getByRole('radio', { name: /^Kunde/ }));
    expect(screen.getByText('Indlæser todos....')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Anna' })).not.toBeInTheDocument();
    await userEvent.click(within(chips).getByRole('radio', { name: /^Ingen/ }));

    const firstRow = within(screen.getByRole('list', { name: 'Todo' })).getAllByRole('listitem')[0];
    lists.release();
    expect(await screen.findByText('Havglas')).toBeInTheDocument();
    // The same row, not a new one: the flat list stays mounted through the swap.
    expect(firstRow).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('list', { name: 'Todo' }))).toHaveLength(4);
    expect(screen.queryByText('Henter resten af listen…')).not.toBeInTheDocument();
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['Ingen 4', 'Kunde 3', 'Samlede 3']);
  });

  it('a first-screen row can be deleted before the whole list is there', async () => {
    const { fetchMock } = fakeApi(2);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Todo' });
    // jsdom is as narrow as a phone: the row's menu (swipe is covered by the e2e tests).
    await userEvent.click(within(list).getByRole('button', { name: 'Handlinger for 3 Blå perle (Bo)' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Slet' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft sletning' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/todos/t2', expect.objectContaining({ method: 'DELETE' }));
    // Gone at once from the first screen; its refetch then brings the next todo up.
    expect(await screen.findByText('3 todos i alt')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(rowsOf(screen.getByRole('list', { name: 'Todo' }))).toEqual([
        '2 Rød perleAnna',
        '4 HavglasAnna',
      ]),
    );
  });

  it('a first screen that holds every todo is the whole list: all groupings at once', async () => {
    fakeApi(40);
    renderPage();
    const chips = await screen.findByRole('radiogroup', { name: 'Gruppér todos' });
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['Ingen 4', 'Kunde 3', 'Samlede 3']);
    expect(screen.queryByText('Henter resten af listen…')).not.toBeInTheDocument();
  });

  it('no todos at all: the empty state as soon as the first screen says so', async () => {
    fakeApi(40, []);
    renderPage();
    expect(await screen.findByText('Ingen todos endnu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilføj første todo' })).toBeInTheDocument();
  });

  it('a failed first screen only means waiting for the whole list', async () => {
    const { lists } = fakeApi(null);
    renderPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Indlæser todos....')).toBeInTheDocument();
    expect(screen.queryByText('Todos kunne ikke hentes')).not.toBeInTheDocument();
    lists.release();
    expect(rowsOf(await screen.findByRole('list', { name: 'Todo' }))).toHaveLength(4);
  });
});
