import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it('asks with Slet and Fortryd by default, cancel focused', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Slet perle"
        text="Er du sikker?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Slet perle' });
    expect(dialog).toHaveAccessibleDescription('Er du sikker?');
    expect(screen.getByRole('button', { name: 'Fortryd' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Slet' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes another confirm label, and Escape cancels', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Slet todo"
        text="Er du sikker på, at du vil slette denne todo?"
        confirmLabel="Bekræft sletning"
        onConfirm={() => {}}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'Bekræft sletning' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });

  it('disables its buttons while the action runs', () => {
    render(<ConfirmDialog open pending title="Slet" text="?" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Slet' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fortryd' })).toBeDisabled();
  });
});
