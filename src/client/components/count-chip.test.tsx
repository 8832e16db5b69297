import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountChip } from './count-chip.tsx';
import { InitialAvatar } from './initial-avatar.tsx';

describe('CountChip', () => {
  it.each([
    [0, '0 kunder'],
    [1, '1 kunde'],
    [2, '2 kunder'],
    [5000, '5.000 kunder'],
  ])('shows %i as %s', (count, label) => {
    render(<CountChip count={count} singular="kunde" plural="kunder" />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

describe('InitialAvatar', () => {
  it('shows the Danish initial with the colours for that name', () => {
    const { container } = render(<InitialAvatar name="ørnebjerg" />);
    expect(screen.getByText('Ø')).toBeInTheDocument();
    const avatar = container.querySelector('.MuiAvatar-root') as HTMLElement;
    const again = render(<InitialAvatar name="ørnebjerg" />).container.querySelector(
      '.MuiAvatar-root',
    ) as HTMLElement;
    expect(getComputedStyle(avatar).backgroundColor).toBe(getComputedStyle(again).backgroundColor);
    expect(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']).toContain(getComputedStyle(avatar).color);
  });
});
