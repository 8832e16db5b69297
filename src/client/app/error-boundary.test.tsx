import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorBoundary', () => {
  it('shows the fallback screen and the Danish toast when a page fails to render', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
        <Toaster />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Noget gik galt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Genindlæs siden' })).toBeInTheDocument();
    expect(
      await screen.findByText('Der opstod en uventet fejl. Prøv at genindlæse siden.', {
        selector: '[data-title]',
      }),
    ).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Alt er godt</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Alt er godt')).toBeInTheDocument();
  });
});
