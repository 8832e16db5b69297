import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { CustomersPage } from './customers-page.tsx';

type Reply = { status: number; body?: unknown };

/** A fake /api/customers: GET lists `customers`, POST answers with `onPost`. */
function fakeApi(customers: Customer[], onPost: (body: { name: string }) => Reply = () => ({ status: 201 })) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/customers' && (!init?.method || init.method === 'GET')) {
      return Response.json(customers);
    }
    if (url === '/api/customers' && init?.method === 'POST') {
      const reply = onPost(JSON.parse(String(init.body)));
      return Response.json(reply.body ?? {}, { status: reply.status });
    }
    return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CustomersPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const customer = (id: string, name: string): Customer => ({
  id,
  name,
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
});

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CustomersPage', () => {
  it('says it is loading, then lists the customers under their initials, hiding {name}', async () => {
    fakeApi([customer('1', 'Åse'), customer('2', 'Bo'), customer('3', '{name}'), customer('4', 'Anna')]);
    renderPage();
    expect(screen.getByText('Indlæser kunder...')).toBeInTheDocument();
    const list = await screen.findByRole('group', { name: 'Kunder' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kunder' })).toBeInTheDocument();
    expect(screen.getByText('3 kunder')).toBeInTheDocument();
    expect(within(list).queryByText('{name}')).not.toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['A', 'B', 'Å']);
    expect(within(list).getAllByText('Klik for at se detaljer')).toHaveLength(3);
    expect(within(list).getAllByRole('link', { name: 'Åben' })[0]).toHaveAttribute('href', '/customers/4');
    expect(screen.getByRole('navigation', { name: 'Gå til bogstav' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Søg kunder…' })).toHaveFocus();
  });

  it('shows the first-customer empty state, whose button opens the add dialog', async () => {
    fakeApi([customer('1', '{name}')]);
    renderPage();
    expect(await screen.findByText('Ingen kunder endnu')).toBeInTheDocument();
    expect(screen.getByText('0 kunder')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Gå til bogstav' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj første kunde' }));
    expect(await screen.findByRole('dialog', { name: 'Tilføj ny kunde' })).toBeInTheDocument();
    expect(screen.getByText('Navnet bruges til at kende kunden fra de andre')).toBeInTheDocument();
  });

  it('filters case-insensitively; no hits offers to clear the search or add the name', async () => {
    fakeApi([customer('1', 'Åse Hansen'), customer('2', 'Bo Ørsted')]);
    renderPage();
    const list = await screen.findByRole('group', { name: 'Kunder' });
    const search = screen.getByRole('searchbox', { name: 'Søg kunder…' });
    await userEvent.type(search, 'ørs');
    expect(within(list).queryByText('Åse Hansen')).not.toBeInTheDocument();
    expect(within(list).getByText('Bo Ørsted')).toBeInTheDocument();
    expect(screen.getByText('1 kunde')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'Karen ');
    expect(await screen.findByText('Ingen kunder fundet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj "Karen"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilføj ny kunde' });
    expect(within(dialog).getByRole('textbox', { name: 'Kundens navn' })).toHaveValue('Karen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fortryd' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Ryd søgning' }));
    expect(search).toHaveValue('');
    expect(await screen.findByText('Åse Hansen')).toBeInTheDocument();
  });

  it('validates the name, shows a taken name on the field, and adds a customer', async () => {
    const posted: string[] = [];
    fakeApi([customer('1', 'Åse')], ({ name }) => {
      posted.push(name);
      return name.toLocaleLowerCase('da') === 'åse'
        ? {
            status: 409,
            body: {
              message: 'Fejl: Der findes allerede en kunde med dette navn',
              code: 'CUSTOMER_NAME_TAKEN',
            },
          }
        : { status: 201, body: customer('2', name) };
    });
    renderPage();
    await screen.findByRole('group', { name: 'Kunder' });
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj Ny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilføj ny kunde' });
    const name = within(dialog).getByRole('textbox', { name: 'Kundens navn' });

    await userEvent.type(name, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(await within(dialog).findByText('Navn er påkrævet')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'åse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(
      await within(dialog).findByText('Fejl: Der findes allerede en kunde med dette navn'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(name);
    await userEvent.type(name, '  Karen   Blixen ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Kunde tilføjet')).toBeInTheDocument();
    expect(posted).toEqual(['åse', 'Karen Blixen']);
  });
});
