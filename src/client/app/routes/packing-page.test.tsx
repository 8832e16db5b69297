import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_MONEY } from '../../../../tests/support/client-orders.ts';
import type { PricedLine } from '../../../shared/schemas/api-orders.ts';
import type { PackingOrder, PackingPage as Page, PickList } from '../../../shared/schemas/api-packing.ts';
import { OfflineBanner } from '../../features/offline/offline-banner.tsx';
import { MemoryRouter } from '../../lib/router.tsx';
import { PackingPage } from './packing-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const line = (id: string, text: string, priceOre: number): PricedLine => ({
  id,
  orderId: 'o',
  kind: 'free',
  beadId: null,
  text,
  unitPriceOre: priceOre,
  saleType: null,
  addedAt: '2026-03-03T13:02:00.000Z',
  photoId: null,
  priceOre,
});

const order = (id: string, name: string, packedLineIds: string[] = []): PackingOrder => ({
  id,
  customerId: `c-${id}`,
  customerName: name,
  createdAt: '2026-03-03T13:02:00.000Z',
  status: 'paid',
  ...NO_MONEY,
  homeDelivery: false,
  offerGroups: [],
  normalLines: [line(`${id}-1`, 'Kæde', 10000), line(`${id}-2`, 'Lås', 2000)],
  totals: { totalOre: 12000, shippingOre: 5300, discountOre: 0, totalWithShippingOre: 17300 },
  phone: null,
  email: null,
  address: null,
  packedLineIds,
});

const PICK_LIST: PickList = { beads: [], freeLines: [], orderCount: 3 };

function renderPage(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ method: string; url: string; body?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body as string | undefined });
      return respond(url, init);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OfflineBanner />
        <PackingPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

/** Two pages: Anna and Bo, then Carl. */
function pages(url: string): Page {
  return url.includes('after=')
    ? { orders: [order('o3', 'Carl')], nextCursor: null, total: 3 }
    : { orders: [order('o1', 'Anna', ['o1-2']), order('o2', 'Bo')], nextCursor: 'next', total: 3 };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
  onlineManager.setOnline(true);
});

