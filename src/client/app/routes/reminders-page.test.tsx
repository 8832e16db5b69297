import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../../shared/domain/shop-settings.ts';
import type { PaymentReminderList } from '../../../shared/schemas/api-reminders.ts';
import type { ShopSettings } from '../../../shared/schemas/api-settings.ts';
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
      lastRemindedAt: null,
    },
  ],
};
const settings: ShopSettings = {
  ...DEFAULT_SHOP_SETTINGS,
  mobilePayNumber: '12345678',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function renderPage() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/reminders') return Response.json(list);
    if (url === '/api/settings/shop') return Response.json(settings);
    if (url === '/api/orders/order-1/reminder-copied' && init?.method === 'POST')
      return Response.json({ orderId: 'order-1', reminderCopiedAt: '2026-11-23T10:00:00.000Z' });
    return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RemindersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { share?: unknown }).share;
});

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
});
