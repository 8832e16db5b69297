import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EditableCustomer, EditCustomerDialog } from './edit-customer-dialog.tsx';

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
      address2: null,
      postcode: null,
      city: null,
      countryCode: 'DK',
      addressNeedsCheck: false,
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

const ASE: EditableCustomer = {
  id: 'c1',
  name: 'Åse Hlom',
  phone: null,
  email: 'aase@perler.dk',
  address: null,
  address2: null,
  postcode: null,
  city: null,
  countryCode: 'DK',
  addressNeedsCheck: false,
};

function renderDialog(customer: Partial<EditableCustomer> = {}) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EditCustomerDialog open onClose={onClose} customer={{ ...ASE, ...customer }} />
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
        body: {
          name: 'Åse Holm',
          phone: '12 34 56 78',
          email: '',
          address: '',
          address2: '',
          postcode: '',
          city: '',
          countryCode: 'DK',
        },
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

  it('fills in the town from a Danish postcode, and leaves a town she wrote herself alone', async () => {
    const { onClose, user } = renderDialog();
    await user.type(screen.getByLabelText('Adresse'), 'Æblegade 7, 2. tv');
    await user.type(screen.getByLabelText('Postnr.'), '8000');
    expect(screen.getByLabelText('By')).toHaveValue('Aarhus C');
    // Another postcode replaces the town it filled in.
    await user.clear(screen.getByLabelText('Postnr.'));
    await user.type(screen.getByLabelText('Postnr.'), '4671');
    expect(screen.getByLabelText('By')).toHaveValue('Strøby');
    // Her own town stays.
    await user.clear(screen.getByLabelText('By'));
    await user.type(screen.getByLabelText('By'), 'Strøby Egede');
    await user.clear(screen.getByLabelText('Postnr.'));
    await user.type(screen.getByLabelText('Postnr.'), '4600');
    expect(screen.getByLabelText('By')).toHaveValue('Strøby Egede');
    // A postcode the list does not know is pointed out, not refused.
    await user.clear(screen.getByLabelText('Postnr.'));
    await user.type(screen.getByLabelText('Postnr.'), '1999');
    expect(screen.getByText('Postnummeret findes ikke på listen – tjek det')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      address: 'Æblegade 7, 2. tv',
      postcode: '1999',
      city: 'Strøby Egede',
      countryCode: 'DK',
    });
  });

  it('refuses a malformed or missing Danish postcode on the field, in Danish, and sends nothing', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Adresse'), 'Perlevej 1');
    await user.type(screen.getByLabelText('By'), 'Aarhus C');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Skriv postnummeret')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Postnr.'), '800');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Et dansk postnummer er 4 cifre, 1000–9999')).toBeInTheDocument();
    expect(screen.getByLabelText('Postnr.')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('takes an address abroad: another country, a postcode of its own, no town filled in', async () => {
    const { onClose, user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Land'), 'Sverige');
    await user.type(screen.getByLabelText('Adresse'), 'Storgatan 5');
    await user.type(screen.getByLabelText('Postnr.'), '8000');
    expect(screen.getByLabelText('By')).toHaveValue('');
    await user.clear(screen.getByLabelText('Postnr.'));
    await user.type(screen.getByLabelText('Postnr.'), '111 22');
    await user.type(screen.getByLabelText('By'), 'Stockholm');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({ postcode: '111 22', city: 'Stockholm', countryCode: 'SE' });
  });

  it('keeps an old address marked Tjek adressen while she changes only her phone', async () => {
    const old = { address: 'Perlevej 1\nAarhus', addressNeedsCheck: true };
    const { onClose, user } = renderDialog(old);
    expect(screen.getByText(/Den gamle adresse står i Adresse/)).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse')).toHaveValue('Perlevej 1\nAarhus');
    await user.type(screen.getByLabelText('Telefon'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ name: 'Åse Hlom', phone: '12345678', email: 'aase@perler.dk' });
  });

  it('checks and saves an old address once she works on it', async () => {
    const { onClose, user } = renderDialog({ address: 'Perlevej 1\nAarhus', addressNeedsCheck: true });
    const address = screen.getByLabelText('Adresse');
    await user.clear(address);
    await user.type(address, 'Perlevej 1');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Skriv postnummeret')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Postnr.'), '8000');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({ address: 'Perlevej 1', postcode: '8000', city: 'Aarhus C' });
  });
});
