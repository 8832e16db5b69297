import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { PriceDialog } from './price-dialog.tsx';

function renderDialog(props: Partial<React.ComponentProps<typeof PriceDialog>> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => {});
  const onCancel = props.onCancel ?? vi.fn();
  render(
    <>
      <PriceDialog open beadName="Guldperle" onCancel={onCancel} {...props} onSubmit={onSubmit} />
      <Toaster />
    </>,
  );
  return { onSubmit, onCancel };
}

describe('PriceDialog (Sæt Pris)', () => {
  it('shows the bead name read-only, the offer choice and the price', () => {
    renderDialog({ priceOre: 4500 });
    expect(screen.getByRole('dialog', { name: 'Sæt Pris' })).toBeInTheDocument();
    expect(screen.getByLabelText('Navn')).toBeDisabled();
    expect(screen.getByLabelText('Navn')).toHaveValue('Guldperle');
    expect(screen.getByRole('radio', { name: 'Intet' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 for 125' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Pris' })).toHaveValue('45');
    expect(screen.getByRole('button', { name: 'Fortryd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilføj' })).toBeInTheDocument();
  });

  it('refuses a price of 0 kr (a new bead from a todo starts empty)', async () => {
    const { onSubmit } = renderDialog({ priceOre: 0 });
    const price = screen.getByRole('textbox', { name: 'Pris' });
    expect(price).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Pris er påkrævet')).toBeInTheDocument();
    await userEvent.type(price, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Prisen skal være over 0')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the price in øre, Danish decimals accepted', async () => {
    const { onSubmit } = renderDialog({ priceOre: 0 });
    await userEvent.type(screen.getByRole('textbox', { name: 'Pris' }), '12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(onSubmit).toHaveBeenCalledWith({ priceOre: 1250, saleType: null });
  });

  it('fills in 75 kr when the offer is picked, and keeps it editable', async () => {
    const { onSubmit } = renderDialog({ priceOre: 4500 });
    await userEvent.click(screen.getByRole('radio', { name: '2 for 125' }));
    const price = screen.getByRole('textbox', { name: 'Pris' });
    expect(price).toHaveValue('75');
    expect(price).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(onSubmit).toHaveBeenCalledWith({ priceOre: 7500, saleType: '2 for 125' });
  });

  it('cancels without sending', async () => {
    const { onSubmit, onCancel } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stays open and shows the error when saving fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Perlen kun ikke findes', 'BEAD_NOT_FOUND', 404);
    });
    renderDialog({ priceOre: 4500, onSubmit });
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Perlen kun ikke findes')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sæt Pris' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilføj' })).toBeEnabled();
  });
});
