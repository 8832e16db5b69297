import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlphabetBar } from './alphabet-bar.tsx';

const letters = ['A', 'B', 'Z', 'Æ', 'Ø', 'Å', '#'];

describe('AlphabetBar', () => {
  it.each(['chips', 'touch'] as const)('offers one jump button per letter (%s)', async (variant) => {
    const onJump = vi.fn();
    render(<AlphabetBar letters={letters} onJump={onJump} label="Gå til bogstav" variant={variant} />);
    const nav = screen.getByRole('navigation', { name: 'Gå til bogstav' });
    expect(nav).toBeInTheDocument();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(letters);
    await userEvent.click(screen.getByRole('button', { name: 'Gå til Ø' }));
    expect(onJump).toHaveBeenCalledWith('Ø');
  });

  it('is hidden when there is only one initial', () => {
    render(<AlphabetBar letters={['A']} onJump={() => {}} label="Gå til bogstav" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('marks the letter at the top of the list', () => {
    render(<AlphabetBar letters={letters} activeLetter="B" onJump={() => {}} label="Gå til bogstav" />);
    expect(screen.getByRole('button', { name: 'Gå til B' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Gå til A' })).not.toHaveAttribute('aria-current');
  });

  it('gives touch screens buttons of at least 44 px', () => {
    render(<AlphabetBar letters={letters} onJump={() => {}} label="Gå til bogstav" variant="touch" />);
    const style = getComputedStyle(screen.getByRole('button', { name: 'Gå til A' }));
    expect(style.minWidth).toBe('44px');
    expect(style.height).toBe('44px');
  });

  it('works from the keyboard', async () => {
    const onJump = vi.fn();
    render(<AlphabetBar letters={letters} onJump={onJump} label="Gå til bogstav" variant="chips" />);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Gå til B' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onJump).toHaveBeenCalledWith('B');
  });
});
