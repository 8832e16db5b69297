import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArrivedTextsDialog } from './arrived-texts-dialog.tsx';

// jsdom's File does not take the fetch's Blob: the photo arrives as a jsdom File made here.
vi.mock('../../lib/share-photo.ts', async (original) => ({
  ...(await original<typeof import('../../lib/share-photo.ts')>()),
  fetchShareFile: async (url: string, name: string) => {
    expect(url).toBe('/api/photos/p1/jpeg');
    return new File(['jpeg'], name, { type: 'image/jpeg' });
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { canShare?: unknown }).canShare;
  toast.dismiss();
});

describe('ArrivedTextsDialog (Din perle er kommet)', { timeout: 20_000 }, () => {
  it('has one ready text per customer, and "Del" sends the bead’s photo where files can be shared', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true, writable: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Ikke her', code: 'X' }, { status: 404 })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ArrivedTextsDialog
          open
          customers={[
            { customerId: 'c1', customerName: 'Lis Ravn' },
            { customerId: 'c2', customerName: 'Bo Holm' },
          ]}
          bead={{ name: 'Rosenkvarts', photoId: 'p1' }}
          onClose={() => undefined}
        />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('document', { name: 'Besked til Lis Ravn' })).toHaveTextContent(
      'Hej Lis Din perle er kommet: Rosenkvarts',
    );
    expect(screen.getByRole('document', { name: 'Besked til Bo Holm' })).toHaveTextContent('Hej Bo');
    expect(await screen.findByText(/Del sender perlens foto med/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Del' })[1] as HTMLElement);
    expect(share).toHaveBeenCalledTimes(1);
    const data = share.mock.calls[0]?.[0];
    expect(data?.files?.[0]?.name).toBe('Rosenkvarts.jpg');
    expect(data?.text).toContain('Hej Bo');
  });
});
