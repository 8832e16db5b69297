import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditCustomerDialog } from './edit-customer-dialog.tsx';

configure({ asyncUtilTimeout: 5000 });

let requests: Array<{ method: string; url: string; body: unknown }>;
let answer: () => Response;

beforeEach(() => {
  requests = [];
  answer = () =>
    Response.json({
      id: 'c1',
      name: 'Åse Holm',
      phone: '12 34 56 78',
      email: null,
      address: null,
      archived: false,
      archivedAt: null,
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function renderDialog() {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EditCustomerDialog
        open
        onClose={onClose}
        customer={{ id: 'c1', name: 'Åse Hlom', phone: null, email: 'aase@perler.dk', address: null }}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

describe('EditCustomerDialog', () => {
  it('starts from the stored values and sends every field, cleaned (PATCH is absolute)', async () => {
    const { onClose, user } = renderDialog();
    const name = screen.getByLabelText(/Kundens navn/);
    expect(name).toHaveValue('Åse Hlom');
    expect(screen.getByLabelText('E-mail')).toHaveValue('aase@perler.dk');
    await user.clear(name);
    await user.type(name, '  Åse  Holm ');
    await user.type(screen.getByLabelText('Telefon'), '12 34 56 78');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        method: 'PATCH',
        url: '/api/customers/c1',
        body: { name: 'Åse Holm', phone: '12 34 56 78', email: '', address: '' },
      },
    ]);
    expect(await screen.findByText('Kunden er gemt')).toBeInTheDocument();
  });

  it('shows Danish validation on the fields and sends nothing', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Telefon'), 'ring');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'aase@perler');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await screen.findByText('Telefonnummeret må kun indeholde tal, mellemrum, + og -'),
    ).toBeInTheDocument();
    expect(screen.getByText('Skriv en gyldig e-mail, fx navn@eksempel.dk')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows a taken name on the name field with the spec message', async () => {
    answer = () =>
      Response.json(
        { message: 'Fejl: Der findes allerede en kunde med dette navn', code: 'CUSTOMER_NAME_TAKEN' },
        { status: 409 },
      );
    const { onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Fejl: Der findes allerede en kunde med dette navn')).toBeInTheDocument();
    expect(screen.getByLabelText(/Kundens navn/)).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });
});
