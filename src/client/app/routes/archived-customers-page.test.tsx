import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { ArchivedCustomersPage } from './archived-customers-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const archived = (id: string, name: string): Customer => ({
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
  archived: true,
  archivedAt: '2026-03-03T13:02:00.000Z',
});

function renderPage(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url });
      return respond(url, init);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ArchivedCustomersPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('ArchivedCustomersPage (Arkiverede kunder)', () => {
  it('shows loading, then the archived customers with their date and Gendan', async () => {
    let list = [archived('c1', 'Åse Holm'), archived('c2', 'Bo Berg')];
    const { calls, user } = renderPage((url, init) => {
      if (init.method === 'POST') {
        list = list.filter((c) => !url.includes(c.id));
        return Response.json({ ...archived('c1', 'Åse Holm'), archived: false, archivedAt: null });
      }
      return Response.json(list);
    });
    expect(screen.getByText('Indlæser kunder...')).toBeInTheDocument();
    const rows = await screen.findByRole('list', { name: 'Arkiverede kunder' });
    expect(within(rows).getByText('Åse Holm')).toBeInTheDocument();
    expect(within(rows).getAllByText('Arkiveret 3. marts 2026')).toHaveLength(2);
    expect(screen.getByText('2 kunder')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/customers?archived=true');

    await user.click(screen.getByRole('button', { name: 'Gendan Åse Holm' }));
    expect(await screen.findByText('Kunden er gendannet')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', url: '/api/customers/c1/unarchive' });
    await waitFor(() => expect(screen.queryByText('Åse Holm')).not.toBeInTheDocument());
  });

  it('says so when there are none', async () => {
    renderPage(() => Response.json([]));
    expect(await screen.findByText('Ingen arkiverede kunder')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Tilbage til kunder' }).length).toBeGreaterThan(0);
  });

  it('shows a Danish error with Prøv igen when the list cannot be fetched', async () => {
    let fail = true;
    const { user } = renderPage(() =>
      fail
        ? Response.json({ message: 'Serveren svarer ikke', code: 'X' }, { status: 500 })
        : Response.json([archived('c1', 'Åse Holm')]),
    );
    expect(await screen.findByText('De arkiverede kunder kunne ikke hentes')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText('Åse Holm')).toBeInTheDocument();
  });
});
