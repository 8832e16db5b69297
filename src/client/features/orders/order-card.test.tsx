import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_MONEY } from '../../../../tests/support/client-orders.ts';
import { orderTotals } from '../../../shared/domain/pricing.ts';
import { DEFAULT_POSTAGE } from '../../../shared/domain/shop-settings.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { ActiveOrderCard } from './order-card.tsx';

const order: Order = {
  id: 'order-1',
  customerId: 'c1',
  customerName: 'Hanne Historik',
  createdAt: '2026-11-22T10:00:00.000Z',
  status: 'active',
  ...NO_MONEY,
  homeDelivery: false,
  offerGroups: [],
  normalLines: [],
  totals: orderTotals({ totalOre: 15_000, homeDelivery: false, prices: DEFAULT_POSTAGE }),
};

afterEach(() => vi.unstubAllGlobals());

/** The card with a server whose answer to the order's change is held back until `answer` is called. */
function renderCard() {
  let answer: (response: Response) => void = () => {};
  const held = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/orders/order-1' && init?.method === 'PATCH') return held;
      if (url === '/api/orders/order-1/history') return Response.json({ entries: [] });
      if (url === '/api/orders/order-1/bill-text') return Response.json({ text: 'Hej', number: null });
      return Response.json({ message: 'Findes ikke', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ActiveOrderCard customerId="c1" order={order} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { answer: (body: Order) => answer(Response.json(body)) };
}

describe('ActiveOrderCard', () => {
  it('shows a tapped Hjemmelevering on from the tap itself, while the change is on its way', async () => {
    const server = renderCard();
    const toggle = screen.getByRole('switch', { name: 'Hjemmelevering' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    // Right after the tap's event, before any later task: no flicker back to off.
    expect(toggle).toBeChecked();
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toBeChecked();
    server.answer({ ...order, homeDelivery: true });
    await waitFor(() => expect(toggle).toBeEnabled());
  });

  it('shows Afhentning on from the tap, and Hjemmelevering off with it', () => {
    renderCard();
    fireEvent.click(screen.getByRole('switch', { name: 'Afhentning' }));
    expect(screen.getByRole('switch', { name: 'Afhentning' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Hjemmelevering' })).not.toBeChecked();
  });
});
