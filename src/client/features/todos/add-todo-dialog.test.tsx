import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddTodoDialog } from './add-todo-dialog.tsx';

// MUI dialogs render slowly on a busy machine; wait longer than the 1 s default for them.
configure({ asyncUtilTimeout: 5000 });

const customers = [
  { id: 'c1', name: 'Anna Holm' },
  { id: 'c2', name: 'Åse Bjerre' },
];
const beads = [
  { id: 'b1', name: 'Rød perle', priceOre: 4500, saleType: null, isDeleted: false, todos: [] },
  { id: 'b2', name: 'Blå perle', priceOre: 0, saleType: null, isDeleted: false, todos: [] },
  { id: 'b3', name: 'Gammel perle', priceOre: 3000, saleType: null, isDeleted: true, todos: [] },
];

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let createAnswer: () => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  createAnswer = () => json(201, { todo: {}, merged: false, createdBead: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/customers') return json(200, customers);
      if (url === '/api/beads') return json(200, beads);
      if (url === '/api/todos' && method === 'POST') return createAnswer();
      return json(404, { message: 'Findes ikke', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderDialog(props: { customer?: { id: string; name: string } } = {}) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AddTodoDialog open onClose={onClose} {...props} />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

const posted = () => calls.filter((call) => call.method === 'POST');
const submit = () => screen.getByRole('button', { name: 'Tilføj Todo' });

async function pickCustomer(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Kunde' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('AddTodoDialog', { timeout: 30_000 }, () => {
  it('asks for customer and bead before sending anything', async () => {
    const { user } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Tilføj Todo' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Antal' })).toHaveValue(1);
    await user.click(submit());
    expect(await screen.findByText('Vælg en kunde')).toBeInTheDocument();
    expect(screen.getByText('Vælg en perle')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it('refuses an amount below 1', async () => {
    const { user } = renderDialog();
    const amount = screen.getByRole('spinbutton', { name: 'Antal' });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(submit());
    expect(await screen.findByText('Antal må ikke være mindre end 1')).toBeInTheDocument();
  });

  it('clears an error as soon as its field changes', async () => {
    const { user } = renderDialog();
    await user.click(submit());
    expect(await screen.findByText('Vælg en perle')).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Rød perle/ }));
    expect(screen.queryByText('Vælg en perle')).not.toBeInTheDocument();
    expect(screen.getByText('Vælg en kunde')).toBeInTheDocument();
    await pickCustomer(user, 'Åse Bjerre');
    expect(screen.queryByText('Vælg en kunde')).not.toBeInTheDocument();
  });

  it('lists the beads that are not deleted, 0-kr beads marked new, and filters by search', async () => {
    const { user } = renderDialog();
    const list = await screen.findByRole('listbox', { name: 'Perler' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Blå perleNy perle uden pris', 'Rød perle45 kr']);
    await user.type(screen.getByRole('searchbox', { name: 'Søg perler…' }), 'rød');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
  });

  it('adds a todo for an existing bead', async () => {
    const { user, onClose } = renderDialog();
    const amount = screen.getByRole('spinbutton', { name: 'Antal' });
    await user.clear(amount);
    await user.type(amount, '3');
    await pickCustomer(user, 'Anna Holm');
    await user.click(await screen.findByRole('option', { name: /Rød perle/ }));
    expect(screen.getByRole('option', { name: /Rød perle/ })).toHaveAttribute('aria-selected', 'true');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted()).toEqual([
      {
        method: 'POST',
        url: '/api/todos',
        body: { amount: 3, customerId: 'c1', bead: { kind: 'existing', beadId: 'b1' } },
      },
    ]);
  });

  it('asks for the new bead name and refuses one that exists in another case', async () => {
    const { user } = renderDialog({ customer: { id: 'c2', name: 'Åse Bjerre' } });
    await screen.findByRole('listbox', { name: 'Perler' });
    await user.click(screen.getByRole('tab', { name: 'Ny Perle' }));
    expect(screen.getByText('Perlen oprettes med prisen 0 kr')).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('Indtast navn på perle')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Navn på perle' });
    await user.type(name, '  RØD PERLE ');
    expect(screen.queryByText('Indtast navn på perle')).not.toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('En perle med dette navn findes allerede')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'Havglas lys');
    await user.click(submit());
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toEqual({
      amount: 1,
      customerId: 'c2',
      bead: { kind: 'new', name: 'Havglas lys' },
    });
  });

  it('locks the customer when opened from a customer page', async () => {
    renderDialog({ customer: { id: 'c2', name: 'Åse Bjerre' } });
    const field = screen.getByRole('combobox', { name: 'Kunde' });
    expect(field).toBeDisabled();
    expect(field).toHaveValue('Åse Bjerre');
    expect(calls.some((call) => call.url === '/api/customers')).toBe(false);
  });

  it('shows the server refusing a new bead name on the name field', async () => {
    createAnswer = () =>
      json(409, { message: 'En perle med dette navn findes allerede', code: 'BEAD_NAME_TAKEN' });
    const { user, onClose } = renderDialog({ customer: { id: 'c2', name: 'Åse Bjerre' } });
    await screen.findByRole('listbox', { name: 'Perler' });
    await user.click(screen.getByRole('tab', { name: 'Ny Perle' }));
    await user.type(screen.getByRole('textbox', { name: 'Navn på perle' }), 'Gammel Perle');
    await user.click(submit());
    expect(await screen.findByText('En perle med dette navn findes allerede')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers to create the searched name as a new bead when nothing matches', async () => {
    const { user } = renderDialog({ customer: { id: 'c2', name: 'Åse Bjerre' } });
    await screen.findByRole('listbox', { name: 'Perler' });
    await user.type(screen.getByRole('searchbox', { name: 'Søg perler…' }), 'Havglas');
    await user.click(screen.getByRole('button', { name: 'Opret "Havglas" som ny perle' }));
    expect(screen.getByRole('tab', { name: 'Ny Perle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Navn på perle' })).toHaveValue('Havglas');
  });
});
