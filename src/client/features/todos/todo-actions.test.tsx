import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { newIdempotencyKey, useTodoActions } from './todo-actions.tsx';
import { TodoList } from './todo-list.tsx';

// MUI dialogs render slowly on a busy machine; wait longer than the 1 s default for them.
configure({ asyncUtilTimeout: 5000 });

const priced: Todo = {
  id: 't1',
  beadId: 'b1',
  customerId: 'c1',
  amount: 2,
  bead: {
    id: 'b1',
    name: 'Rød perle',
    priceOre: 4500,
    saleType: null,
    isDeleted: false,
    photoId: null,
    stock: null,
  },
  customer: { id: 'c1', name: 'Anna' },
};
const unpriced: Todo = {
  ...priced,
  id: 't2',
  beadId: 'b2',
  amount: 1,
  bead: {
    id: 'b2',
    name: 'Havglas',
    priceOre: 0,
    saleType: null,
    isDeleted: false,
    photoId: null,
    stock: null,
  },
};
const deletedPriced: Todo = {
  ...priced,
  id: 't3',
  beadId: 'b3',
  amount: 1,
  bead: {
    id: 'b3',
    name: 'Sort onyx',
    priceOre: 6000,
    saleType: null,
    isDeleted: true,
    photoId: null,
    stock: null,
  },
};

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let answer: (call: Call) => Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const completed = (todo: Todo) =>
  json(200, {
    todoId: todo.id,
    outcome: 'addedToOrder',
    orderId: 'o1',
    lineIds: Array.from({ length: todo.amount }, (_, i) => `l${i}`),
    bead: todo.bead,
  });

beforeEach(() => {
  calls = [];
  answer = async (call) =>
    call.method === 'DELETE' ? new Response(null, { status: 204 }) : completed(priced);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      if (call.method === 'GET') return json(200, []);
      calls.push(call);
      return answer(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in module state; one test's toasts must not show up in the next.
  toast.dismiss();
});

function Harness({ todos }: { todos: Todo[] }) {
  const actions = useTodoActions();
  return (
    <>
      <TodoList todos={todos} actions={actions} label="Todos" />
      <button
        type="button"
        onClick={() => {
          // Two taps in the same instant, as an eager thumb makes them.
          actions.complete(priced);
          actions.complete(priced);
        }}
      >
        dobbelt
      </button>
      {actions.dialogs}
    </>
  );
}

function renderList(todos: Todo[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness todos={todos} />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const completeCalls = () => calls.filter((call) => call.url.endsWith('/complete'));

async function completeFromMenu(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: `Handlinger for ${label}` }));
  await user.click(screen.getByRole('menuitem', { name: 'Færdiggør' }));
}

describe('useTodoActions', { timeout: 30_000 }, () => {
  it('makes UUID v4 keys, also without crypto.randomUUID (plain http on the LAN)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    vi.stubGlobal('isSecureContext', false);
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);
  });

  it('completes a priced todo in one request and tells how many beads went to the customer', async () => {
    const user = renderList([priced]);
    await completeFromMenu(user, '2 Rød perle (Anna)');
    expect(await screen.findByText('Todo færdiggjort!')).toBeInTheDocument();
    expect(screen.getByText('Nåle tilføjet til kunde')).toBeInTheDocument();
    expect(completeCalls()).toHaveLength(1);
    expect(completeCalls()[0]?.url).toBe('/api/todos/t1/complete');
    expect(completeCalls()[0]?.body).toEqual({ idempotencyKey: expect.any(String) });
  });

  it('sends one request for a double tap', async () => {
    let release: () => void = () => {};
    answer = () => new Promise((resolve) => (release = () => resolve(completed(priced))));
    const user = renderList([priced]);
    await user.click(screen.getByRole('button', { name: 'dobbelt' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Handlinger for/ })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Todo færdiggjort!')).toBeInTheDocument();
    expect(completeCalls()).toHaveLength(1);
  });

  it('reuses the idempotency key when the owner tries again after a failure', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    const user = renderList([priced]);
    await completeFromMenu(user, '2 Rød perle (Anna)');
    expect(await screen.findByText('Kunne ikke få forbindelse til serveren')).toBeInTheDocument();
    answer = async () => completed(priced);
    await completeFromMenu(user, '2 Rød perle (Anna)');
    expect(await screen.findByText('Todo færdiggjort!')).toBeInTheDocument();
    const [first, second] = completeCalls();
    expect(first?.body?.idempotencyKey).toEqual(second?.body?.idempotencyKey);
  });

  it('asks for a price first when the bead costs 0 kr', async () => {
    answer = async () => completed(unpriced);
    const user = renderList([unpriced]);
    await completeFromMenu(user, '1 Havglas (Anna)');
    const dialog = await screen.findByRole('dialog', { name: 'Sæt Pris' });
    expect(completeCalls()).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Pris/ }), '45');
    await user.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Todo færdiggjort!')).toBeInTheDocument();
    expect(screen.getByText('Nål tilføjet til kunde')).toBeInTheDocument();
    expect(completeCalls()[0]?.body).toEqual({
      idempotencyKey: expect.any(String),
      priceOre: 4500,
      saleType: null,
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('cancelling the price dialog sends nothing', async () => {
    const user = renderList([unpriced]);
    await completeFromMenu(user, '1 Havglas (Anna)');
    await screen.findByRole('dialog', { name: 'Sæt Pris' });
    await user.click(screen.getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });

  it('asks whether a deleted bead with a price comes back, and sends her answer', async () => {
    answer = async () => completed(deletedPriced);
    let user = renderList([deletedPriced]);
    const ask = async () => {
      await completeFromMenu(user, '1 Sort onyx (Anna)');
      return screen.findByRole('dialog', { name: 'Perlen er slettet' });
    };

    const dialog = await ask();
    expect(dialog).toHaveTextContent(
      '"Sort onyx" (60 kr) er slettet fra kataloget. Skal perlen tilbage i kataloget, når todoen færdiggøres?',
    );
    expect(completeCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);

    await ask();
    await user.click(screen.getByRole('button', { name: 'Ja, tilbage i kataloget' }));
    expect(await screen.findByText('Todo færdiggjort!')).toBeInTheDocument();
    expect(completeCalls()[0]?.body).toEqual({
      idempotencyKey: expect.any(String),
      priceOre: 6000,
      saleType: null,
    });

    // A completed todo leaves the list; the "no" is given on a fresh one.
    cleanup();
    user = renderList([deletedPriced]);
    await ask();
    await user.click(screen.getByRole('button', { name: 'Nej, lad den være slettet' }));
    await waitFor(() => expect(completeCalls()).toHaveLength(2));
    expect(completeCalls()[1]?.body).toEqual({ idempotencyKey: expect.any(String) });
  });

  it('deletes only after confirmation', async () => {
    const user = renderList([priced]);
    const openDelete = async () => {
      await user.click(screen.getByRole('button', { name: 'Handlinger for 2 Rød perle (Anna)' }));
      await user.click(screen.getByRole('menuitem', { name: 'Slet' }));
    };
    await openDelete();
    expect(await screen.findByText('Er du sikker på, at du vil slette denne todo?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);

    await openDelete();
    await user.click(await screen.findByRole('button', { name: 'Bekræft sletning' }));
    expect(await screen.findByText('Todo slettet')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/todos/t1', body: undefined }]);
  });
});
