import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../../shared/domain/shop-settings.ts';
import type { PaymentReminderList } from '../../../shared/schemas/api-reminders.ts';
import type { ShopSettings } from '../../../shared/schemas/api-settings.ts';
import { OfflineBanner } from '../../features/offline/offline-banner.tsx';
import { MemoryRouter } from '../../lib/router.tsx';
import { RemindersPage } from './reminders-page.tsx';

const list: PaymentReminderList = {
  reminderDays: 7,
  total: 1,
  next: null,
  items: [
    {
      orderId: 'order-1',
      customerId: 'customer-1',
      customerName: 'Rikke Rykker',
      waitingSince: '2026-11-11T09:00:00.000Z',
      daysWaiting: 12,
      amountOre: 15_300,
      paidOre: 0,
      number: null,
      lastRemindedAt: null,
    },
  ],
};
const settings: ShopSettings = {
  ...DEFAULT_SHOP_SETTINGS,
  mobilePayNumber: '12345678',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** `server.refuse`: the order is no longer in Afventer betaling when the copy is recorded (409). */
function renderPage(server: { refuse?: boolean } = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/reminders') return Response.json(list);
    if (url === '/api/settings/shop') return Response.json(settings);
    if (url === '/api/orders/order-1/reminder-copied' && init?.method === 'POST' && server.refuse)
      return Response.json(
        { code: 'ORDER_NOT_INVOICED', message: 'Fejl: Ordren afventer ikke betaling' },
        { status: 409 },
      );
    if (url === '/api/orders/order-1/reminder-copied' && init?.method === 'POST')
      return Response.json({ orderId: 'order-1', reminderCopiedAt: '2026-11-23T10:00:00.000Z' });
    return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OfflineBanner />
        <RemindersPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { clipboard?: unknown }).clipboard;
  toast.dismiss();
  onlineManager.setOnline(true);
});

/** A clipboard that keeps what is written to it. */
function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
  return writeText;
}

const posts = (fetch: ReturnType<typeof renderPage>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('RemindersPage (Betalingspåmindelser)', () => {
  it('offers "Del" only where the browser has a share sheet', async () => {
    renderPage();
    const card = await screen.findByRole('region', { name: 'Rikke Rykker' });
    expect(within(card).getByRole('button', { name: 'Kopiér påmindelse' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Del' })).toBeNull();
  });

  it('shares the reminder through the phone’s share sheet and keeps its time on the server', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    const fetch = renderPage();
    const card = await screen.findByRole('region', { name: 'Rikke Rykker' });
    const del = within(card).getByRole('button', { name: 'Del' });
    await waitFor(() => expect(del).toBeEnabled());

    await userEvent.click(del);
    expect(share).toHaveBeenCalledWith({ text: expect.stringMatching(/^Hej Rikke\n/) });
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/orders/order-1/reminder-copied',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });

  it('offline the reminder is copied, the row says so at once, and the copy is recorded once when the connection returns', async () => {
    const writeText = stubClipboard();
    const fetch = renderPage();
    const card = await screen.findByRole('region', { name: 'Rikke Rykker' });
    const copy = within(card).getByRole('button', { name: 'Kopiér påmindelse' });
    await waitFor(() => expect(copy).toBeEnabled());

    onlineManager.setOnline(false);
    await userEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^Hej Rikke\n/));
    expect(await screen.findByText('Gemt – sendes når du er online igen')).toBeInTheDocument();
    expect(screen.getByText('1 ændring venter')).toBeInTheDocument();
    expect(within(card).getByText(/^Sidst påmindet /)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);

    onlineManager.setOnline(true);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    const sent = posts(fetch);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[0]).toBe('/api/orders/order-1/reminder-copied');
    expect(new Headers(sent[0]?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a copy recorded later that the server refuses is told in Danish as a change made offline', async () => {
    stubClipboard();
    const fetch = renderPage({ refuse: true });
    const card = await screen.findByRole('region', { name: 'Rikke Rykker' });
    const copy = within(card).getByRole('button', { name: 'Kopiér påmindelse' });
    await waitFor(() => expect(copy).toBeEnabled());

    onlineManager.setOnline(false);
    await userEvent.click(copy);
    expect(await screen.findByText('1 ændring venter')).toBeInTheDocument();
    onlineManager.setOnline(true);
    expect(await screen.findByText('Fejl: Ordren afventer ikke betaling')).toBeInTheDocument();
    expect(screen.getByText('Ændringen blev lavet offline og er ikke gemt.')).toBeInTheDocument();
    expect(posts(fetch)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