describe('PackingPage (Pakning)', () => {
  it('shows loading, then a page of orders with their ticks; Vis flere fetches the next page', async () => {
    const { calls, user } = renderPage((url) =>
      Response.json(url.includes('pick-list') ? PICK_LIST : pages(url)),
    );
    expect(screen.getByText('Indlæser ordrer...')).toBeInTheDocument();
    const anna = await screen.findByRole('region', { name: 'Anna' });
    expect(within(anna).getByText('1 af 2 pakket')).toBeInTheDocument();
    expect(within(anna).getByRole('checkbox', { name: 'Pakket: Lås' })).toBeChecked();
    expect(within(anna).getByRole('checkbox', { name: 'Pakket: Kæde' })).not.toBeChecked();
    expect(screen.getByText('Viser 2 af 3 ordrer')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Carl' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByRole('region', { name: 'Carl' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/packing/orders?after=next');
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
  });

  it('ticks at once, and puts the tick back with a Danish toast when the server refuses', async () => {
    let refuse = false;
    const { calls, user } = renderPage((url, init) => {
      if (init.method === 'PUT') {
        return refuse
          ? Response.json(
              {
                code: 'ORDER_NOT_TO_PACK',
                message: 'Fejl: Der kan kun sættes flueben, mens ordren skal pakkes',
              },
              { status: 409 },
            )
          : Response.json({
              orderId: 'o2',
              lineId: 'o2-1',
              packed: true,
              packedAt: '2026-03-03T14:00:00.000Z',
            });
      }
      return Response.json(url.includes('pick-list') ? PICK_LIST : pages(url));
    });
    const bo = await screen.findByRole('region', { name: 'Bo' });
    await user.click(within(bo).getByRole('checkbox', { name: 'Pakket: Kæde' }));
    expect(within(bo).getByRole('checkbox', { name: 'Pakket: Kæde' })).toBeChecked();
    expect(within(bo).getByText('1 af 2 pakket')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/orders/o2/lines/o2-1/packed',
      body: JSON.stringify({ packed: true }),
    });

    refuse = true;
    await user.click(within(bo).getByRole('checkbox', { name: 'Pakket: Lås' }));
    expect(
      await screen.findByText('Fejl: Der kan kun sættes flueben, mens ordren skal pakkes'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fluebenet blev ikke gemt.')).toBeInTheDocument();
    await waitFor(() => expect(within(bo).getByRole('checkbox', { name: 'Pakket: Lås' })).not.toBeChecked());
  });

  it('Udskriv loads every remaining page before it prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { calls, user } = renderPage((url) =>
      Response.json(url.includes('pick-list') ? PICK_LIST : pages(url)),
    );
    await screen.findByRole('region', { name: 'Anna' });
    await user.click(screen.getByRole('button', { name: 'Udskriv' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('region', { name: 'Carl' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/packing/orders?after=next');
  });

  it('says so when nothing is to be packed', async () => {
    renderPage((url) =>
      Response.json(
        url.includes('pick-list')
          ? { beads: [], freeLines: [], orderCount: 0 }
          : { orders: [], nextCursor: null, total: 0 },
      ),
    );
    expect(await screen.findByText('Ingen ordrer skal pakkes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Udskriv' })).not.toBeInTheDocument();
  });

  describe('offline', () => {
    /** A server that keeps the ticks it is sent; `refuse` makes it answer 409 as for an order moved on. */
    function tickingServer() {
      const ticked = new Set(['o1-2']);
      const server = { refuse: false };
      const withTicks = (page: Page): Page => ({
        ...page,
        orders: page.orders.map((o) => ({
          ...o,
          packedLineIds: [...o.normalLines.map((l) => l.id)].filter((id) => ticked.has(id)),
        })),
      });
      const respond = async (url: string, init: RequestInit) => {
        if (init.method === 'PUT') {
          if (server.refuse)
            return Response.json(
              {
                code: 'ORDER_NOT_TO_PACK',
                message: 'Fejl: Der kan kun sættes flueben, mens ordren skal pakkes',
              },
              { status: 409 },
            );
          const lineId = url.split('/')[5] ?? '';
          const { packed } = JSON.parse(String(init.body)) as { packed: boolean };
          if (packed) ticked.add(lineId);
          else ticked.delete(lineId);
          return Response.json({
            orderId: 'o2',
            lineId,
            packed,
            packedAt: packed ? '2026-03-03T14:00:00.000Z' : null,
          });
        }
        return Response.json(url.includes('pick-list') ? PICK_LIST : withTicks(pages(url)));
      };
      return { server, respond };
    }
    const puts = (calls: Array<{ method: string; url: string; body?: string }>) =>
      calls.filter((call) => call.method === 'PUT');

    it('a tick made offline shows at once, waits in the queue, and is sent once when the connection returns', async () => {
      const { respond } = tickingServer();
      const { calls, user } = renderPage(respond);
      const bo = await screen.findByRole('region', { name: 'Bo' });
      onlineManager.setOnline(false);
      await user.click(within(bo).getByRole('checkbox', { name: 'Pakket: Kæde' }));
      expect(within(bo).getByRole('checkbox', { name: 'Pakket: Kæde' })).toBeChecked();
      expect(within(bo).getByText('1 af 2 pakket')).toBeInTheDocument();
      expect(await screen.findByText('1 ændring venter')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(puts(calls)).toEqual([]);

      onlineManager.setOnline(true);
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      expect(puts(calls)).toEqual([
        { method: 'PUT', url: '/api/orders/o2/lines/o2-1/packed', body: JSON.stringify({ packed: true }) },
      ]);
      // The page asks the server again once the tick is there, and it stays ticked.
      await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(2));
      expect(within(bo).getByRole('checkbox', { name: 'Pakket: Kæde' })).toBeChecked();
      expect(puts(calls)).toHaveLength(1);
    });

    it('a queued tick the server refuses is told in Danish as a change made offline, and the box unticks', async () => {
      const { server, respond } = tickingServer();
      const { calls, user } = renderPage(respond);
      const bo = await screen.findByRole('region', { name: 'Bo' });
      onlineManager.setOnline(false);
      await user.click(within(bo).getByRole('checkbox', { name: 'Pakket: Lås' }));
      expect(within(bo).getByRole('checkbox', { name: 'Pakket: Lås' })).toBeChecked();
      expect(await screen.findByText('1 ændring venter')).toBeInTheDocument();

      server.refuse = true;
      onlineManager.setOnline(true);
      expect(
        await screen.findByText('Fejl: Der kan kun sættes flueben, mens ordren skal pakkes'),
      ).toBeInTheDocument();
      expect(screen.getByText('Ændringen blev lavet offline og er ikke gemt.')).toBeInTheDocument();
      expect(screen.queryByText('Fluebenet blev ikke gemt.')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(within(bo).getByRole('checkbox', { name: 'Pakket: Lås' })).not.toBeChecked(),
      );
      expect(puts(calls)).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    });
  });
});
