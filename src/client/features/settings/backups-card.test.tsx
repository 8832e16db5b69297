import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupList } from '../../../shared/schemas/api-data.ts';
import { BackupsCard } from './backups-card.tsx';

const list: BackupList = {
  enabled: true,
  engine: 'sqlite',
  directory: '/srv/naalepuden/data/backups',
  keep: { nightly: 14, start: 5, manual: 5, beforeRestore: 5 },
  nextRunAt: '2026-11-23T02:00:00.000Z',
  backups: [
    { name: 'b4', kind: 'beforeRestore', createdAt: '2026-11-22T12:00:00.000Z', sizeBytes: 4096 },
    { name: 'b3', kind: 'manual', createdAt: '2026-11-22T11:00:00.000Z', sizeBytes: 4096 },
    { name: 'b2', kind: 'start', createdAt: '2026-11-22T10:00:00.000Z', sizeBytes: 4096 },
    { name: 'b1', kind: 'nightly', createdAt: '2026-11-22T02:00:00.000Z', sizeBytes: 4096 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BackupsCard', () => {
  it('names each backup’s kind in Danish and how many of each kind are kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(list)),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <BackupsCard />
      </QueryClientProvider>,
    );
    const items = within(await screen.findByRole('list', { name: 'Gemte sikkerhedskopier' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Før gendannelse'),
      expect.stringContaining('Taget i hånden'),
      expect.stringContaining('Ved start'),
      expect.stringContaining('Om natten'),
    ]);
    expect(
      screen.getByText(
        /Der gemmes de seneste 14 fra natten, 5 ved start, 5 taget i hånden og 5 fra før en gendannelse\./,
      ),
    ).toBeInTheDocument();
  });
});
