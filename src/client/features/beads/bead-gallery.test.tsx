import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { BeadGallery } from './bead-gallery.tsx';

configure({ asyncUtilTimeout: 5000 });

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';
const bead = (photos: BeadWithTodos['photos']): BeadWithTodos => ({
  id: 'b1',
  name: 'Rosenkvarts 6 mm',
  priceOre: 8500,
  saleType: null,
  isDeleted: false,
  photoId: photos[0]?.id ?? null,
  stock: null,
  stockHistory: [],
  todos: [],
  photos,
});

type Call = { method: string; url: string };
let calls: Call[];

beforeEach(() => {
  calls = [];
  URL.createObjectURL = vi.fn(() => `blob:foto-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
  // The toast's own pointer handling (jsdom has none).
  Element.prototype.setPointerCapture ??= vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.endsWith('/jpeg'))
        return new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
      if (method === 'DELETE')
        return Response.json({ beadId: 'b1', photos: [{ id: B, width: 1600, height: 1200 }] });
      if (url.endsWith('/restore')) {
        return Response.json({
          beadId: 'b1',
          photos: [
            { id: A, width: 1200, height: 1600 },
            { id: B, width: 1600, height: 1200 },
          ],
        });
      }
      return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderGallery(shown: BeadWithTodos) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BeadGallery bead={shown} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('BeadGallery', () => {
  it('says there are no photos yet, and offers to take or choose one', () => {
    renderGallery(bead([]));
    expect(screen.getByText('Ingen fotos endnu')).toBeInTheDocument();
    expect(screen.getByText('0 af 6 fotos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tag foto' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Vælg foto' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Del' })).not.toBeInTheDocument();
  });

  it('shows the cover big, the strip of photos, and only the moves that are possible', async () => {
    renderGallery(
      bead([
        { id: A, width: 1200, height: 1600 },
        { id: B, width: 1600, height: 1200 },
      ]),
    );
    const main = screen.getByRole('button', { name: 'Vis foto 1 af 2 af Rosenkvarts 6 mm' });
    expect(main.querySelector('img')).toHaveAttribute('src', `/api/photos/${A}/display`);
    const strip = screen.getByRole('list', { name: 'Perlens fotos' });
    expect(within(strip).getByRole('button', { name: 'Foto 1 af 2 (forside)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Flyt til venstre' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Flyt til højre' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Gør til forside' })).not.toBeInTheDocument();
    await userEvent.click(within(strip).getByRole('button', { name: 'Foto 2 af 2' }));
    expect(screen.getByRole('button', { name: 'Vis foto 2 af 2 af Rosenkvarts 6 mm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gør til forside' })).toBeInTheDocument();
    // The share file was fetched before any tap: the JPEG of the photo shown.
    expect(calls.some((call) => call.url === `/api/photos/${B}/jpeg`)).toBe(true);
  });

  it('deletes the photo shown, and "Fortryd" in the toast brings it back', async () => {
    renderGallery(
      bead([
        { id: A, width: 1200, height: 1600 },
        { id: B, width: 1600, height: 1200 },
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Slet foto' }));
    expect(await screen.findByText('Foto slettet')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', url: `/api/beads/b1/photos/${A}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Fortryd' }));
    expect(await screen.findByText('Fotoet er tilbage')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', url: `/api/beads/b1/photos/${A}/restore` });
  });

  it('shows a photo taken without network at once, marked "venter", and sends nothing yet', async () => {
    onlineManager.setOnline(false);
    renderGallery(bead([]));
    const input = document.querySelector<HTMLInputElement>('input[data-photo-input="camera"]')!;
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], 'kamera.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(input, photo);
    expect(await screen.findByText('venter')).toBeInTheDocument();
    expect(screen.getByText('1 af 6 fotos')).toBeInTheDocument();
    expect(screen.queryByText('Ingen fotos endnu')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
