import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box.tsx';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <SearchBox value={value} onChange={setValue} placeholder="Søg kunder…" />;
}

describe('SearchBox', () => {
  it('is focused on arrival and shows its Danish placeholder', () => {
    render(<Harness />);
    const input = screen.getByRole('searchbox', { name: 'Søg kunder…' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Søg kunder…');
  });

  it('shows the clear button only when there is text, and clearing empties the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'Ryd søgefeltet' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'Åse');
    expect(screen.getByRole('searchbox')).toHaveValue('Åse');
    await user.click(screen.getByRole('button', { name: 'Ryd søgefeltet' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Ryd søgefeltet' })).not.toBeInTheDocument();
  });

  it('clears with Escape', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Bo" />);
    await user.type(screen.getByRole('searchbox'), '{Escape}');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
