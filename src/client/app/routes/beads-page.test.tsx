import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { BeadsPage } from './beads-page.tsx';

const bead = (
  id: string,
  name: string,
  priceOre: number,
  extra: Partial<BeadWithTodos> = {},
): BeadWithTodos => ({
  id,
  name,
  priceOre,
  saleType: null,
  isDeleted: false,
  photoId: null,
  stock: null,
  stockHistory: [],
  todos: [],
  photos: [],
  ...extra,
});

function fakeApi(beads: BeadWithTodos[], onPost: (body: unknown) => { status: number; body?: unknown }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/beads' && init?.method === 'POST') {
      const reply = onPost(JSON.parse(String(init.body)));
      return Response.json(reply.body ?? {}, { status: reply.status });
    }
    if (url === '/api/beads') return Response.json(beads);
    return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <BeadsPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BeadsPage (Perler)', () => {
  it('lists beads that are not deleted and cost more than 0 kr, with price and offer', async () => {
    fakeApi(
      [
        bead('1', 'Guldperle', 4500),
        bead('2', 'Sølvperle', 7500, { saleType: '2 for 125' }),
        bead('3', 'Ny perle', 0),
        bead('4', 'Gammel perle', 3000, { isDeleted: true }),
      ],
      () => ({ status: 500 }),
    );
    renderPage();
    expect(screen.getByText('Indlæser perler...')).toBeInTheDocument();
    const list = await screen.findByRole('group', { name: 'Perler' });
    expect(screen.getByText('2 perler')).toBeInTheDocument();
    expect(within(list).queryByText('Ny perle')).not.toBeInTheDocument();
    expect(within(list).queryByText('Gammel perle')).not.toBeInTheDocument();
    expect(within(list).getByText('45 kr')).toBeInTheDocument();
    expect(within(list).getByText('75 kr · 2 for 125')).toBeInTheDocument();
    expect(within(list).getAllByRole('img', { name: 'På tilbud' })).toHaveLength(1);
    expect(within(list).getAllByRole('link', { name: 'Åben' })[0]).toHaveAttribute('href', '/needles/1');
  });

  it('has an empty state for no beads and for no hits', async () => {
    fakeApi([bead('3', 'Ny perle', 0)], () => ({ status: 500 }));
    renderPage();
    expect(await screen.findByText('Ingen perler endnu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj første perle' }));
    expect(await screen.findByRole('dialog', { name: 'Tilføj ny nål' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    vi.unstubAllGlobals();

    fakeApi([bead('1', 'Guldperle', 4500)], () => ({ status: 500 }));
    renderPage();
    const searches = await screen.findAllByRole('searchbox', { name: 'Søg perler…' });
    await userEvent.type(searches.at(-1)!, 'xyz');
    expect(await screen.findByText('Ingen perler fundet')).toBeInTheDocument();
  });

  it('adds a bead; the offer locks the price at 75 kr; a taken name shows on the field', async () => {
    const posted: unknown[] = [];
    fakeApi([bead('1', 'Guldperle', 4500)], (body) => {
      posted.push(body);
      return (body as { name: string }).name === 'Guldperle'
        ? {
            status: 409,
            body: { message: 'Fejl! Der findes allerede en nål med dette navn', code: 'BEAD_NAME_TAKEN' },
          }
        : { status: 201, body: bead('9', 'x', 1) };
    });
    renderPage();
    await screen.findByRole('group', { name: 'Perler' });
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj Ny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilføj ny nål' });
    const name = within(dialog).getByRole('textbox', { name: 'Navn' });
    const price = within(dialog).getByRole('textbox', { name: 'Pris' });
    expect(within(dialog).getByRole('radio', { name: 'Intet' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(await within(dialog).findByText('Navn er påkrævet')).toBeInTheDocument();
    expect(within(dialog).getByText('Pris er påkrævet')).toBeInTheDocument();

    await userEvent.type(name, 'Guldperle');
    await userEvent.click(within(dialog).getByRole('radio', { name: '2 for 125' }));
    expect(price).toBeDisabled();
    expect(price).toHaveValue('75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(
      await within(dialog).findByText('Fejl! Der findes allerede en nål med dette navn'),
    ).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'Rosa perle');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Intet' }));
    expect(price).toBeEnabled();
    await userEvent.clear(price);
    await userEvent.type(price, '42,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Perle tilføjet')).toBeInTheDocument();
    expect(posted).toEqual([
      { name: 'Guldperle', priceOre: 7500, saleType: '2 for 125' },
      { name: 'Rosa perle', priceOre: 4250, saleType: null },
    ]);
  });
});
