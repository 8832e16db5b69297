import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../../shared/domain/shop-settings.ts';
import type { PaymentReminder } from '../../../shared/schemas/api-reminders.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { ReminderCard } from './reminder-card.tsx';

const reminder: PaymentReminder = {
  orderId: 'order-1',
  customerId: 'customer-1',
  customerName: 'Rikke Rykker',
  waitingSince: '2026-11-11T09:00:00.000Z',
  daysWaiting: 12,
  amountOre: 15_300,
  paidOre: 0,
  number: null,
  lastRemindedAt: null,
};
const shop = { ...DEFAULT_SHOP_SETTINGS, mobilePayNumber: '12345678' };

function renderCard(
  copyText: (text: string) => Promise<void>,
  onCopied = vi.fn(async () => undefined),
  shareText?: (text: string) => Promise<'shared' | 'cancelled'>,
) {
  render(
    <MemoryRouter>
      <ReminderCard
        reminder={reminder}
        shop={shop}
        copyText={copyText}
        shareText={shareText}
        onCopied={onCopied}
      />
      <Toaster />
    </MemoryRouter>,
  );
  return onCopied;
}

afterEach(() => {
  // Sonner shows a new Toaster the toasts still open, so each test starts with none.
  toast.dismiss();
});

describe('ReminderCard', () => {
  it('shows who, how long, how much and that no reminder was copied yet', () => {
    renderCard(vi.fn(async () => undefined));
    const card = screen.getByRole('region', { name: 'Rikke Rykker' });
    expect(card).toHaveTextContent('venter i 12 dage');
    expect(card).toHaveTextContent('153 kr');
    expect(card).toHaveTextContent('Ikke påmindet endnu');
  });

  it('copies the reminder, then keeps its time', async () => {
    const copyText = vi.fn(async (_text: string) => undefined);
    const onCopied = renderCard(copyText);
    await userEvent.click(screen.getByRole('button', { name: 'Kopiér påmindelse' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledWith('order-1'));
    const text = copyText.mock.calls[0]?.[0] ?? '';
    expect(text).toMatch(/^Hej Rikke\n/);
    expect(text).toContain('153 kr inkl. porto');
    expect(text).toContain('MobilePay på 12 34 56 78');
  });

  it('keeps no time when the copy failed', async () => {
    const onCopied = renderCard(vi.fn(async () => Promise.reject(new Error('nej'))));
    await userEvent.click(screen.getByRole('button', { name: 'Kopiér påmindelse' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kopiér påmindelse' })).toBeEnabled());
    expect(onCopied).not.toHaveBeenCalled();
  });

  it('offers no "Del" where the page gives no share sheet (the laptop)', () => {
    renderCard(vi.fn(async () => undefined));
    expect(screen.getByRole('button', { name: 'Kopiér påmindelse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Del' })).toBeNull();
  });

  it('shares the same text that "Kopiér" copies, then keeps its time as after a copy', async () => {
    const copyText = vi.fn(async (_text: string) => undefined);
    const shareText = vi.fn(async (_text: string) => 'shared' as const);
    const onCopied = renderCard(
      copyText,
      vi.fn(async () => undefined),
      shareText,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Kopiér påmindelse' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Del' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledTimes(2));

    expect(onCopied).toHaveBeenLastCalledWith('order-1');
    expect(shareText).toHaveBeenCalledWith(copyText.mock.calls[0]?.[0]);
    expect(shareText.mock.calls[0]?.[0]).toMatch(/^Hej Rikke\n/);
    expect(await screen.findByText('Påmindelse delt')).toBeInTheDocument();
  });

  it('keeps no time and says nothing when the owner closes the share sheet', async () => {
    const shareText = vi.fn(async (_text: string) => 'cancelled' as const);
    const onCopied = renderCard(
      vi.fn(async () => undefined),
      vi.fn(async () => undefined),
      shareText,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Del' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Del' })).toBeEnabled());
    expect(shareText).toHaveBeenCalledTimes(1);
    expect(onCopied).not.toHaveBeenCalled();
    expect(screen.queryByText('Påmindelsen kunne ikke deles')).toBeNull();
    expect(screen.queryByText('Påmindelse delt')).toBeNull();
  });

  it('keeps no time and says so in Danish when the share failed', async () => {
    const shareText = vi.fn(async (_text: string) =>
      Promise.reject(new DOMException('Must be handling a user gesture', 'NotAllowedError')),
    );
    const onCopied = renderCard(
      vi.fn(async () => undefined),
      vi.fn(async () => undefined),
      shareText,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Del' }));
    expect(await screen.findByText('Påmindelsen kunne ikke deles')).toBeInTheDocument();
    expect(onCopied).not.toHaveBeenCalled();
  });
});
