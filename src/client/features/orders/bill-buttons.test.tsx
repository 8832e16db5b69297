import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillButtons } from './bill-buttons.tsx';

const BILL = 'Hej Rikke\n\nDu har købt:\n1 x Rosenkvarts 45 kr\n\nI alt 104 kr inkl. porto';

function stubShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { value: vi.fn(share), configurable: true, writable: true });
  return navigator.share as ReturnType<typeof vi.fn>;
}

function renderButtons(billText: () => string | Promise<string> = () => BILL) {
  const user = userEvent.setup();
  // After userEvent.setup(), which puts a clipboard of its own on navigator.
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <>
      <BillButtons billText={billText} />
      <Toaster />
    </>,
  );
  return { user, writeText };
}

afterEach(() => {
  delete (navigator as { share?: unknown }).share;
  // Sonner shows a new Toaster the toasts still open, so each test starts with none.
  toast.dismiss();
});

describe('BillButtons (Kopiér Regningstekst, Del)', () => {
  it('offers no "Del" where the browser has no share sheet (the laptop)', () => {
    renderButtons();
    expect(screen.getByRole('button', { name: 'Kopiér Regningstekst' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Del' })).toBeNull();
  });

  it('shares the same text that "Kopiér" copies', async () => {
    const share = stubShare(async () => undefined);
    const { user, writeText } = renderButtons();

    await user.click(screen.getByRole('button', { name: 'Kopiér Regningstekst' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(BILL));

    await user.click(screen.getByRole('button', { name: 'Del' }));
    expect(share).toHaveBeenCalledWith({ text: BILL });
    expect(await screen.findByText('Regningsteksten er delt')).toBeInTheDocument();
  });

  it('shares a bill text still on its way once it has come', async () => {
    const share = stubShare(async () => undefined);
    const { user } = renderButtons(() => Promise.resolve(BILL));
    await user.click(screen.getByRole('button', { name: 'Del' }));
    expect(await screen.findByText('Regningsteksten er delt')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith({ text: BILL });
  });

  it('says nothing when the owner closes the share sheet', async () => {
    const share = stubShare(async () => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    const { user } = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Del' }));
    expect(share).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Del' })).toBeEnabled());
    expect(screen.queryByText('Regningsteksten kunne ikke deles')).toBeNull();
    expect(screen.queryByText('Regningsteksten er delt')).toBeNull();
  });

  it('says in Danish when the share failed', async () => {
    stubShare(async () =>
      Promise.reject(new DOMException('Must be handling a user gesture', 'NotAllowedError')),
    );
    const { user } = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Del' }));
    expect(await screen.findByText('Regningsteksten kunne ikke deles')).toBeInTheDocument();
    expect(screen.queryByText(/user gesture/)).toBeNull();
  });
});
