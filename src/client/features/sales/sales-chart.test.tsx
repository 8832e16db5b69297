import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisTicks, SalesChart } from './sales-chart.tsx';

describe('the sales chart', () => {
  it('puts about four round steps up to the largest month', () => {
    expect(axisTicks(0)).toEqual([0]);
    expect(axisTicks(1_234_500)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
    expect(axisTicks(90_000)).toEqual([0, 50_000, 100_000]);
    expect(axisTicks(70_000)).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
  });

  it('draws a bar for each month with sales, named by month and amount, and points at the table', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      orders: i === 2 ? 3 : 0,
      goodsOre: i === 2 ? 62_500 : i === 10 ? 12_000 : 0,
      postageOre: 0,
      averageOre: 0,
    }));
    const { container } = render(<SalesChart year={2026} months={months} tableId="tabel" />);
    const picture = screen.getByRole('img', { name: /2026/ });
    expect(picture).toHaveAttribute('aria-describedby', 'tabel');
    const bars = [...container.querySelectorAll('[data-bar]')];
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'mar: 625 kr',
      'nov: 120 kr',
    ]);
    // The taller month has the taller bar.
    expect(Number(bars[0]?.getAttribute('height'))).toBeGreaterThan(Number(bars[1]?.getAttribute('height')));
  });
});
