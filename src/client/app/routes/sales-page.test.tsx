import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesOverview } from '../../../shared/schemas/api-sales.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { SalesPage } from './sales-page.tsx';

configure({ asyncUtilTimeout: 5000 });

// The chart (MUI X, SVG layout) is not what these tests are about: it has its own E2E test.
vi.mock('../../features/sales/sales-chart.tsx', () => ({ SalesChart: () => <div>diagram</div> }));

const zero = { orders: 0, goodsOre: 0, postageOre: 0, averageOre: 0 };
const overview = (year: number, filled: Partial<Record<number, typeof zero>>): SalesOverview => {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...(filled[i + 1] ?? zero) }));
  const sum = (key: keyof typeof zero) => months.reduce((s, m) => s + m[key], 0);
  const orders = sum('orders');
  const goodsOre = sum('goodsOre');
  return {
    year,
    years: [year, year - 1],
    months,
    totals: {
      orders,
      goodsOre,
      postageOre: sum('postageOre'),
      averageOre: orders ? Math.round(goodsOre / orders) : 0,
    },
    topByUnits: orders ? [{ beadId: 'b1', name: 'Rosenkvarts', units: 3, revenueOre: 19500, stock: 4 }] : [],
    topByRevenue: orders
      ? [{ beadId: 'b1', name: 'Rosenkvarts', units: 3, revenueOre: 19500, stock: 4 }]
      : [],
    stock: { valueOre: 123_450, countedBeads: 12 },
  };
};

function renderPage(path: string, answer: (url: string) => SalesOverview) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answer(url)), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <SalesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SalesPage (Salg)', () => {
  it('shows loading, then the year’s months in a table with totals, the top beads and the CSV link', async () => {
    const urls = renderPage('/sales?year=2025', () =>
      overview(2025, {
        1: { orders: 2, goodsOre: 31500, postageOre: 10600, averageOre: 15750 },
        3: { orders: 1, goodsOre: 9900, postageOre: 5300, averageOre: 9900 },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Henter salg…');
    const table = await screen.findByRole('table', { name: 'Salg pr. måned i 2025' });
    expect(urls).toEqual(['/api/sales?year=2025']);
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Januar')).toEqual(['2', '315 kr', '106 kr', '157,50 kr']);
    expect(cells('Februar')).toEqual(['0', '0 kr', '0 kr', '0 kr']);
    expect(cells('I alt')).toEqual(['3', '414 kr', '159 kr', '138 kr']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 12 + 1);
    expect(screen.getByRole('table', { name: 'Top 10 perler efter antal' })).toHaveTextContent('Rosenkvarts');
    expect(screen.getByRole('link', { name: 'Hent som CSV' })).toHaveAttribute(
      'href',
      '/api/sales.csv?year=2025',
    );
    expect(await screen.findByText('diagram')).toBeInTheDocument();
  });

  it('says so when the year has no sales', async () => {
    renderPage('/sales?year=2019', () => overview(2019, {}));
    expect(await screen.findByText('Intet salg i 2019')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
