import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_MONEY } from '../../../../tests/support/client-orders.ts';
import { orderTotals, priceOrder } from '../../../shared/domain/pricing.ts';
import { DEFAULT_POSTAGE } from '../../../shared/domain/shop-settings.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { OrderLinesView } from './order-lines-view.tsx';

let clock = 0;
function line(
  text: string,
  unitPriceOre: number,
  saleType: '2 for 125' | null = null,
  kind: 'bead' | 'free' = 'bead',
) {
  clock += 1;
  return {
    id: `line-${clock}`,
    orderId: 'order-1',
    kind,
    beadId: kind === 'bead' ? `bead-${text}` : null,
    text,
    unitPriceOre,
    saleType,
    addedAt: new Date(Date.UTC(2026, 10, 22, 10, 0, clock)).toISOString(),
    photoId: null,
  };
}

function orderOf(lines: ReturnType<typeof line>[], homeDelivery = false): Order {
  const priced = priceOrder(lines);
  return {
    id: 'order-1',
    customerId: 'c1',
    customerName: 'Åse Hansen',
    createdAt: '2026-11-22T10:00:00.000Z',
    status: 'active',
    ...NO_MONEY,
    homeDelivery,
    offerGroups: priced.offerGroups,
    normalLines: priced.normalLines,
    totals: orderTotals({ totalOre: priced.totalOre, homeDelivery, prices: DEFAULT_POSTAGE }),
  };
}

const mixed = () =>
  orderOf([
    line('Rød glasperle', 7500, '2 for 125'),
    line('Sølvnål', 4500),
    line('Blå glasperle', 7500, '2 for 125'),
    line('Grøn glasperle', 7500, '2 for 125'),
    line('Indpakning', 1250, null, 'free'),
  ]);

describe('OrderLinesView', () => {
  it('groups offer pairs and marks the lone offer line as missing a partner', () => {
    render(<OrderLinesView order={mixed()} />);
    const groups = screen.getAllByRole('group', { name: '2 for 125' });
    expect(groups).toHaveLength(2);
    const [pair, single] = groups as [HTMLElement, HTMLElement];
    expect(within(pair).getByText('Rød glasperle')).toBeInTheDocument();
    expect(within(pair).getByText('Blå glasperle')).toBeInTheDocument();
    expect(within(pair).getByText('125 kr')).toBeInTheDocument();
    expect(within(pair).queryByText('--- Mangler en makker ---')).not.toBeInTheDocument();
    expect(within(single).getByText('Grøn glasperle')).toBeInTheDocument();
    expect(within(single).getByText('75 kr')).toBeInTheDocument();
    expect(within(single).getByText('--- Mangler en makker ---')).toBeInTheDocument();
  });

  it('shows every normal line with its price, in the order added', () => {
    render(<OrderLinesView order={mixed()} />);
    const list = screen.getByRole('list', { name: 'Varer' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Rød glasperle'),
      expect.stringContaining('Grøn glasperle'),
      'Sølvnål45 kr',
      'Indpakning12,50 kr',
    ]);
  });

  it('shows the total and, in brackets, the total with postage (53 kr, or 73 kr with home delivery)', () => {
    const { rerender } = render(<OrderLinesView order={mixed()} />);
    // 125 + 75 + 45 + 12,50 = 257,50 kr
    expect(screen.getByRole('heading', { name: 'Varer' })).toBeInTheDocument();
    expect(screen.getByText('257,50 kr', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('(310,50 kr)')).toBeInTheDocument();
    rerender(
      <OrderLinesView
        order={{
          ...mixed(),
          totals: orderTotals({ totalOre: 25750, homeDelivery: true, prices: DEFAULT_POSTAGE }),
        }}
      />,
    );
    expect(screen.getByText('(330,50 kr)')).toBeInTheDocument();
  });

  it('is read-only without a delete handler', () => {
    render(<OrderLinesView order={mixed()} />);
    expect(screen.queryByRole('button', { name: /Slet linje/ })).not.toBeInTheDocument();
  });

  it('offers a delete button per line when editable', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<OrderLinesView order={mixed()} onDeleteLine={onDelete} />);
    expect(screen.getAllByRole('button', { name: /^Slet linje: / })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Slet linje: Sølvnål' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ text: 'Sølvnål', priceOre: 4500 }));
  });

  it('says so when the order has no lines', () => {
    render(<OrderLinesView order={orderOf([])} />);
    expect(screen.getByText('Ingen varer endnu')).toBeInTheDocument();
    expect(screen.getByText('(53 kr)')).toBeInTheDocument();
  });
});
