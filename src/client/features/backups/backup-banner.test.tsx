import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupHealth, BackupList } from '../../../shared/schemas/api-data.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { BackupBanner } from './backup-banner.tsx';

const healthy: BackupHealth = {
  copy: {
    directory: '/media/usb',
    lastCopyAt: '2026-11-22T02:00:00.000Z',
    lastCopyName: 'b',
    lastFailure: null,
    needsAttention: false,
  },
  lastVerified: null,
  lastVerifyFailure: null,
  lastCheck: null,
  disk: { freeBytes: 5 * 1024 ** 3, low: false, databaseBytes: null },
};

const list = (health: BackupHealth): BackupList => ({
  enabled: true,
  engine: 'sqlite',
  directory: '/data/backups',
  keep: { nightly: 14, start: 5, manual: 5, beforeRestore: 5 },
  nextRunAt: null,
  backups: [],
  health,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function show(health: BackupHealth) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const fetchMock = vi.fn(async () => Response.json(list(health)));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <BackupBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Nothing is asked while the first screen settles.
  expect(fetchMock).not.toHaveBeenCalled();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5000);
  });
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  return view;
}

describe('the backup banner', () => {
  it('says nothing while the copies are current and the disk has room', async () => {
    const { container } = await show(healthy);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('warns when the copy failed, and leads to Sikkerhedskopier', async () => {
    await show({
      ...healthy,
      copy: {
        ...healthy.copy,
        lastFailure: { at: '2026-11-23T02:00:00.000Z', reason: 'full' },
        needsAttention: true,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sikkerhedskopien kunne ikke kopieres til den anden mappe.',
    );
    expect(screen.getByRole('link', { name: 'Se Sikkerhedskopier' })).toHaveAttribute('href', '/settings');
  });

  it('warns when the copy is old and the disk nearly full', async () => {
    await show({
      ...healthy,
      copy: { ...healthy.copy, needsAttention: true },
      disk: { freeBytes: 120 * 1024 ** 2, low: true, databaseBytes: null },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der er ikke kopieret en sikkerhedskopi til den anden mappe i over 2 døgn. Disken er næsten fuld (120,0 MB ledig).',
    );
  });
});
