import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusChip } from '../../components/status-chip.tsx';
import { OrderStatusSelect } from './status-select.tsx';

describe('StatusChip', () => {
  it.each([
    ['active', 'Aktiv', 'MuiChip-colorPrimary'],
    ['invoiced', 'Afventer betaling', 'MuiChip-colorWarning'],
    ['paid', 'Skal pakkes', 'MuiChip-colorInfo'],
    ['packed', 'Skal sendes', 'MuiChip-colorSecondary'],
    ['shipped', 'Afsendt', 'MuiChip-colorSuccess'],
  ] as const)('shows %s as %s in its colour', (status, label, colorClass) => {
    const { container } = render(<StatusChip status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass(colorClass);
  });
});

describe('OrderStatusSelect', () => {
  it('offers the five statuses in flow order with the current one chosen', () => {
    render(<OrderStatusSelect status="invoiced" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveValue('invoiced');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Aktiv', 'Afventer betaling', 'Skal pakkes', 'Skal sendes', 'Afsendt']);
  });

  it('reports the chosen status', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<OrderStatusSelect status="active" onChange={onChange} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Skal pakkes');
    expect(onChange).toHaveBeenCalledWith('paid');
  });

  it('is plain text for a shipped order', () => {
    render(<OrderStatusSelect status="shipped" onChange={() => {}} />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Status')).toBeInTheDocument();
    expect(screen.getByText('Afsendt')).toBeInTheDocument();
  });

  it('can be disabled while a change is saved', () => {
    render(<OrderStatusSelect status="paid" onChange={() => {}} disabled />);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled();
  });
});
