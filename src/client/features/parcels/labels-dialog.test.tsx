import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Parcel, ParcelList } from '../../../shared/schemas/api-parcels.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { LabelsDialog } from './labels-dialog.tsx';

configure({ asyncUtilTimeout: 5000 });

const parcel = (orderId: string, name: string, extra: Partial<Parcel> = {}): Parcel => ({
  orderId,
  reference: orderId.slice(0, 8),
  customerId: `c-${orderId}`,
  customerName: name,
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'packed',
  homeDelivery: false,
  pickup: false,
  number: null,
  postageOre: 5300,
  addressState: 'ok',
  lines: [name, 'Æblegade 7, 2. tv', '8000 Aarhus C'],
  ...extra,
});

const LIST: ParcelList = {
  status: 'packed',
  parcels: [
    parcel('order-a1', 'Anna Andersen'),
    parcel('order-b2', 'Bo Bæk', { postageOre: 0 }),
    parcel('order-c3', 'Carl Clausen', { addressState: 'missing', lines: ['Carl Clausen'] }),
    parcel('order-d4', 'Dorte Dahl', { addressState: 'check', lines: ['Dorte Dahl', 'Perlevej 1, Aarhus'] }),
    parcel('order-e5', 'Emil Eriksen'),
  ],
};

let calls: Array<{ method: string; url: string; body?: unknown; key?: string }>;

function renderDialog(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        key: (init.headers as Record<string, string> | undefined)?.['idempotency-key'],
      });
      return respond(url, init);
    }),
  );
  const onClose = vi.fn();
  /** Closes like the page does, so the toast behind it can be reached. */
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <LabelsDialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        status="packed"
      />
    );
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

