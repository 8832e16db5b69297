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
  health: {
    copy: { directory: null, lastCopyAt: null, lastCopyName: null, lastFailure: null, needsAttention: false },
    lastVerified: null,
    lastVerifyFailure: null,
    lastCheck: null,
    disk: { freeBytes: 20 * 1024 ** 3, low: false, databaseBytes: null },
  },
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

  const show = async (data: BackupList) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(data)),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <BackupsCard />
      </QueryClientProvider>,
    );
    await screen.findByRole('list', { name: 'Gemte sikkerhedskopier' });
  };

  it('names a backup whose photos are missing or damaged: it cannot be restored', async () => {
    await show({
      ...list,
      backups: list.backups.map((backup) =>
        backup.name === 'b3' ? { ...backup, brokenPictures: 2 } : backup,
      ),
    });
    const items = within(screen.getByRole('list', { name: 'Gemte sikkerhedskopier' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent?.includes('kan ikke gendannes'))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(items[1]).toHaveTextContent('2 fotos mangler eller er beskadigede: kan ikke gendannes');
  });

  it('says the backups live on this computer only when no second folder is set', async () => {
    await show(list);
    expect(screen.getByText(/Sæt BACKUP_COPY_DIR til en mappe/)).toBeInTheDocument();
    expect(screen.getByText(/Der er endnu ikke prøvegendannet/)).toBeInTheDocument();
    expect(screen.getByText(/Ledig plads på disken: 20,0 GB/)).toBeInTheDocument();
  });

  it('shows where the copies go, a failed copy with its reason, the last drill, and a nearly full disk', async () => {
    await show({
      ...list,
      health: {
        copy: {
          directory: '/media/usb/naalepuden',
          lastCopyAt: '2026-11-20T02:00:10.000Z',
          lastCopyName: 'b0',
          lastFailure: { at: '2026-11-22T02:00:10.000Z', reason: 'missing' },
          needsAttention: true,
        },
        lastVerified: {
          at: '2026-11-22T02:00:00.000Z',
          name: 'b1',
          counts: { customers: 1200, beads: 40, todos: 3, orders: 2500, order_lines: 9000 },
        },
        lastVerifyFailure: null,
        lastCheck: {
          at: '2026-11-22T02:00:20.000Z',
          name: 'b1',
          counts: { customers: 1200, beads: 40, todos: 3, orders: 2500, order_lines: 9000 },
        },
        disk: { freeBytes: 150 * 1024 ** 2, low: true, databaseBytes: null },
      },
    });
    expect(screen.getByText('/media/usb/naalepuden')).toBeInTheDocument();
    expect(
      screen.getByText(/Kopien slog fejl .*Mappen findes ikke\. Er USB-disken sat i/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Prøvegendannet .*1\.200 kunder og 2\.500 ordrer kunne læses/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Der er kun 150,0 MB ledig plads/)).toBeInTheDocument();
  });

  it('on PostgreSQL, shows the database’s size and says its free space is on the database’s own machine', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          ...list,
          enabled: false,
          engine: 'postgres',
          directory: null,
          nextRunAt: null,
          backups: [],
          health: { ...list.health, disk: { freeBytes: null, low: false, databaseBytes: 42 * 1024 ** 2 } },
        } satisfies BackupList),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <BackupsCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Brug pg_dump/)).toBeInTheDocument();
    expect(screen.getByText('Databasen fylder 42,0 MB.')).toBeInTheDocument();
    expect(screen.getByText(/kan Nålepuden ikke måle herfra/)).toBeInTheDocument();
    expect(screen.queryByText(/Ledig plads på disken/)).not.toBeInTheDocument();
  });
});
