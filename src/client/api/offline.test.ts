import { dehydrate, hydrate, type InfiniteData, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_MONEY } from '../../../tests/support/client-orders.ts';
import { copenhagenYear } from '../../shared/domain/dates.ts';
import type { PackingOrder, PackingPage } from '../../shared/schemas/api-packing.ts';
import { applyRestoredQueue, isOfflineWrite, sendOrQueue } from '../lib/offline-writes.ts';
import { firstScreenKeys, registerOfflineWrites, shouldPersistQuery } from './offline.ts';
import { packingKeys, type TickVariables } from './packing-ticks.ts';
import type { ReminderCopiedVariables } from './reminders.ts';
import { settingsKeys } from './settings.ts';

const notifyError = vi.fn();
vi.mock('../lib/notify.ts', () => ({ notifyError: (...args: unknown[]) => notifyError(...args) }));

const mounted: QueryClient[] = [];
afterEach(() => {
  for (const client of mounted.splice(0)) client.unmount();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  notifyError.mockReset();
});

/** A started app's client: mounted (it resumes paused writes when the connection returns), writes registered. */
function appClient() {
  const queryClient = new QueryClient();
  queryClient.mount();
  mounted.push(queryClient);
  registerOfflineWrites(queryClient);
  return queryClient;
}

const persisted = (queryKey: readonly unknown[]) => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKey, { any: 'answer' });
  const query = queryClient.getQueryCache().find({ queryKey });
  if (!query) throw new Error('no query');
  return shouldPersistQuery(query);
};

/** Runs a write by its key alone, as a restored one runs: its function and effects are the defaults. */
const write = <T extends object>(queryClient: QueryClient, name: string) => {
  return (variables: T) =>
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: [name] })
      .execute(variables);
};

const order = (id: string, packedLineIds: string[]): PackingOrder => ({
  id,
  customerId: `c-${id}`,
  customerName: 'Anna',
  createdAt: '2026-03-03T13:02:00.000Z',
  status: 'paid',
  ...NO_MONEY,
  homeDelivery: false,
  offerGroups: [],
  normalLines: [],
  totals: { totalOre: 0, shippingOre: 5300, discountOre: 0, totalWithShippingOre: 5300 },
  phone: null,
  email: null,
  address: null,
  packedLineIds,
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('what is kept for offline use', () => {
  it('keeps Pakning, the payment reminders and Salg beside the other screens, not the session', () => {
    expect(persisted(packingKeys.orders)).toBe(true);
    expect(persisted(packingKeys.pickList)).toBe(true);
    expect(persisted(['reminders', 'list'])).toBe(true);
    expect(persisted(['sales', 2024])).toBe(true);
    expect(persisted(['pillow'])).toBe(true);
    expect(persisted(['session'])).toBe(false);
    expect(persisted(['data', 'backups'])).toBe(false);
  });

  it('restores the answers of Pakning, the reminders and the Salg year being opened first', () => {
    const shell = settingsKeys.shop;
    expect(firstScreenKeys('/packing')).toEqual([packingKeys.pickList, packingKeys.orders, shell]);
    expect(firstScreenKeys('/reminders')).toEqual([['reminders', 'reminders', 'pages'], shell]);
    expect(firstScreenKeys('/sales', '?year=2019')).toEqual([['sales', 'sales', { year: 2019 }], shell]);
    expect(firstScreenKeys('/sales')).toEqual([['sales', 'sales', { year: copenhagenYear() }], shell]);
    expect(firstScreenKeys('/sales', '?year=abc')).toEqual([
      ['sales', 'sales', { year: copenhagenYear() }],
      shell,
    ]);
    expect(firstScreenKeys('/customers/a%20b')).toEqual([['customers', 'customer', { id: 'a b' }], shell]);
  });

  it("restores the shop's name in the app bar with every screen's first answers, offline too", () => {
    expect(firstScreenKeys('/pillow')).toContainEqual(settingsKeys.shop);
    expect(firstScreenKeys('/settings')).toEqual([settingsKeys.shop]);
    expect(firstScreenKeys('/no-such-page')).toEqual([settingsKeys.shop]);
  });
});

describe('a tick and a copied reminder are offline writes', () => {
  it('both are registered at start, so the kept queue holds them and a restored one runs', () => {
    const queryClient = appClient();
    for (const name of ['tick-line', 'reminder-copied']) {
      const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey: [name] });
      expect(isOfflineWrite(mutation)).toBe(true);
      expect(mutation.options.scope).toEqual({ id: 'offline-writes' });
    }
  });

  it('a tick queued before a reload shows on the restored page and is sent once, after the write before it', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push(
          `${init.method} ${url} ${init.body ?? ''} ${new Headers(init.headers).get('idempotency-key') ?? ''}`.trim(),
        );
        if (url.endsWith('/packed')) {
          return Response.json({
            orderId: 'o1',
            lineId: 'l1',
            packed: true,
            packedAt: '2026-03-03T14:00:00.000Z',
          });
        }
        return Response.json({ orderId: 'o2', reminderCopiedAt: '2026-03-03T14:00:01.000Z' });
      }),
    );
    const before = appClient();
    onlineManager.setOnline(false);
    const reminder: ReminderCopiedVariables = {
      orderId: 'o2',
      copiedAt: '2026-03-03T13:59:00.000Z',
      idempotencyKey: 'k-reminder',
    };
    await expect(sendOrQueue(write(before, 'reminder-copied'), reminder)).resolves.toEqual({ queued: true });
    const tick: TickVariables = { orderId: 'o1', lineId: 'l1', packed: true };
    await expect(sendOrQueue(write(before, 'tick-line'), tick)).resolves.toEqual({ queued: true });
    const queue = JSON.parse(JSON.stringify(dehydrate(before, { shouldDehydrateMutation: () => true })));
    before.unmount();
    before.getMutationCache().clear();

    // The reloaded page: a new client, the restored Pakning answer (from before the tick) and the queue.
    const after = appClient();
    const page: PackingPage = { orders: [order('o1', [])], nextCursor: null, total: 1 };
    after.setQueryData<InfiniteData<PackingPage, string | null>>(packingKeys.orders, {
      pages: [page],
      pageParams: [null],
    });
    hydrate(after, queue);
    await applyRestoredQueue(after);
    const ticks = () =>
      after.getQueryData<InfiniteData<PackingPage, string | null>>(packingKeys.orders)?.pages[0]?.orders[0]
        ?.packedLineIds;
    expect(ticks()).toEqual(['l1']);
    expect(sent).toEqual([]);

    onlineManager.setOnline(true);
    await until(() => after.getMutationCache().findAll({ status: 'pending' }).length === 0);
    expect(sent).toEqual([
      // The copy's own time goes along (the server keeps it instead of the time of arrival).
      'POST /api/orders/o2/reminder-copied {"copiedAt":"2026-03-03T13:59:00.000Z"} k-reminder',
      'PUT /api/orders/o1/lines/l1/packed {"packed":true}',
    ]);
    expect(ticks()).toEqual(['l1']);
    expect(notifyError).not.toHaveBeenCalled();
  });
});