const href = (name: string) =>
  new URL(screen.getByRole('link', { name }).getAttribute('href') ?? '', 'http://x');

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('LabelsDialog (Adresselabels)', () => {
  it('shows loading, then the orders: printable ones ticked, picked-up ones not, the rest with a link to fix', async () => {
    let answer: (response: Response) => void = () => {};
    renderDialog(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByText('Indlæser ordrer...')).toBeInTheDocument();
    answer(Response.json(LIST));
    expect(await screen.findByText('2 af 5 ordrer valgt')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/parcels?status=packed');
    expect(screen.getByText('Skal sendes · 5 ordrer')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Anna Andersen/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Bo Bæk/ })).not.toBeChecked();
    expect(screen.getByText('Ingen porto: afhentes?')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Carl Clausen/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Dorte Dahl/ })).toBeDisabled();
    expect(screen.getByText('mangler adresse')).toBeInTheDocument();
    expect(screen.getByText('Tjek adressen')).toBeInTheDocument();
    const fixes = screen.getAllByRole('link', { name: 'Ret adressen' });
    expect(fixes.map((link) => link.getAttribute('href'))).toEqual([
      '/customers/c-order-c3?rediger=adresse',
      '/customers/c-order-d4?rediger=adresse',
    ]);
    expect(screen.getByText('Udskriv i 100 % / faktisk størrelse')).toBeInTheDocument();
  });

  it('links the PDF and the CSV of the ticked orders with the sheet, Spring over and the offset', async () => {
    const { user } = renderDialog(() => Response.json(LIST));
    await screen.findByText('2 af 5 ordrer valgt');
    await user.click(screen.getByRole('checkbox', { name: /Bo Bæk/ }));
    await user.click(screen.getByRole('checkbox', { name: /Emil Eriksen/ }));
    expect(screen.getByText('2 af 5 ordrer valgt')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Ark'), '3 × 7 · 63,5 × 38,1 mm · Avery L7160');
    await user.clear(screen.getByLabelText('Spring over'));
    await user.type(screen.getByLabelText('Spring over'), '5');
    await user.click(screen.getByText('Justér'));
    await user.clear(screen.getByLabelText('Flyt til højre (mm)'));
    await user.type(screen.getByLabelText('Flyt til højre (mm)'), '1,5');
    const pdf = href('Hent PDF');
    expect(pdf.pathname).toBe('/api/parcels/labels.pdf');
    expect(Object.fromEntries(pdf.searchParams)).toEqual({
      sheet: 'a4-3x7-63x38',
      skip: '5',
      right: '1.5',
      down: '0',
      orders: 'order-a1,order-b2',
    });
    expect(href('Hent CSV').search).toBe(`?orders=${encodeURIComponent('order-a1,order-b2')}`);
    expect(href('Prøveark').search).toBe('?sheet=a4-3x7-63x38&right=1.5&down=0');
    // Remembered on this device: the sheet, and the offset of the A4 printer.
    expect(JSON.parse(localStorage.getItem('naalepuden.labels') ?? '{}')).toEqual({
      sheet: 'a4-3x7-63x38',
      offsets: { a4: { rightMm: 1.5, downMm: 0 } },
    });
  });

  it('says what is wrong with Spring over and the offset, and offers no PDF meanwhile', async () => {
    const { user } = renderDialog(() => Response.json(LIST));
    await screen.findByText('2 af 5 ordrer valgt');
    await user.clear(screen.getByLabelText('Spring over'));
    await user.type(screen.getByLabelText('Spring over'), '21');
    expect(screen.getByText('Spring over skal være et helt tal fra 0 til 20')).toBeInTheDocument();
    expect(screen.getByText('Hent PDF').closest('a')).toHaveAttribute('aria-disabled', 'true');
    await user.clear(screen.getByLabelText('Spring over'));
    await user.click(screen.getByText('Justér'));
    await user.type(screen.getByLabelText('Flyt ned (mm)'), '12');
    expect(screen.getByText('Skriv et tal fra -10 til 10 mm')).toBeInTheDocument();
    expect(screen.getByText('Hent PDF').closest('a')).toHaveAttribute('aria-disabled', 'true');
    // Brother labels: one a page, nothing to skip.
    await user.selectOptions(screen.getByLabelText('Ark'), '1 pr. side · 62 × 100 mm · Brother DK-11202');
    expect(screen.getByLabelText('Spring over')).toBeDisabled();
    expect(screen.getByText('Én label pr. side')).toBeInTheDocument();
  });

  it('marks the ticked orders as sent with one key per tap, closes, and Fortryd sets them back', async () => {
    const { onClose, user } = renderDialog((url) => {
      if (url === '/api/parcels/ship')
        return Response.json({
          shipmentId: 'ship-1',
          orders: [
            { orderId: 'order-a1', from: 'packed' },
            { orderId: 'order-e5', from: 'packed' },
          ],
        });
      if (url.endsWith('/undo'))
        return Response.json({
          restored: [
            { orderId: 'order-a1', status: 'packed' },
            { orderId: 'order-e5', status: 'packed' },
          ],
          kept: [],
        });
      return Response.json(LIST);
    });
    await screen.findByText('2 af 5 ordrer valgt');
    await user.click(screen.getByRole('button', { name: 'Markér som sendt' }));
    expect(await screen.findByText('2 ordrer markeret som sendt')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const ship = calls.find((call) => call.url === '/api/parcels/ship');
    expect(ship).toMatchObject({
      method: 'POST',
      body: { orderIds: ['order-a1', 'order-e5'] },
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // A plain click: sonner captures the pointer on a toast's pointerdown, which jsdom cannot.
    fireEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(await screen.findByText('2 ordrer sat tilbage')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'POST' && call.url === '/api/parcels/shipments/ship-1/undo'),
    ).toBe(true);
  });

  it('shows a refusal in Danish and stays open', async () => {
    const { onClose, user } = renderDialog((url) =>
      url === '/api/parcels/ship'
        ? Response.json(
            {
              code: 'ORDER_NOT_READY_TO_SHIP',
              message: 'En af ordrerne er ikke længere klar til at blive sendt',
            },
            { status: 409 },
          )
        : Response.json(LIST),
    );
    await screen.findByText('2 af 5 ordrer valgt');
    await user.click(screen.getByRole('button', { name: 'Markér som sendt' }));
    expect(
      await screen.findByText('En af ordrerne er ikke længere klar til at blive sendt'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('has an empty state and an error state with Prøv igen', async () => {
    let fail = true;
    const { user } = renderDialog(() =>
      fail
        ? Response.json({ code: 'INTERNAL', message: 'Serveren fejlede' }, { status: 500 })
        : Response.json({ status: 'packed', parcels: [] }),
    );
    expect(await screen.findByText('Ordrerne kunne ikke hentes')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText('Ingen ordrer at sende')).toBeInTheDocument();
    const actions = screen.getByRole('button', { name: 'Markér som sendt' });
    expect(actions).toBeDisabled();
    expect(within(document.body).getByText('Hent CSV').closest('a')).toHaveAttribute('aria-disabled', 'true');
  });
});
