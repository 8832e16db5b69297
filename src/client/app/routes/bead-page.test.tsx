import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { BeadPage } from './bead-page.tsx';

const guld: BeadWithTodos = {
  id: 'b1',
  name: 'Guldperle',
  priceOre: 7500,
  saleType: '2 for 125',
  isDeleted: false,
  photoId: null,
  stock: null,
  stockHistory: [],
  todos: [],
  photos: [],
};

type Call = { method: string; url: string; body: unknown };

function fakeApi(bead: BeadWithTodos | null) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/customers') {
        return Response.json([
          { id: 'c1', name: 'Anna' },
          { id: 'c2', name: 'Bo' },
          { id: 'c3', name: 'Åse' },
        ]);
      }
      if (url === '/api/beads/b1' && bead) {
        if (method === 'GET') return Response.json(bead);
        if (method === 'PATCH') return Response.json({ ...bead, ...(calls.at(-1)?.body as object) });
        if (method === 'DELETE') return new Response(null, { status: 204 });
      }
      if (url === '/api/beads/b1/add-to-customers') return Response.json({ added: [] }, { status: 201 });
      if (url === '/api/beads') return Response.json([]);
      return Response.json({ message: 'Perlen kun ikke findes', code: 'BEAD_NOT_FOUND' }, { status: 404 });
    }),
  );
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/needles/b1']}>
        <Routes>
          <Route path="/needles/:id" element={<BeadPage />} />
          <Route path="/needles" element={<h1>Perler</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BeadPage', () => {
  it('shows the bead with its offer marker, price and offer rows', async () => {
    fakeApi(guld);
    renderPage();
    expect(screen.getByText('Indlæser perle...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Guldperle' })).toBeInTheDocument();
    expect(screen.getByText('På tilbud')).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Pris', 'Tilbud', 'Lager']);
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
      '75 kr',
      '2 for 125',
      'Ikke talt',
      'OptællingModtaget',
    ]);
  });

  it('says Nej when the bead has no offer', async () => {
    fakeApi({ ...guld, saleType: null, priceOre: 4500 });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Guldperle' });
    expect(screen.queryByText('På tilbud')).not.toBeInTheDocument();
    expect(
      screen
        .getAllByRole('definition')
        .map((dd) => dd.textContent)
        .slice(0, 2),
    ).toEqual(['45 kr', 'Nej']);
  });

  it('says Perle ikke fundet for an unknown bead', async () => {
    fakeApi(null);
    renderPage();
    expect(await screen.findByText('Perle ikke fundet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage til perler' })).toHaveAttribute('href', '/needles');
  });

  it('says Perle ikke fundet for a deleted bead too', async () => {
    fakeApi({ ...guld, isDeleted: true });
    renderPage();
    expect(await screen.findByText('Perle ikke fundet')).toBeInTheDocument();
  });

  it('changes the price through Sæt Pris', async () => {
    const calls = fakeApi(guld);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ændré Pris' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sæt Pris' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Intet' }));
    const price = within(dialog).getByRole('textbox', { name: 'Pris' });
    await userEvent.clear(price);
    await userEvent.type(price, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Prisen er gemt')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PATCH',
      url: '/api/beads/b1',
      body: { priceOre: 6000, saleType: null },
    });
  });

  it('adds the bead to the chosen customers', async () => {
    // jsdom lays nothing out; give the 300 px customer list its height so the virtualiser shows rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    const calls = fakeApi(guld);
    renderPage();
    const card = await screen.findByRole('region', { name: 'Tilføj til kunde' });
    const button = within(card).getByRole('button', { name: 'Tilføj til 0 kunder' });
    expect(button).toBeDisabled();
    await userEvent.click(await within(card).findByRole('checkbox', { name: 'Anna' }));
    expect(within(card).getByRole('button', { name: 'Tilføj til 1 kunde' })).toBeEnabled();
    await userEvent.type(within(card).getByRole('searchbox', { name: 'Søg kunder…' }), 'åse');
    expect(within(card).queryByRole('checkbox', { name: 'Anna' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Åse' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Tilføj til 2 kunder' }));
    expect(await screen.findByText('Perle tilføjet til aktive ordrer')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/beads/b1/add-to-customers',
      body: { customerIds: ['c1', 'c3'] },
    });
    expect(within(card).getByRole('button', { name: 'Tilføj til 0 kunder' })).toBeDisabled();
  });

  it('deletes the bead after confirmation and goes back to the list', async () => {
    const calls = fakeApi(guld);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Slet perle' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Slet perle' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Slet' }));
    expect(await screen.findByText('Perle slettet')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Perler' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/beads/b1', body: undefined });
  });
});
