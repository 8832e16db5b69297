import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageSettings } from '../../../shared/schemas/outgoing.ts';
import { ShippedText } from './shipped-text.tsx';

const settings: MessageSettings = {
  carrier: 'gls',
  trackingUrlPostnord: null,
  trackingUrlGls: null,
  trackingUrlDao: null,
  trackingUrlOwn: null,
  messageShipped: null,
  messageArrived: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
};

function renderText(trackingNumber: string | null) {
  const user = userEvent.setup();
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/settings/messages') return Response.json(settings);
    const body = JSON.parse(String(init?.body ?? '{}')) as { trackingNumber: string | null };
    return Response.json({ id: 'o1', customerId: null, trackingNumber: body.trackingNumber });
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ShippedText
        order={{ orderId: 'o1', customerName: 'Rikke Holm', number: '2026-0042', trackingNumber }}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, writeText, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('ShippedText (Din pakke er sendt)', { timeout: 20_000 }, () => {
  it('"Kopiér" copies the ready text with the carrier’s tracking link', async () => {
    const { user, writeText } = renderText('RR123DK');
    const text = await screen.findByRole('document', { name: 'Besked til Din pakke er sendt' });
    await vi.waitFor(() =>
      expect(text).toHaveTextContent('https://gls-group.com/DK/da/find-pakke?match=RR123DK'),
    );
    await user.click(screen.getByRole('button', { name: 'Kopiér' }));
    expect(writeText).toHaveBeenCalledWith(
      'Hej Rikke\n\nDin pakke er sendt.\nPakkenummer: RR123DK\n' +
        'Følg den her: https://gls-group.com/DK/da/find-pakke?match=RR123DK\n\nMange hilsner',
    );
    expect(await screen.findByText('Teksten er kopieret')).toBeInTheDocument();
  });

  it('without a Pakkenummer says so, and a typed one is checked before it is saved', async () => {
    const { user, fetch } = renderText(null);
    expect(await screen.findByText('Intet sporingslink endnu: skriv pakkenummeret')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Pakkenummer' });
    await user.type(field, '12/34');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await screen.findByText('Pakkenummeret må kun have bogstaver, tal og bindestreger'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, 'rr 55 dk');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/orders/o1/tracking-number');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ trackingNumber: 'RR55DK' });
    expect(within(document.body).getByRole('textbox', { name: 'Pakkenummer' })).toHaveValue('RR55DK');
  });
});
