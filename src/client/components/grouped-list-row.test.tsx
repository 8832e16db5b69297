import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../lib/router.tsx';
import { GroupedListRow } from './grouped-list-row.tsx';

describe('GroupedListRow', () => {
  it('links the row and the Åben button to the detail page', () => {
    render(
      <MemoryRouter>
        <GroupedListRow to="/customers/7" name="Åse" title="Åse" subtitle="Klik for at se detaljer" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Åben' })).toHaveAttribute('href', '/customers/7');
    expect(screen.getByRole('link', { name: /Åse/ })).toHaveAttribute('href', '/customers/7');
    expect(screen.getByText('Klik for at se detaljer')).toBeInTheDocument();
  });
});
