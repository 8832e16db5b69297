import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from '../../shared/domain/changes.ts';
import { TAB_ID } from '../lib/tab-id.ts';
import { startLiveUpdates } from './live.ts';

/** A stand-in for the browser's EventSource: the test plays the server's events into it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, id: string, data: unknown) {
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

const change = (
  seq: number,
  entity: LiveChange['entity'],
  by: string | null = 'another-tab',
): LiveChange => ({
  seq,
  entity,
  id: `id-${seq}`,
  action: 'create',
  by,
});

describe('the live connection', () => {
  let queryClient: QueryClient;
  let invalidated: string[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    queryClient = new QueryClient();
    invalidated = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey ? JSON.stringify(filters.queryKey) : 'everything');
    });
    stop = startLiveUpdates(queryClient, { EventSourceImpl: FakeEventSource as never, startNow: true });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const current = () => FakeEventSource.instances.at(-1)!;

  it('refreshes the caches that show a change another device made, once per burst', async () => {
    current().emit('hello', '10', { seq: 10 });
    current().emit('change', '11', change(11, 'order'));
    current().emit('change', '12', change(12, 'todo'));
    current().emit('change', '13', change(13, 'order'));
    expect(invalidated).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    // Every cache that reads what an order or a todo change writes: Puden, Ordrer, the customers' pages, Pakning,
    // the payment reminders, Salg and Regnskab follow the orders; Nåle shows the todos and Optælling the stock a
    // bead line sells. Each once.
    const caches = [
      'orders',
      'pillow',
      'customers',
      'packing',
      'todos',
      'beads',
      'reminders',
      'sales',
      'books',
    ];
    expect(new Set(invalidated)).toEqual(
      new Set([...caches, 'stockCounts'].map((cache) => JSON.stringify([cache]))),
    );
    expect(invalidated).toHaveLength(10);
  });

  it('skips the changes this tab made itself', async () => {
    current().emit('change', '11', change(11, 'customer', TAB_ID));
    await vi.advanceTimersByTimeAsync(100);
    expect(invalidated).toEqual([]);
  });

  it('refreshes everything on resync and on an import', async () => {
    current().emit('resync', '40', { seq: 40 });
    await vi.advanceTimersByTimeAsync(100);
    expect(invalidated).toEqual(['everything']);
    current().emit('change', '41', change(41, 'shop'));
    await vi.advanceTimersByTimeAsync(100);
    expect(invalidated).toEqual(['everything', 'everything']);
  });

  it('reopens a refused stream later from the last change seen', async () => {
    current().emit('hello', '10', { seq: 10 });
    current().emit('change', '12', change(12, 'bead'));
    const first = current();
    first.fail(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1100);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(current().url).toBe('/api/events?since=12');
  });

  it('leaves a dropped stream to the browser’s own retry, and reconnects at once when the page is visible again', async () => {
    current().emit('hello', '10', { seq: 10 });
    current().fail(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.instances).toHaveLength(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(current().url).toBe('/api/events?since=10');
    expect(FakeEventSource.instances[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens after the first screen, then refreshes what is shown once to catch up', async () => {
    stop();
    FakeEventSource.instances = [];
    stop = startLiveUpdates(queryClient, { EventSourceImpl: FakeEventSource as never });
    expect(FakeEventSource.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3500);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(current().url).toBe('/api/events');
    current().emit('hello', '10', { seq: 10 });
    await vi.advanceTimersByTimeAsync(100);
    expect(invalidated).toEqual(['everything']);
    current().emit('hello', '10', { seq: 10 });
    await vi.advanceTimersByTimeAsync(100);
    expect(invalidated).toEqual(['everything']);
  });

  it('lets the stream go while the tab is hidden and catches up when it is shown', async () => {
    current().emit('hello', '10', { seq: 10 });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(current().readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(current().url).toBe('/api/events?since=10');
    visibility.mockRestore();
  });
});
